import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * What the login route costs to download: after `vite build`, the entry script named in
 * dist/web/index.html plus the modules it preloads statically (`<link rel="modulepreload">`),
 * each gzipped as a server would send it. Screens split into lazy chunks are not counted; the
 * total of every JS file in the build is printed for comparison.
 */
const webDir = path.resolve(process.argv[2] ?? 'dist/web');
const indexFile = path.join(webDir, 'index.html');
if (!fs.existsSync(indexFile)) {
  console.error(`${indexFile} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const html = fs.readFileSync(indexFile, 'utf8');
const initial = [...initialScripts(html)];
const allJs = listJs(webDir);

const rows = initial.map((file) => measure(path.join(webDir, file)));
const width = Math.max(10, ...initial.map((file) => file.length));
console.log(`Login route, initial JavaScript (${webDir})`);
console.log(`${'file'.padEnd(width)}  ${'raw KiB'.padStart(9)}  ${'gzip KiB'.padStart(9)}`);
rows.forEach((row, index) => console.log(`${initial[index].padEnd(width)}  ${kib(row.raw)}  ${kib(row.gzip)}`));
const total = sum(rows);
console.log(`${'total'.padEnd(width)}  ${kib(total.raw)}  ${kib(total.gzip)}`);
const everything = sum(allJs.map(measure));
console.log(
  `\nAll JavaScript in the build: ${allJs.length} files, ${kib(everything.raw).trim()} KiB raw, ${kib(everything.gzip).trim()} KiB gzip`,
);

/** The entry `<script type="module" src>` and the `modulepreload` links, in page order. */
function* initialScripts(page: string): Generator<string> {
  const seen = new Set<string>();
  const tag = /<(script|link)\b[^>]*>/g;
  for (const match of page.matchAll(tag)) {
    const attributes = match[0];
    const isEntry = match[1] === 'script' && /type=["']module["']/.test(attributes);
    const isPreload = match[1] === 'link' && /rel=["']modulepreload["']/.test(attributes);
    const url = /(?:src|href)=["']([^"']+)["']/.exec(attributes)?.[1];
    if ((isEntry || isPreload) && url && !/^https?:/.test(url)) {
      const file = url.replace(/^\.?\//, '');
      if (!seen.has(file)) {
        seen.add(file);
        yield file;
      }
    }
  }
}

function listJs(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function measure(file: string): { raw: number; gzip: number } {
  const content = fs.readFileSync(file);
  return { raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
}

function sum(list: { raw: number; gzip: number }[]): { raw: number; gzip: number } {
  return list.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
}

function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1).padStart(9);
}
