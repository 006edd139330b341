import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../startup.errors';
import { processInfo } from './embedded-os';

/**
 * Two small files in DATA_DIR:
 * - `console.lock`: the pid (and start time) of the process that runs the embedded PostgreSQL of
 *   this folder, the console or the tenant CLI. A second start finds it, sees the process alive and
 *   says so; a lock left by a process that is gone (kill -9, power cut) is taken over.
 * - `embedded-postgres.json`: what the folder remembers between runs: the port its PostgreSQL
 *   listened on last (so the tenant CLI and the next start find it) and, when the database files
 *   could not live inside DATA_DIR, where they are instead.
 */

const LOCK_FILE = 'console.lock';
const STATE_FILE = 'embedded-postgres.json';

interface Holder {
  readonly pid: number;
  readonly program: string;
  readonly startTime?: string;
}

/** The folder as a person typed it: relative to the working directory when inside it. */
export function shownDataDir(dataDir: string): string {
  const relative = path.relative(process.cwd(), dataDir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : dataDir;
}

function readHolder(text: string | null): Holder | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return typeof value.pid === 'number'
      ? { pid: value.pid, program: String(value.program ?? 'console'), startTime: value.startTime }
      : null;
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The live process that holds the folder, or null (no lock, or its process is gone). */
export function dataDirHolder(dataDir: string): Holder | null {
  const holder = readHolder(readText(path.join(dataDir, LOCK_FILE)));
  if (!holder) return null;
  const info = processInfo(holder.pid);
  if (!info.alive) return null;
  // The same pid with another start time is a later process that reused the number.
  if (holder.startTime && info.startTime && holder.startTime !== info.startTime) return null;
  return holder;
}

/** A held lock; `release` removes the file if it is still this process's. */
export interface DataDirLock {
  release(): void;
}

/**
 * Takes the folder for this process (`program` names it in the message a second start prints),
 * or throws the one line saying who holds it.
 */
export function lockDataDir(input: { dataDir: string; program: string }): DataDirLock {
  const file = path.join(input.dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, program: input.program, startTime: processInfo(process.pid).startTime };
  const text = JSON.stringify(mine);
  const release = () => {
    if (readHolder(readText(file))?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  // Written whole to a private file, then linked into place: the link either makes the lock or
  // fails because one exists, so no reader ever sees a half-written lock.
  const draft = path.join(input.dataDir, `.${LOCK_FILE}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`);
  try {
    fs.mkdirSync(input.dataDir, { recursive: true });
    fs.writeFileSync(draft, text);
  } catch (error) {
    throw new StartupError(
      `DATA_DIR ${shownDataDir(input.dataDir)} cannot be created or written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); set DATA_DIR to a folder this user may write`,
    );
  }
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        fs.linkSync(draft, file);
        return { release };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = readText(file);
      const holder = dataDirHolder(input.dataDir);
      if (holder) {
        const who = holder.pid === process.pid ? 'this process' : `the ${holder.program} running as pid ${holder.pid}`;
        throw new StartupError(`DATA_DIR ${shownDataDir(input.dataDir)} is in use by ${who}; stop it or set DATA_DIR`);
      }
      // Left by a process that is gone: remove it unless another start replaced it meanwhile.
      if (readText(file) === found) fs.rmSync(file, { force: true });
    }
    throw new StartupError(`DATA_DIR ${shownDataDir(input.dataDir)}: could not take ${file}; remove it if no console runs on this folder`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** What the folder remembers between runs. */
export interface DataDirState {
  /** The port the embedded PostgreSQL listened on last. */
  readonly port?: number;
  /** Where the database files are when they are not in DATA_DIR/pg. */
  readonly databaseDir?: string;
}

export function readDataDirState(dataDir: string): DataDirState {
  const text = readText(path.join(dataDir, STATE_FILE));
  if (!text) return {};
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    return {
      port: Number.isInteger(value.port) ? Number(value.port) : undefined,
      databaseDir: typeof value.databaseDir === 'string' && value.databaseDir ? value.databaseDir : undefined,
    };
  } catch {
    return {};
  }
}

export function writeDataDirState(dataDir: string, state: DataDirState): void {
  const file = path.join(dataDir, STATE_FILE);
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(draft, file);
}
