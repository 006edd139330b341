// `npm start` runs this before the server: bundles the server's TypeScript (server/main.ts and the
// sheet-reader worker, with what they import from resources/) into dist/server/*.mjs with esbuild,
// so the server starts from compiled JavaScript instead of compiling ~400 files through tsx on
// every start. Packages stay outside the bundle (node_modules is resolved at run time, so heavy
// ones such as exceljs still load on first use). Rebuilds only when a file the last bundle was
// made from (esbuild's metafile, kept as dist/server/inputs.json) is newer than the bundle, or
// when the bundle or the list is missing. `--force` builds anyway. Plain JavaScript, so it runs
// before anything is compiled. esbuild comes with tsx (a dependency).
import console from 'node:console';
import process from 'node:process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// `--outdir <folder>`: build elsewhere (a test's temporary folder); `npm start` uses dist/server.
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag > 0 ? path.resolve(process.argv[outdirFlag + 1]) : path.join(root, 'dist', 'server');
const bundle = path.join(outdir, 'main.mjs');
const inputsFile = path.join(outdir, 'inputs.json');
const entryPoints = {
  main: path.join(root, 'server', 'main.ts'),
  'xlsx-reader.worker': path.join(root, 'server', 'modules', 'files', 'xlsx-reader.worker.ts'),
};
// Not in the metafile but changing how the sources compile.
const alwaysInputs = ['package.json', 'package-lock.json', 'tsconfig.json', 'server/cli/server-build.mjs'];

function mtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return Infinity; // a removed input: build again
  }
}

function isCurrent() {
  if (!fs.existsSync(bundle) || !fs.existsSync(inputsFile)) return false;
  const builtAt = fs.statSync(bundle).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
  } catch {
    return false;
  }
  return [...inputs, ...alwaysInputs].every((file) => mtime(file) < builtAt);
}

async function build() {
  const started = Date.now();
  const esbuild = await import('esbuild');
  fs.mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    entryPoints,
    outdir,
    absWorkingDir: root,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // server/runtime-paths.ts: resolve files from the project root, start the bundled worker.
    define: { 'process.env.LOYALTY_SERVER_BUNDLE': '"1"' },
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules'));
  fs.writeFileSync(inputsFile, JSON.stringify(inputs));
  console.log(`server bundled into dist/server in ${((Date.now() - started) / 1000).toFixed(1)} s (${inputs.length} source files)`);
}

if (!process.argv.includes('--force') && isCurrent()) {
  console.log('server bundle is current (dist/server); build skipped');
} else {
  await build().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
