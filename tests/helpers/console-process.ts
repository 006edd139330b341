import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { processInfo } from '../../server/db/embedded-os';

/**
 * The console as `npm start` runs it (without the build): `node --import tsx server/main.ts` in a
 * process of its own, on 127.0.0.1, with its own DATA_DIR and PORT. The spawned pid is the
 * console itself (no tsx wrapper in between), so `kill('SIGKILL')` kills exactly the console and
 * leaves its embedded PostgreSQL running, as a crash would. Used by the start-up tests and by
 * `npm run bench:crash`.
 */

const PROJECT_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

export interface ConsoleProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly port: number;
  readonly dataDir: string;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** What it printed on stderr so far. */
  errors(): string;
  /** Settles when the process ends. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * What every console a test starts with a job queue waits before retrying a failed webhook
 * delivery. The tests' consoles share one database, so any of them may take another file's
 * delivery from the queue: they all wait alike, and a test of retries never waits the product's
 * 30 s because a console of another file took its delivery.
 */
export const TEST_WEBHOOK_RETRY_SECONDS = '0.2';

/** Starts a console; `env` adds to (or, with undefined, removes from) the inherited environment. */
export function spawnConsole(input: { dataDir: string; port: number; env?: Record<string, string | undefined> }): ConsoleProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: input.dataDir,
    PORT: String(input.port),
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    WEBHOOK_RETRY_SECONDS: TEST_WEBHOOK_RETRY_SECONDS,
  };
  delete env.DATABASE_URL;
  delete env.EMBEDDED_PG_PORT;
  for (const [name, value] of Object.entries(input.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let all = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    all += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    all += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  if (!child.pid) throw new Error('the console process did not start');
  return {
    child,
    pid: child.pid,
    port: input.port,
    dataDir: input.dataDir,
    origin: `http://127.0.0.1:${input.port}`,
    output: () => all,
    errors: () => stderr,
    exited,
  };
}

/** Resolves once GET /loyalty/v1/i18n/names answers 200; throws with its output if it exits first. */
export async function waitUntilReady(console_: ConsoleProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void console_.exited.then(() => {
    ended = true;
  });
  while (Date.now() < deadline) {
    if (ended) throw new Error(`the console on ${console_.dataDir} exited before answering:\n${console_.output()}`);
    const ok = await fetch(`${console_.origin}/loyalty/v1/i18n/names`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the console on ${console_.dataDir} did not answer within ${timeoutMs / 1000} s:\n${console_.output()}`);
}

/** The process's end, or an error after `timeoutMs`. */
export async function exitOf(
  console_: ConsoleProcess,
  timeoutMs = 120_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the console on ${console_.dataDir} still runs after ${timeoutMs / 1000} s:\n${console_.output()}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([console_.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The pid in DATA_DIR's postmaster.pid (where the files are, per embedded-postgres.json), if any. */
export function postmasterPid(dataDir: string): number | null {
  let databaseDir = path.join(dataDir, 'pg');
  try {
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded-postgres.json'), 'utf8')) as { databaseDir?: string };
    if (state.databaseDir) databaseDir = state.databaseDir;
  } catch {
    // nothing remembered
  }
  try {
    const pid = Number(fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  // A process that has exited but not been reaped (a zombie: the killed console was its parent,
  // and this sandbox's PID 1 reaps late) still answers a signal; /proc tells it is gone.
  return processInfo(pid).alive;
}

/**
 * Stops a console the way Ctrl-C does (SIGTERM, it stops its PostgreSQL); if it hangs or was
 * killed, kills it and the PostgreSQL it left on its DATA_DIR, so nothing outlives the caller.
 */
export async function stopConsole(console_: ConsoleProcess): Promise<void> {
  if (console_.child.exitCode === null && console_.child.signalCode === null) {
    console_.child.kill('SIGTERM');
    const ended = await Promise.race([
      console_.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000).unref()),
    ]);
    if (!ended) {
      console_.child.kill('SIGKILL');
      await console_.exited;
    }
  }
  await stopLeftoverPostgres(console_.dataDir);
}

/** Stops (SIGINT, fast shutdown) a PostgreSQL still running on `dataDir` and waits for it. */
export async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid || !isAlive(pid)) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    /* already gone */
  }
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
