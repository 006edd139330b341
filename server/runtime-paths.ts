import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the server's own files are, whether it runs from its TypeScript sources (tsx, the tests)
 * or from the bundle `npm start` runs (`dist/server/main.mjs`, written by
 * `server/cli/server-build.mjs`). Inside the bundle every module shares the bundle's
 * `import.meta.url`, so a path relative to a source file's own folder would point into
 * `dist/server/`: paths are resolved from the project root instead (the nearest folder above this
 * module holding `package.json`), the same folder in both cases.
 */

/** Set by the bundler (`define`); absent when the sources run through tsx. */
export const RUNS_FROM_BUNDLE = process.env.LOYALTY_SERVER_BUNDLE === '1';

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/** The repository's root folder (package.json, server/, dist/). */
export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The committed drizzle-kit migrations. */
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');

/** The bundle's folder: `dist/server`. */
export const SERVER_BUNDLE_DIR = path.join(PROJECT_ROOT, 'dist', 'server');

/**
 * The module a worker thread starts, by its source path under `server/` (`modules/files/x.worker.ts`):
 * from the bundle, the worker's own bundle (`dist/server/x.worker.mjs`, an entry of the build) run
 * as it is; from the sources, `worker-bootstrap.mjs`, which registers tsx in the thread and then
 * imports the TypeScript file.
 */
export function workerEntry(sourceUnderServer: string): { readonly script: URL; readonly workerData: { entry?: string } } {
  if (RUNS_FROM_BUNDLE) {
    const bundled = path.join(SERVER_BUNDLE_DIR, path.basename(sourceUnderServer).replace(/\.ts$/, '.mjs'));
    return { script: pathToFileURL(bundled), workerData: {} };
  }
  const source = path.join(PROJECT_ROOT, 'server', sourceUnderServer);
  const bootstrap = path.join(PROJECT_ROOT, 'server', 'modules', 'files', 'worker-bootstrap.mjs');
  return { script: pathToFileURL(bootstrap), workerData: { entry: pathToFileURL(source).href } };
}
