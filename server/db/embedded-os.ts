import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/**
 * What the embedded PostgreSQL needs from the operating system: whether a process still runs
 * (and which one it is), whether a TCP port is free, and, when the console runs as root, the OS
 * user `postgres` that runs the database (PostgreSQL refuses to run as root) and what that user
 * can reach.
 */

/** A process as the OS reports it. Parent, start time and command come from Linux's /proc; elsewhere only `alive`. */
export interface ProcessInfo {
  readonly alive: boolean;
  readonly parentPid?: number;
  /** Clock ticks since boot when it started: with the pid, it tells a process from a later one that reused the pid. */
  readonly startTime?: string;
  readonly command?: string;
}

export function processInfo(pid: number): ProcessInfo {
  if (!Number.isInteger(pid) || pid <= 0) return { alive: false };
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, under a user this process may not signal.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return { alive: false };
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return { alive: false };
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { alive: true, parentPid: Number(fields[1]), startTime: fields[19], command };
  } catch {
    return { alive: true };
  }
}

/** Waits until the process has ended; false when it still runs after `timeoutMs`. */
export async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processInfo(pid).alive) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** Null when `port` can be bound on `host` right now, else the error code (EADDRINUSE, EACCES, …). */
export async function portProblem(port: number, host = '127.0.0.1'): Promise<string | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'EADDRINUSE'));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** A TCP port of `host` that was free a moment ago (the OS picks it). */
export async function anyFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The OS account that runs the database when the console runs as root. */
export interface OsUser {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

export function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function idOf(flag: '-u' | '-g', name: string): number | null {
  try {
    const value = Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(value) ? value : null;
  } catch {
    return null;
  }
}

/** The OS user `postgres`, created (with its group) when missing. Only for a root process. */
export function postgresOsUser(): OsUser {
  const name = 'postgres';
  let uid = idOf('-u', name);
  if (uid === null) {
    try {
      if (idOf('-g', name) === null) execFileSync('groupadd', ['--system', name], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '-g', name, '--no-create-home', '--shell', '/usr/sbin/nologin', name], { stdio: 'ignore' });
    } catch (error) {
      throw new Error(
        `PostgreSQL cannot run as root and the OS user "${name}" could not be created (${(error as Error).message.split('\n')[0]}); create it (useradd ${name}) or start the console as another user`,
      );
    }
    uid = idOf('-u', name);
  }
  const gid = idOf('-g', name);
  if (uid === null || gid === null) throw new Error(`the OS user "${name}" has no uid or gid`);
  return { name, uid, gid };
}

/**
 * Whether `user` can use `target`: `exec` a program (every folder above it must let the user
 * through), or `dir` a folder to read, write and enter. Asked of the OS itself by running
 * `test` as that user, so every rule (modes, groups, ACLs, mounts) counts.
 */
export function userCanUse(user: OsUser, target: string, as: 'exec' | 'enter' | 'dir'): boolean {
  const check = {
    exec: 'test -f "$1" && test -x "$1"',
    enter: 'test -d "$1" && test -x "$1"',
    dir: 'test -d "$1" && test -x "$1" && test -w "$1" && test -r "$1"',
  }[as];
  const result = spawnSync('/bin/sh', ['-c', check, 'sh', target], { uid: user.uid, gid: user.gid, cwd: '/', stdio: 'ignore' });
  return result.status === 0;
}
