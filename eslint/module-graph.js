// The import graph between the server's domain modules (the folders of server/modules/), read
// from the sources on disk. eslint.config.js holds its arrows one-way with it (`layers/module-arrows`);
// run as a script it prints the pairs of modules that import each other and every module cycle:
//
//   node eslint/module-graph.js        (npm run module-arrows)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES_DIR = 'server/modules';

// Every relative specifier of a file: `import … from`, `export … from`, `import('…')`, `import '…'`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm;

/** The module (its folder under server/modules) a repository path belongs to; null outside any. */
export function moduleOf(repoPath) {
  const parts = repoPath.split('/');
  if (parts.length < 4 || `${parts[0]}/${parts[1]}` !== MODULES_DIR) return null;
  return parts[2];
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The modules each module imports, with one importing file per arrow (for messages): Map<from, Map<to, file>>. */
export function moduleGraph(root = ROOT) {
  const graph = new Map();
  for (const file of sourceFiles(path.join(root, MODULES_DIR))) {
    const from = moduleOf(path.relative(root, file).split(path.sep).join('/'));
    if (!from) continue;
    const arrows = graph.get(from) ?? new Map();
    graph.set(from, arrows);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = path
        .relative(root, path.resolve(path.dirname(file), match[1]))
        .split(path.sep)
        .join('/');
      const to = moduleOf(target);
      if (to && to !== from && !arrows.has(to)) arrows.set(to, path.relative(root, file).split(path.sep).join('/'));
    }
  }
  return graph;
}

/** A path of modules from `from` to `to` along the graph's arrows (both ends included); null when none. */
export function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === to) {
      const route = [];
      for (let step = to; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** The pairs of modules that import each other directly, each once, sorted. */
export function mutualPairs(graph) {
  const pairs = [];
  for (const [from, arrows] of graph) {
    for (const to of arrows.keys()) if (from < to && graph.get(to)?.has(from)) pairs.push([from, to]);
  }
  return pairs.sort();
}

/** The arrows that close a cycle: A imports B while B reaches A through other modules. */
export function cyclicArrows(graph) {
  const arrows = [];
  for (const [from, targets] of graph) {
    for (const to of targets.keys()) {
      const back = pathBetween(graph, to, from);
      if (back) arrows.push({ from, to, back });
    }
  }
  return arrows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = moduleGraph();
  const pairs = mutualPairs(graph);
  const cycles = cyclicArrows(graph);
  console.log(`module pairs importing each other: ${pairs.length}`);
  for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}  (${graph.get(a).get(b)} / ${graph.get(b).get(a)})`);
  console.log(`arrows inside a module cycle: ${cycles.length}`);
  for (const { from, to, back } of cycles) console.log(`  ${from} -> ${to}, back: ${back.join(' -> ')}`);
  process.exitCode = pairs.length + cycles.length > 0 ? 1 : 0;
}
