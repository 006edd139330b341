import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runningEmbeddedUrl } from '../server/db/embedded';
import { freePort } from '../tests/helpers/free-port';
import { isAlive, postmasterPid, spawnConsole, stopConsole, waitUntilReady, type ConsoleProcess } from '../tests/helpers/console-process';
import {
  DemoAdminSession,
  demoMembers,
  formatVerdict,
  postSales,
  retryUnanswered,
  verdictFailed,
  verifyLedger,
  type CrashWorkload,
} from '../tests/helpers/crash-ledger';
import { demoStore, storedValueWorkload, verifyStoredValue } from '../tests/helpers/crash-stored-value';

/**
 * Crash test (npm run bench:crash): the console as `npm start` runs it (tsx server/main.ts, no
 * build) on a fresh DATA_DIR with the demo merchant; `--clients` clients post sales through the
 * API for `--seconds`; the console is killed with SIGKILL at `--kill-at` seconds and started
 * again on the same DATA_DIR at once (it must stop the PostgreSQL the killed one left behind);
 * the clients keep posting, until `--seconds` have passed and the second console has taken
 * postings for `--after` seconds. Then the postings that got no answer are sent again (as a till
 * would), and the ledger is checked: every acknowledged posting exactly once, nothing half
 * written, every balance equal to the sum of its entries. Exits 1 on any violation.
 *
 * `--ledger points` (default) posts sales earning points; `--ledger stored-value` cycles
 * stored-value recharges, payments and refunds (tests/helpers/crash-stored-value.ts) and checks
 * the money ledger: each acknowledged operation once, with its payment / refund / stored answer,
 * balance = principal + gift = sum of entries, no portion negative, refunds within payments.
 */

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    'kill-at': { type: 'string' },
    after: { type: 'string', default: '5' },
    ledger: { type: 'string', default: 'points' },
  },
});
if (values.ledger !== 'points' && values.ledger !== 'stored-value') throw new Error('--ledger is points or stored-value');
const storedValue = values.ledger === 'stored-value';
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const killAt = values['kill-at'] ? Number(values['kill-at']) : seconds / 2;
const after = Number(values.after);

async function main(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-crash-'));
  const consoles: ConsoleProcess[] = [];
  try {
    const port = await freePort();
    const env = { SEED_DEMO: '1', EMBEDDED_PG_PORT: String(await freePort()) };
    console.log(
      `DATA_DIR ${dataDir}, console on 127.0.0.1:${port}; ${clients} clients (${values.ledger}) for ${seconds} s, kill -9 at ${killAt} s`,
    );
    const first = spawnConsole({ dataDir, port, env });
    consoles.push(first);
    let started = performance.now();
    await waitUntilReady(first);
    console.log(`first start (initdb, migrations, demo merchant): ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const databaseUrl = runningEmbeddedUrl(dataDir);
    if (!databaseUrl) throw new Error('no embedded PostgreSQL runs on the DATA_DIR');
    const { tenantId, memberIds } = await demoMembers(databaseUrl);
    const session = new DemoAdminSession(() => first.origin);
    const workload: CrashWorkload | undefined = storedValue ? storedValueWorkload(await demoStore(databaseUrl, tenantId)) : undefined;
    const runId = `crash${randomBytes(3).toString('hex')}`;

    const kill: { restart?: Promise<ConsoleProcess>; postgresPid?: number | null; at?: number; readyAt?: number } = {};
    const killer = setTimeout(() => {
      kill.postgresPid = postmasterPid(dataDir);
      kill.at = Date.now();
      first.child.kill('SIGKILL');
      console.log(`killed the console (pid ${first.pid}) with SIGKILL; its PostgreSQL (pid ${kill.postgresPid}) is left running`);
      kill.restart = first.exited.then(async () => {
        const again = spawnConsole({ dataDir, port, env });
        consoles.push(again);
        const at = performance.now();
        await waitUntilReady(again);
        kill.readyAt = Date.now();
        console.log(`second start on the same DATA_DIR answered after ${((performance.now() - at) / 1000).toFixed(1)} s`);
        return again;
      });
    }, killAt * 1000);

    started = performance.now();
    const end = Date.now() + seconds * 1000;
    const done = () => Date.now() >= end && kill.readyAt !== undefined && Date.now() >= kill.readyAt + after * 1000;
    const postings = await postSales({ origin: () => first.origin, session, memberIds, clients, done, runId, workload });
    clearTimeout(killer);
    if (!kill.restart) throw new Error(`the run ended before the kill at ${killAt} s`);
    const second = await kill.restart;
    console.log(`posting ran ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const ackedBefore = postings.filter((p) => p.outcome === 'acked' && (p.at ?? 0) <= (kill.at ?? 0)).length;
    const ackedAfter = postings.filter((p) => p.outcome === 'acked' && (p.at ?? 0) >= (kill.readyAt ?? Infinity)).length;
    console.log(`acknowledged before the kill: ${ackedBefore}; by the second console: ${ackedAfter}`);
    const leftoverStopped = typeof kill.postgresPid === 'number' && !isAlive(kill.postgresPid);
    console.log(`PostgreSQL left by the killed console stopped by the second start: ${leftoverStopped ? 'yes' : 'NO'}`);
    if (!second.output().includes('that an earlier console left running'))
      console.log('the second start did not say it stopped a leftover PostgreSQL');

    const retried = await retryUnanswered({ origin: second.origin, session, postings, workload });
    console.log(`sent again after the restart (no answer the first time): ${retried}`);
    const verify = storedValue ? verifyStoredValue : verifyLedger;
    const verdict = await verify({ databaseUrl: runningEmbeddedUrl(dataDir) ?? databaseUrl, tenantId, runId, postings });
    for (const line of formatVerdict(verdict)) console.log(line);
    const failed = verdictFailed(verdict) || ackedBefore === 0 || ackedAfter === 0 || !leftoverStopped;
    console.log(failed ? 'CRASH TEST FAILED' : 'crash test passed: every acknowledged posting is in the ledger exactly once');
    return failed ? 1 : 0;
  } finally {
    // The newest first: stopping an exited one also stops whatever PostgreSQL runs on the folder.
    for (const running of consoles.reverse()) await stopConsole(running);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
