import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { SALES_INTEGRATION } from '../server/modules/points/points.routes';
import { SESSION_COOKIE } from '../server/modules/auth/session.cookie';
import type { PermissionRef } from '../resources/catalog/types';
import { intFlag, parseFlags, switchFlag, textFlag } from './lib/bench-args';
import { openBenchDatabase } from './lib/bench-database';
import { BENCH_PASSWORD, DEFAULT_TENANT_CODE, ensureBenchUser, tenantReferences } from './lib/bench-tenant';
import { guardBenchRun } from './lib/bench-watchdog';
import { captureSql, type CapturedStatement } from './lib/sql-capture';
import { loadAverage, median } from './lib/stats';
import { deriveTable } from '../server/crud/table.derive';
import { memberResource } from '../resources/member/member.resource';
import { getTableConfig } from 'drizzle-orm/pg-core';

/**
 * The console against the least a server can do (`npm run bench:vs-minimal`): requests per
 * second, server CPU per request and resident memory of the console's API and of a bare Fastify
 * + pg server (`lib/minimal-server.ts`), both as processes of their own on the generated tenant
 * (`npm run bench:generate`), called from this process over keep-alive HTTP by `--connections`
 * concurrent connections for `--seconds` per case and server, the servers taking turns within
 * each of `--rounds` rounds; medians of the rounds.
 *
 * Cases (issue 23 §6 for the first two): a member read (`GET /v1/member/info/{id}`) against the
 * plain `select … from members where tenant_id = $1 and id = $2`; the member list page
 * (`POST /v1/member/query`, page 1 of 20, as the list screen first asks for it) against the
 * plain page query `select … from members where tenant_id = $1 order by id desc limit 20`; the
 * columns are the member table's, which the console's page selects too. Points postings
 * (`POST /v1/points/transaction`, 100 points) against a plain lock + insert + update
 * transaction, spread over `--members` members and on one hot member.
 *
 * `--baseline replay` makes the minimal server run the statements the console itself ran for
 * the read and the list instead (captured, wave by wave): what the console adds over its own
 * SQL. `--compare <checkout>` runs a second console from another copy of the project (the
 * commit before a change, with its node_modules) in the same rounds.
 */

const SERVICE_BASE = '/loyalty';
const MEMBER_READ: readonly PermissionRef[] = [{ resourceId: '会员/标准会员', action: '会员资料查看' }];
const READER = 'bench-reader';
const TILL = 'bench-till';

interface Target {
  readonly name: 'console' | 'compare' | 'minimal';
  readonly child: ChildProcess;
  readonly port: number;
}

function spawnServer(args: { name: Target['name']; argv: string[]; nodeArgs?: string[]; cwd?: string }): Promise<Target> {
  const { name } = args;
  const child = spawn(process.execPath, [...(args.nodeArgs ?? []), '--import', 'tsx', ...args.argv], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: args.cwd,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // With BENCH_SERVER_LOG=1 the console logs its requests: its errors are shown here.
      for (const line of chunk.toString().split('\n')) if (line.includes('"level":50')) process.stderr.write(`${name}: ${line}\n`);
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve({ name, child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`${name} server exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The parent process id of a process. */
function parentOf(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
}

/**
 * CPU seconds used so far by the database server (the postmaster and every process it forked:
 * the backends serving both servers, autovacuum …), or null when it is not a process of this
 * machine. Counts the work a request costs in PostgreSQL, which the server process's own CPU
 * does not show.
 */
function databaseCpu(postmaster: number | null): number | null {
  if (postmaster === null) return null;
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (pid === postmaster || parentOf(pid) === postmaster) total += cpuSeconds(pid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** Resident memory of the process, MB. */
function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

interface Call {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: (n: number) => unknown;
}

/** The status of one call; a failed call's body is kept in `failures` so the bench can print why. */
function request(agent: http.Agent, port: number, call: Call, n: number, failures?: string[]): Promise<number> {
  const payload = call.body ? JSON.stringify(call.body(n)) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: call.method,
        path: call.path,
        headers: {
          ...call.headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (res.statusCode !== 200) chunks.push(chunk);
        });
        res.on('end', () => {
          if (res.statusCode !== 200) failures?.push(Buffer.concat(chunks).toString('utf8').slice(0, 500));
          resolve(res.statusCode ?? 0);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

interface RunResult {
  readonly rate: number;
  readonly cpuMsPerRequest: number;
  /** The database server's CPU over the run per request (NaN when it runs elsewhere). */
  readonly dbCpuMsPerRequest: number;
  readonly peakRssMb: number;
}

/** Calls for `seconds` on `connections` connections; requests per second, CPU per request, peak RSS. */
async function run(args: {
  target: Target;
  call: Call;
  connections: number;
  seconds: number;
  counter: { n: number };
  postmaster: number | null;
}): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: args.connections });
  const pid = args.target.child.pid!;
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const cpuBefore = cpuSeconds(pid);
  const dbBefore = databaseCpu(args.postmaster);
  const started = performance.now();
  const deadline = started + args.seconds * 1000;
  let done = 0;
  try {
    await Promise.all(
      Array.from({ length: args.connections }, async () => {
        while (performance.now() < deadline) {
          args.counter.n += 1;
          const failures: string[] = [];
          const status = await request(agent, args.target.port, args.call, args.counter.n, failures);
          if (status !== 200) throw new Error(`${args.target.name} ${args.call.path} answered ${status}: ${failures.join(' ')}`);
          done += 1;
        }
      }),
    );
  } finally {
    // Also when a call failed: the sampler must not outlive the servers the caller stops.
    clearInterval(sampler);
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  const dbAfter = databaseCpu(args.postmaster);
  const dbCpu = dbBefore === null || dbAfter === null ? Number.NaN : dbAfter - dbBefore;
  return { rate: done / elapsed, cpuMsPerRequest: (cpu * 1000) / done, dbCpuMsPerRequest: (dbCpu * 1000) / done, peakRssMb: peak };
}

async function signIn(port: number, login: string, tenant: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}${SERVICE_BASE}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant, login, password: BENCH_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in of ${login} failed: ${response.status}`);
  return cookie;
}

/**
 * The issue's baseline statements (issue 23 §6) over the member table's columns: one member by
 * id, and the tenant's page of the 20 highest ids.
 */
function plainStatements(args: { tenantId: number; readId: number }): { read: CapturedStatement[]; list: CapturedStatement[] } {
  const columns = getTableConfig(deriveTable(memberResource))
    .columns.map((c) => `"${c.name}"`)
    .join(', ');
  return {
    read: [{ text: `select ${columns} from members where tenant_id = $1 and id = $2`, values: [args.tenantId, args.readId], wave: 0 }],
    list: [{ text: `select ${columns} from members where tenant_id = $1 order by id desc limit 20`, values: [args.tenantId], wave: 0 }],
  };
}

/** How many waves (round trips one after the other) a captured call made. */
const wavesOf = (statements: readonly CapturedStatement[]) => new Set(statements.map((s) => s.wave)).size;

async function main(): Promise<void> {
  const flags = parseFlags(
    process.argv.slice(2),
    ['tenant', 'seconds', 'rounds', 'connections', 'members', 'database-url', 'data-dir', 'cases', 'profile', 'baseline', 'compare'],
    ['minimal-named'],
  );
  const code = textFlag(flags, 'tenant', DEFAULT_TENANT_CODE);
  const seconds = intFlag(flags, 'seconds', 4);
  const rounds = intFlag(flags, 'rounds', 3);
  const connections = intFlag(flags, 'connections', 10);
  const spread = intFlag(flags, 'members', 2000);
  const only = textFlag(flags, 'cases')?.split(',');
  // `--profile <folder>`: the console runs with --cpu-prof and writes its CPU profile there on exit.
  const profileDir = textFlag(flags, 'profile');
  // `--minimal-named`: the minimal server prepares its statements too (a stricter baseline).
  const minimalNamed = switchFlag(flags, 'minimal-named');
  const baseline = textFlag(flags, 'baseline', 'plain');
  if (baseline !== 'plain' && baseline !== 'replay') throw new Error('--baseline is plain or replay');
  const compareDir = textFlag(flags, 'compare');
  if (compareDir && !fs.existsSync(path.join(compareDir, 'bench/lib/serialization-server.ts')))
    throw new Error(`--compare ${compareDir}: no bench/lib/serialization-server.ts there`);
  const servers: Target[] = [];
  const bench = await openBenchDatabase({
    databaseUrl: textFlag(flags, 'database-url') ?? process.env.DATABASE_URL,
    dataDir: textFlag(flags, 'data-dir'),
    poolSize: 4,
  });
  const stopAll = async () => {
    await Promise.all(servers.map((s) => stop(s.child)));
    await bench.stop();
  };
  const cancelWatch = guardBenchRun({ name: 'bench:vs-minimal', minutes: 20, stop: stopAll });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-bench-minimal-'));
  try {
    const { database } = bench;
    const tenant = (
      await database.pool.query<{ id: number; members: number }>(
        'select t.id, (select count(*) from members m where m.tenant_id = t.id)::int as members from tenants t where t.code = $1',
        [code],
      )
    ).rows[0];
    if (!tenant || tenant.members === 0) throw new Error(`tenant ${code} has no members: run npm run bench:generate first`);
    const tenantId = Number(tenant.id);
    await ensureBenchUser(database, { tenantId, login: READER, grants: MEMBER_READ });
    await ensureBenchUser(database, { tenantId, login: TILL, grants: SALES_INTEGRATION });
    const refs = await tenantReferences(database, tenantId);
    const storeId = refs.storeIds[0];
    const members = (
      await database.pool.query<{ id: number }>(
        `select id from members where tenant_id = $1 and state = 'using' order by hashint8(id) limit $2`,
        [tenantId, spread + 1],
      )
    ).rows.map((r) => Number(r.id));
    const hot = members.pop()!;
    const readId = members[Math.floor(members.length / 2)];
    const listBody = { page: 1, pageSize: 20 };

    // The SQL the console runs for the read and the list page, captured from an app in this
    // process once its session is cached (so the session's own statements are not in it).
    const capture = captureSql(database.pool);
    const config = { ...loadConfig({}), seedDemo: false };
    const probe = await buildApp({ database, config, jobs: null });
    await probe.listen({ port: 0, host: '127.0.0.1' });
    const probePort = (probe.server.address() as AddressInfo).port;
    const probeCookie = await signIn(probePort, READER, code);
    const agent = new http.Agent({ keepAlive: true });
    const readPath = `${SERVICE_BASE}/v1/member/info/${readId}`;
    const listCall = (cookie: string): Call => ({
      method: 'POST',
      path: `${SERVICE_BASE}/v1/member/query`,
      headers: { cookie, 'x-requested-with': 'loyalty-console' },
      body: () => listBody,
    });
    const captured = async (call: Call): Promise<CapturedStatement[]> => {
      await request(agent, probePort, call, 0);
      capture.start();
      await request(agent, probePort, call, 0);
      return capture.take();
    };
    const consoleStatements = {
      read: await captured({ method: 'GET', path: readPath, headers: { cookie: probeCookie } }),
      list: await captured(listCall(probeCookie)),
    };
    agent.destroy();
    await probe.close();
    const statements = baseline === 'replay' ? consoleStatements : plainStatements({ tenantId, readId });
    const file = path.join(tmp, 'statements.json');
    fs.writeFileSync(file, JSON.stringify(statements));
    for (const [name, list] of Object.entries(consoleStatements)) {
      console.log(`the console's ${name}: ${list.length} statement(s) in ${wavesOf(list)} round trip(s) one after the other`);
      for (const s of list) console.log(`  wave ${s.wave}: ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    console.log(`the minimal server (${baseline}):`);
    for (const s of [...statements.read, ...statements.list]) console.log(`  wave ${s.wave}: ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`);

    const consoleArgv = [path.join('bench/lib/serialization-server.ts'), bench.url, 'schema'];
    const consoleServer = await spawnServer({
      name: 'console',
      argv: consoleArgv,
      nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : [],
    });
    servers.push(consoleServer);
    if (compareDir) servers.push(await spawnServer({ name: 'compare', argv: consoleArgv, cwd: path.resolve(compareDir) }));
    const minimal = await spawnServer({
      name: 'minimal',
      argv: ['bench/lib/minimal-server.ts', bench.url, file, ...(minimalNamed ? ['named'] : [])],
    });
    servers.push(minimal);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = Object.fromEntries(servers.map((s) => [s.name, rssMb(s.child.pid!)]));
    // Each console signs its users in (the sessions are rows: either console would take either cookie).
    const cookies = new Map<Target['name'], { reader: string; till: string }>();
    for (const s of servers)
      if (s.name !== 'minimal') cookies.set(s.name, { reader: await signIn(s.port, READER, code), till: await signIn(s.port, TILL, code) });
    const runId = Date.now().toString(36);
    const sale = (member: (n: number) => number) => (n: number) => ({
      orderNo: `${runId}-${n}`,
      memberId: member(n),
      storeId,
      lines: [{ goodsCode: 'G92', quantity: 12.5, amount: '100.00' }],
    });
    const plain = (member: (n: number) => number) => (n: number) => ({ tenantId, memberId: member(n), storeId, orderNo: `${runId}-${n}` });
    const spreadOf = (n: number) => members[n % members.length];
    const hotOf = () => hot;
    const posting = (member: (n: number) => number) => (c: { till: string }) =>
      ({
        method: 'POST',
        path: `${SERVICE_BASE}/v1/points/transaction`,
        headers: { cookie: c.till, 'x-requested-with': 'loyalty-console' },
        body: sale(member),
      }) satisfies Call;
    const all: { key: string; label: string; console: (c: { reader: string; till: string }) => Call; minimal: Call }[] = [
      {
        key: 'read',
        label: 'read GET /v1/member/info/{id}',
        console: (c) => ({ method: 'GET', path: readPath, headers: { cookie: c.reader } }),
        minimal: { method: 'GET', path: '/read' },
      },
      {
        key: 'list',
        label: 'list POST /v1/member/query',
        console: (c) => listCall(c.reader),
        minimal: { method: 'POST', path: '/list', body: () => listBody },
      },
      {
        key: 'spread',
        label: `postings, spread over ${members.length}`,
        console: posting(spreadOf),
        minimal: { method: 'POST', path: '/post', body: plain(spreadOf) },
      },
      {
        key: 'hot',
        label: 'postings, one hot member',
        console: posting(hotOf),
        minimal: { method: 'POST', path: '/post', body: plain(hotOf) },
      },
    ];
    const cases = all.filter((c) => !only || only.includes(c.key));
    const callOf = (c: (typeof all)[number], target: Target): Call =>
      target.name === 'minimal' ? c.minimal : c.console(cookies.get(target.name)!);
    const counter = { n: 0 };
    // The database server's process, when it runs on this machine (its CPU per request is shown).
    const backend = Number((await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid);
    const postmaster = fs.existsSync(`/proc/${backend}`) ? parentOf(backend) : null;
    const results = cases.map(() => new Map<Target['name'], RunResult[]>(servers.map((s) => [s.name, []])));
    // Warm-up: JIT, pools, plans.
    for (const c of cases)
      for (const target of servers) await run({ target, call: callOf(c, target), connections, seconds: 1, counter, postmaster });
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, c] of cases.entries()) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const target of order)
          results[i].get(target.name)!.push(await run({ target, call: callOf(c, target), connections, seconds, counter, postmaster }));
      }
    }
    console.log(
      `\n${code}: ${tenant.members} members; ${connections} connections, ${seconds} s per run, ${rounds} rounds, medians; minimal baseline ${baseline}; load average ${loadAverage()}`,
    );
    for (const [i, c] of cases.entries()) {
      const rate = (name: Target['name']) => median(results[i].get(name)!.map((r) => r.rate));
      const b = rate('minimal');
      console.log(`  ${c.label}`);
      console.log(
        `    ${'server'.padEnd(8)} ${'req/s'.padStart(7)} ${'ratio'.padStart(6)} ${'CPU ms/req'.padStart(11)} ${'db CPU ms/req'.padStart(14)}  ratio per round`,
      );
      for (const s of servers) {
        const mine = results[i].get(s.name)!;
        const rounds = mine.map((r, k) => (r.rate / results[i].get('minimal')![k].rate).toFixed(2)).join(' ');
        console.log(
          `    ${s.name.padEnd(8)} ${rate(s.name).toFixed(0).padStart(7)} ${(s.name === 'minimal' ? '' : `×${(rate(s.name) / b).toFixed(2)}`).padStart(6)} ${median(
            mine.map((r) => r.cpuMsPerRequest),
          )
            .toFixed(2)
            .padStart(11)} ${median(mine.map((r) => r.dbCpuMsPerRequest))
            .toFixed(2)
            .padStart(14)}  ${s.name === 'minimal' ? '' : rounds}`,
        );
      }
    }
    const peak = (name: Target['name']) => Math.max(...results.flatMap((r) => r.get(name)!.map((x) => x.peakRssMb)));
    console.log(
      `  RSS MB idle / peak under load: ${servers.map((s) => `${s.name} ${idle[s.name].toFixed(0)} / ${peak(s.name).toFixed(0)}`).join(', ')}`,
    );
  } finally {
    await stopAll();
    fs.rmSync(tmp, { recursive: true, force: true });
    cancelWatch();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
