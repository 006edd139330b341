import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runningEmbeddedUrl } from '../../server/db/embedded';
import { exitOf, isAlive, postmasterPid, spawnConsole, stopConsole, waitUntilReady, type ConsoleProcess } from '../helpers/console-process';
import { DemoAdminSession, demoMembers, postSales, retryUnanswered, verifyLedger, type Posting } from '../helpers/crash-ledger';
import { freePort } from '../helpers/free-port';

/**
 * `npm start` as a person runs it: real `server/main.ts` processes, each with its own DATA_DIR
 * and PORT and its own embedded PostgreSQL. One console (A, with the demo merchant) runs for the
 * whole file; the tests start others beside it, and finally kill A with SIGKILL while clients
 * post sales, start it again, and check the ledger.
 */

const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-startup-'));
// mkdtemp makes it private (0700); the data folders below are meant to be reachable, but one.
fs.chmodSync(root, 0o755);
const dataA = path.join(root, 'a');
// A folder only its owner may enter: run as root, PostgreSQL runs as the OS user postgres, who cannot enter it.
const privateDir = path.join(root, 'private');
const dataB = path.join(privateDir, 'b');
const consoles: ConsoleProcess[] = [];
let a: ConsoleProcess;

function start(input: { dataDir: string; port: number; env?: Record<string, string> }): ConsoleProcess {
  const started = spawnConsole(input);
  consoles.push(started);
  return started;
}

function remembered(dataDir: string): { port?: number; databaseDir?: string } {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded-postgres.json'), 'utf8')) as { port?: number; databaseDir?: string };
  } catch {
    return {};
  }
}

/** Gives a folder a remembered port, as a folder that ran before has (embedded-postgres.json). */
function rememberPort(dataDir: string, port: number): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'embedded-postgres.json'), JSON.stringify({ port }));
}

async function answers(console_: ConsoleProcess): Promise<boolean> {
  return fetch(`${console_.origin}/loyalty/v1/i18n/names`).then(
    (response) => response.ok,
    () => false,
  );
}

async function tenantCli(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.EMBEDDED_PG_PORT;
  try {
    const { stdout, stderr } = await run('node_modules/.bin/tsx', ['server/cli/tenant.ts', ...args], { env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  // A port of its own for A's database (a folder that ran before remembers one), so this file
  // does not take 54329, the port a console started by hand on a new folder tries first.
  rememberPort(dataA, await freePort());
  a = start({ dataDir: dataA, port: await freePort(), env: { SEED_DEMO: '1' } });
  await waitUntilReady(a);
}, 240_000);

afterAll(async () => {
  // The newest first: stopping a killed one also stops whatever PostgreSQL runs on its folder.
  for (const console_ of consoles.reverse()) await stopConsole(console_);
  // Database files placed outside an unreachable DATA_DIR (run as root) go too.
  for (const dataDir of [dataA, dataB]) {
    const elsewhere = remembered(dataDir).databaseDir;
    if (elsewhere) fs.rmSync(path.dirname(elsewhere), { recursive: true, force: true });
  }
  fs.rmSync(root, { recursive: true, force: true });
}, 120_000);

test.concurrent(
  'a second start on a DATA_DIR in use names the console holding it in one line and exits 1; the first keeps running',
  async () => {
    const second = start({ dataDir: dataA, port: await freePort() });
    expect((await exitOf(second)).code).toBe(1);
    expect(second.errors().trim()).toBe(`DATA_DIR ${dataA} is in use by the console running as pid ${a.pid}; stop it or set DATA_DIR`);
    expect(await answers(a)).toBe(true);
  },
  120_000,
);

test.concurrent(
  'a PORT in use is one line naming PORT, said before any database work',
  async () => {
    const dataC = path.join(root, 'c');
    const blocked = start({ dataDir: dataC, port: a.port });
    expect((await exitOf(blocked)).code).toBe(1);
    expect(blocked.errors().trim()).toMatch(
      new RegExp(`^port ${a.port} is in use; set PORT=<a free port> \\(for example PORT=\\d+\\) or stop the program that uses it$`),
    );
    expect(fs.existsSync(dataC)).toBe(false);
    expect(await answers(a)).toBe(true);
  },
  120_000,
);

test.concurrent(
  'a taken EMBEDDED_PG_PORT is one line naming the variable',
  async () => {
    const dataD = path.join(root, 'd');
    const taken = remembered(dataA).port;
    const blocked = start({ dataDir: dataD, port: await freePort(), env: { EMBEDDED_PG_PORT: String(taken) } });
    expect((await exitOf(blocked)).code).toBe(1);
    expect(blocked.errors().trim()).toBe(
      `The embedded PostgreSQL port ${taken} (EMBEDDED_PG_PORT) is in use by another program; set EMBEDDED_PG_PORT to a free port, or unset it and a free one is picked`,
    );
  },
  120_000,
);

test('a second console on another DATA_DIR, inside a folder only its owner may enter, runs beside the first on a database port of its own; the tenant CLI reaches each one', async () => {
  fs.mkdirSync(privateDir, { mode: 0o700 });
  fs.chmodSync(privateDir, 0o700);
  // B's folder remembers the port that A's database holds now: B must pick another one.
  const portOfA = remembered(dataA).port;
  rememberPort(dataB, portOfA!);
  const b = start({ dataDir: dataB, port: await freePort() });
  await waitUntilReady(b);
  const portOfB = remembered(dataB).port;
  expect(portOfB).toBeGreaterThan(0);
  expect(portOfB).not.toBe(portOfA);
  expect(await answers(a)).toBe(true);
  expect(await answers(b)).toBe(true);
  if (process.getuid?.() === 0) {
    expect(b.output()).toContain(`DATA_DIR ${dataB} is out of reach of the OS user postgres`);
    expect(remembered(dataB).databaseDir).toBeTruthy();
    expect(remembered(dataA).databaseDir).toBeUndefined();
  }

  // The CLI uses the database of the console running on its DATA_DIR, on the remembered port.
  const listA = await tenantCli(dataA, 'list');
  expect(listA).toMatchObject({ code: 0 });
  expect(listA.out).toMatch(/^demo\s+演示商户\s+users\s+3/m);
  expect(listA.out).not.toContain('Starting the embedded PostgreSQL');
  const listB = await tenantCli(dataB, 'list');
  expect(listB).toEqual({ code: 0, out: 'No merchants yet.\n' });
}, 240_000);

test('kill -9 of the console while clients post sales: a new start on the same DATA_DIR stops the PostgreSQL left behind, comes up, and every acknowledged posting is in the ledger exactly once', async () => {
  const databaseUrl = runningEmbeddedUrl(dataA);
  expect(databaseUrl).toBeTruthy();
  const { tenantId, memberIds } = await demoMembers(databaseUrl!);
  const session = new DemoAdminSession(() => a.origin);
  const runId = `crash${randomBytes(3).toString('hex')}`;
  const leftover = postmasterPid(dataA);
  expect(leftover).toBeGreaterThan(0);

  const phase: { killedAt?: number; readyAt?: number; failed?: unknown; restarted?: ConsoleProcess } = {};
  let restarting: Promise<void> = Promise.resolve();
  let ackedBefore = 0;
  let ackedAfter = 0;
  // 5 clients; the kill comes once the first console has acknowledged 20 postings, and the
  // clients stop once the second one has acknowledged 20 (or the restart failed).
  let outcomes = 0;
  const onOutcome = (posting: Posting) => {
    outcomes += 1;
    if (posting.outcome !== 'acked') return;
    if (phase.readyAt !== undefined && (posting.at ?? 0) >= phase.readyAt) ackedAfter += 1;
    if (phase.killedAt !== undefined) return;
    ackedBefore += 1;
    if (ackedBefore < 20) return;
    phase.killedAt = Date.now();
    a.child.kill('SIGKILL');
    restarting = a.exited
      .then(async () => {
        phase.restarted = start({ dataDir: dataA, port: a.port, env: { SEED_DEMO: '1' } });
        await waitUntilReady(phase.restarted);
        phase.readyAt = Date.now();
      })
      .catch((error: unknown) => {
        phase.failed = error;
      });
  };
  // A bound on the loop if postings are never acknowledged (then the checks below fail).
  const done = () => phase.failed !== undefined || ackedAfter >= 20 || outcomes > 20_000;
  const postings = await postSales({ origin: () => a.origin, session, memberIds, clients: 5, done, runId, onOutcome });
  await restarting;
  expect(phase.failed).toBeUndefined();
  const second = phase.restarted!;
  expect(second.output()).toContain(`Stopping the embedded PostgreSQL (pid ${leftover}) that an earlier console left running`);
  expect(isAlive(leftover!)).toBe(false);
  expect(await answers(second)).toBe(true);

  await retryUnanswered({ origin: second.origin, session, postings });
  const verdict = await verifyLedger({ databaseUrl: runningEmbeddedUrl(dataA)!, tenantId, runId, postings });
  expect(verdict.examples).toEqual([]);
  expect(verdict).toMatchObject({ doubled: 0, lost: 0, wrongEntry: 0, ghosts: 0, halfThere: 0, invariantViolations: 0 });
  expect(verdict.found).toBe(verdict.acknowledged);
  // Postings acknowledged by both consoles: the check covers both sides of the crash.
  expect(verdict.acknowledged).toBeGreaterThanOrEqual(40);
}, 240_000);
