import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { storeResource } from '../resources/datum/store.resource';
import { memberResource } from '../resources/member/member.resource';
import { crudDocs, recordComponent } from '../server/crud/crud.openapi';
import { seedDemoIfEmpty } from '../server/db/seed/demo.seed';
import { errorComponents } from '../server/http/openapi.schemas';
import { i18nDocs } from '../server/modules/i18n/i18n.openapi';
import { SESSION_COOKIE } from '../server/modules/auth/session.cookie';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { openBenchDatabase } from './lib/bench-database';
import { median } from './lib/stats';

/**
 * Throughput of list and read answers with and without response-schema serialisation
 * (`npm run bench:serialization -- [--requests 400] [--concurrency 8] [--rounds 5] [--writes 2000] [--first schema|plain]`).
 *
 * Two API servers run as separate processes on one database with the demo merchant (a private
 * embedded PostgreSQL in a temporary folder unless `--database-url`): `schema` as the app ships
 * (every answer written by its route's response schema), `plain` writing every answer with
 * JSON.stringify, as before the routes declared their answers. This process is only the client:
 * `--concurrency` workers over keep-alive HTTP send `--requests` calls per case and server;
 * the servers take turns case by case within each of `--rounds` rounds, so both see the same
 * machine load. Prints the median requests per second and the ratio schema / plain; then the
 * serialisation alone, in this process: the answers just received, written `--writes` times by
 * the routes' compiled response schemas (fast-json-stringify, as Fastify compiles them) and by
 * JSON.stringify.
 */

interface Case {
  readonly label: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
}

interface Server {
  readonly mode: 'schema' | 'plain';
  readonly base: string;
  readonly child: ChildProcess;
  cookie: string;
}

const SERVICE_BASE = '/loyalty';

async function startServer(databaseUrl: string, mode: Server['mode']): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/serialization-server.ts', databaseUrl, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return { mode, base: `http://127.0.0.1:${port}${SERVICE_BASE}`, child, cookie: '' };
}

async function signIn(server: Server, account: { tenant: string; login: string; password: string }): Promise<void> {
  const response = await fetch(`${server.base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in on the ${server.mode} server failed: ${response.status}`);
  server.cookie = cookie;
}

async function call(server: Server, c: Case): Promise<number> {
  const response = await fetch(`${server.base}${c.path}`, {
    method: c.method,
    headers: {
      cookie: server.cookie,
      'x-requested-with': 'loyalty-console',
      ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: c.body !== undefined ? JSON.stringify(c.body) : undefined,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${c.label} on the ${server.mode} server: ${response.status} ${text.slice(0, 200)}`);
  return text.length;
}

/** Requests per second of `requests` calls made by `concurrency` workers. */
async function throughput(server: Server, c: Case, requests: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        await call(server, c);
      }
    }),
  );
  return requests / ((performance.now() - started) / 1000);
}

/** The response schema of each case's route, as the routes declare it. */
const SHARED = Object.fromEntries(
  [...errorComponents(), recordComponent(memberResource), recordComponent(storeResource)].map((schema) => [String(schema.$id), schema]),
);
const ROUTE_SCHEMAS: Record<string, object> = {
  'member list, 20 a page': crudDocs(memberResource, 'query').response[200],
  'member list, 100 a page': crudDocs(memberResource, 'query').response[200],
  'member read (info)': crudDocs(memberResource, 'info').response[200],
  'store list, 20 a page': crudDocs(storeResource, 'query').response[200],
  'translations (i18n/gets)': i18nDocs.gets.response[200],
};

/** Writes per second of each answer by its compiled schema and by JSON.stringify, in this process. */
async function serializationAlone(args: { server: Server; cases: readonly Case[]; writes: number }): Promise<void> {
  console.log(`\n  serialisation alone, ${args.writes} writes of the same answer`);
  console.log(`  ${'case'.padEnd(28)} ${'schema /s'.padStart(10)} ${'JSON /s'.padStart(10)} ${'schema/JSON'.padStart(12)}`);
  for (const c of args.cases) {
    const schema = ROUTE_SCHEMAS[c.label];
    if (!schema) continue;
    const response = await fetch(`${args.server.base}${c.path}`, {
      method: c.method,
      headers: { cookie: args.server.cookie, ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: c.body !== undefined ? JSON.stringify(c.body) : undefined,
    });
    const answer: unknown = await response.json();
    const write = fastJson(schema as never, { schema: SHARED as never });
    // The same answer (property order may differ: a schema writes in its own order).
    if (!isDeepStrictEqual(JSON.parse(write(answer)), answer)) throw new Error(`${c.label}: the schema writes another answer`);
    const rate = (fn: (value: unknown) => string) => {
      const rates: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        const started = performance.now();
        for (let i = 0; i < args.writes; i += 1) fn(answer);
        rates.push(args.writes / ((performance.now() - started) / 1000));
      }
      return median(rates);
    };
    rate(write);
    rate(JSON.stringify);
    const bySchema = rate(write);
    const byJson = rate(JSON.stringify);
    console.log(
      `  ${c.label.padEnd(28)} ${bySchema.toFixed(0).padStart(10)} ${byJson.toFixed(0).padStart(10)} ${`×${(bySchema / byJson).toFixed(2)}`.padStart(12)}`,
    );
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), ['requests', 'concurrency', 'rounds', 'writes', 'first', 'database-url']);
  const requests = intFlag(flags, 'requests', 400);
  const concurrency = intFlag(flags, 'concurrency', 8);
  const rounds = intFlag(flags, 'rounds', 5);
  const external = textFlag(flags, 'database-url') ?? process.env.DATABASE_URL;
  const dataDir = external ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-bench-serial-'));
  const bench = await openBenchDatabase({ databaseUrl: external, dataDir, poolSize: 4 });
  const servers: Server[] = [];
  // Bounded: a run that overstays stops what it started.
  const watchdog = setTimeout(() => {
    console.error('bench:serialization overstayed 20 minutes; stopping');
    void Promise.all(servers.map((s) => stop(s.child))).finally(() => process.exit(1));
  }, 20 * 60_000);
  watchdog.unref();
  try {
    const demo = await seedDemoIfEmpty(bench.database);
    const admin = demo.accounts.find((a) => a.login === 'admin') ?? demo.accounts[0];
    const account = { tenant: demo.tenantCode, login: admin.login, password: admin.password };
    // Started in this order; `--first plain` swaps it, to see how much the order alone weighs.
    const modes: Server['mode'][] = textFlag(flags, 'first', 'schema') === 'plain' ? ['plain', 'schema'] : ['schema', 'plain'];
    for (const mode of modes) servers.push(await startServer(bench.database.url, mode));
    for (const server of servers) await signIn(server, account);
    const member = (
      await bench.database.pool.query<{ id: string }>(
        'select m.id from members m join tenants t on t.id = m.tenant_id where t.code = $1 order by m.id limit 1',
        [demo.tenantCode],
      )
    ).rows[0];
    const cases: Case[] = [
      { label: 'member list, 20 a page', method: 'POST', path: '/v1/member/query', body: { page: 1, pageSize: 20 } },
      { label: 'member list, 100 a page', method: 'POST', path: '/v1/member/query', body: { page: 1, pageSize: 100 } },
      { label: 'member read (info)', method: 'GET', path: `/v1/member/info/${member.id}` },
      { label: 'store list, 20 a page', method: 'POST', path: '/v1/store/query', body: { page: 1, pageSize: 20 } },
      { label: 'translations (i18n/gets)', method: 'GET', path: '/v1/i18n/gets?locale=zh_CN' },
    ];
    console.log(`database: ${bench.where}; ${requests} requests per case and server, ${concurrency} concurrent, ${rounds} rounds`);
    const results = cases.map(() => ({ schema: [] as number[], plain: [] as number[] }));
    const schemaServer = servers.find((server) => server.mode === 'schema')!;
    const sizes = await Promise.all(cases.map((c) => call(schemaServer, c)));
    for (const c of cases) for (const server of servers) await throughput(server, c, Math.min(50, requests), concurrency); // warm-up
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, c] of cases.entries()) {
        // Alternate which server goes first, so neither always runs on a warmer machine.
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) results[i][server.mode].push(await throughput(server, c, requests, concurrency));
      }
    }
    console.log(
      `\n  ${'case'.padEnd(28)} ${'bytes'.padStart(7)} ${'schema req/s'.padStart(13)} ${'plain req/s'.padStart(12)} ${'schema/plain'.padStart(13)}`,
    );
    for (const [i, c] of cases.entries()) {
      const schema = median(results[i].schema);
      const plain = median(results[i].plain);
      console.log(
        `  ${c.label.padEnd(28)} ${String(sizes[i]).padStart(7)} ${schema.toFixed(0).padStart(13)} ${plain.toFixed(0).padStart(12)} ${`×${(schema / plain).toFixed(2)}`.padStart(13)}`,
      );
    }
    await serializationAlone({ server: schemaServer, cases, writes: intFlag(flags, 'writes', 2000) });
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)));
    await bench.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
