// `npm start` runs this before the server: builds the browser app only when a file it is built
// from is newer than the last build (dist/web/index.html), so a warm start skips the ~10-40 s
// of `vite build`. Plain JavaScript, so it runs before anything is compiled. `--force` builds
// anyway.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const built = path.join(root, 'dist', 'web', 'index.html');
const inputs = ['src', 'providers', 'resources', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(target, entry.name)));
  }
  return latest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map((input) => newest(path.join(root, input))));
if (!process.argv.includes('--force') && builtAt > sourcesAt) {
  console.log('browser app is current (dist/web); build skipped');
} else {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
