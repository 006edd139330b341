import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/helpers/free-port';

/**
 * Time from launching `server/main.ts` until the API answers GET /loyalty/v1/i18n/names:
 * first with an empty DATA_DIR (cold: initdb of the embedded PostgreSQL, migrations, demo
 * merchant), then again on the same DATA_DIR (warm: the database already exists). Both runs
 * bind 127.0.0.1 on free ports, and the server is stopped with SIGTERM after each.
 */
const READY_TIMEOUT_MS = 180_000;
const POLL_MS = 100;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-bench-'));
  try {
    const cold = await timeStart(dataDir);
    console.log(`cold start (empty DATA_DIR): ${cold.toFixed(2)} s`);
    const warm = await timeStart(dataDir);
    console.log(`warm start (same DATA_DIR):  ${warm.toFixed(2)} s`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(await freePort()),
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/loyalty/v1/i18n/names`, server);
    return (performance.now() - started) / 1000;
  } catch (error) {
    if (stderr) console.error(stderr.trim());
    throw error;
  } finally {
    await stop(server, dataDir);
  }
}

async function waitUntilAnswering(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode} before answering`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`no answer from ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM lets main.ts stop the embedded PostgreSQL; if it hangs, kill it and its postmaster. */
async function stop(server: ChildProcess, dataDir: string): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
  if ((await Promise.race([exited, timer])) !== 'timeout') return;
  server.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
  await exited;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
