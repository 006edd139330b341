import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import type { SheetJob, SheetWorkerMessage } from '../../server/modules/files/xlsx-reader.worker';

/**
 * `npm start` runs the server from the esbuild bundle `server/cli/server-build.mjs` writes. Inside
 * a bundle every module shares one `import.meta.url`, so what the sources find beside themselves
 * (the migrations, the sheet-reader worker) is found from the project root instead
 * (`server/runtime-paths.ts`). Built into a temporary folder here; `bench:cold-start` starts the
 * bundled server itself.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-server-bundle-'));
const outdir = path.join(folder, 'dist', 'server');
// The bundle leaves packages to Node's resolution, which looks for node_modules above it.
fs.symlinkSync(path.resolve(__dirname, '..', '..', 'node_modules'), path.join(folder, 'node_modules'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

function build(): void {
  const result = spawnSync(process.execPath, ['server/cli/server-build.mjs', '--force', '--outdir', outdir], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
}

async function workbook(rows: unknown[][]): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('members');
  for (const row of rows) sheet.addRow(row);
  const bytes = await book.xlsx.writeBuffer();
  return new Uint8Array(bytes as ArrayBuffer).slice().buffer;
}

test('the bundled sheet-reader worker reads a workbook on its own, without tsx', async () => {
  build();
  expect(fs.existsSync(path.join(outdir, 'main.mjs'))).toBe(true);
  const worker = new Worker(path.join(outdir, 'xlsx-reader.worker.mjs'));
  try {
    const job: SheetJob = {
      id: 7,
      bytes: await workbook([
        ['name', 'mobile'],
        ['王芳', '13800000001'],
      ]),
      options: { maxRows: 10, headerRow: true, maxColumns: 10, maxUncompressedBytes: 1_000_000 },
    };
    const done = new Promise<SheetWorkerMessage>((resolve, reject) => {
      worker.on('message', (message: SheetWorkerMessage) => message.type !== 'progress' && resolve(message));
      worker.on('error', reject);
    });
    worker.postMessage(job);
    expect(await done).toEqual({ id: 7, type: 'done', header: ['name', 'mobile'], rows: [{ row: 2, cells: ['王芳', '13800000001'] }] });
  } finally {
    await worker.terminate();
  }
  // Starts a worker thread that loads the bundle: seconds on a loaded 2-core machine.
}, 30_000);

test('from the bundle, the worker and the migrations are found from the project root', async () => {
  vi.stubEnv('LOYALTY_SERVER_BUNDLE', '1');
  const paths = await import('../../server/runtime-paths');
  const root = path.resolve(__dirname, '..', '..');
  expect(paths.PROJECT_ROOT).toBe(root);
  expect(paths.workerEntry('modules/files/xlsx-reader.worker.ts').script.pathname).toBe(
    path.join(root, 'dist', 'server', 'xlsx-reader.worker.mjs'),
  );
  expect(fs.existsSync(path.join(paths.MIGRATIONS_FOLDER, 'meta', '_journal.json'))).toBe(true);
});

test('from the sources, the worker starts through the tsx bootstrap with the TypeScript entry', async () => {
  vi.stubEnv('LOYALTY_SERVER_BUNDLE', '');
  const { workerEntry } = await import('../../server/runtime-paths');
  const entry = workerEntry('modules/files/xlsx-reader.worker.ts');
  expect(path.basename(entry.script.pathname)).toBe('worker-bootstrap.mjs');
  expect(fs.existsSync(new URL(entry.workerData.entry!))).toBe(true);
});
