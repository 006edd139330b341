import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { startJobQueue, type JobQueue } from '../server/jobs/queue';
import { XLSX_MIME } from '../server/modules/files/file-task.routes';
import { generateWorkbook } from '../tests/helpers/xlsx-generator';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { DEFAULT_DATA_DIR, openBenchDatabase } from './lib/bench-database';
import { BENCH_PASSWORD, ensureBenchTenant } from './lib/bench-tenant';
import { signInOverHttp, type HttpAnswer, type HttpClient } from './lib/http-client';
import { median, ms } from './lib/stats';
import { guardBenchRun } from './lib/bench-watchdog';

/**
 * How much one big spreadsheet holds up everyone else. The app runs with its job queue on the
 * benchmark database (embedded PostgreSQL in bench/.data unless --database-url), listening on
 * 127.0.0.1; a workbook of `--rows` one-cell rows (default 1 500 000, about 7.4 MiB: under the
 * upload limit) is sent
 *
 *   1. to `POST /v1/batch-operate/importMembers` (answered when the workbook has been read),
 *   2. to `POST /v1/brand/import` (a file task on the queue, in this process; timed until the
 *      task has ended),
 *   3. `--concurrent` times at once (default 3) to importMembers,
 *
 * while another tenant's user calls `GET /v1/auth/current` over and over (one call at a time,
 * `--probe-ms` apart). Printed per scenario: how long the import took and what it answered,
 * the other user's call latencies (median, p95, max) during it, and the process's peak resident
 * memory during it (sampled every 20 ms by a thread of its own). Run:
 *
 *   npm run bench:import-stall -- [--rows 1500000] [--concurrent 3] [--probe-ms 20] [--database-url …] [--data-dir …]
 */

const IMPORTER_TENANT = 'bench-import';
const OTHER_TENANT = 'bench-import-other';

interface Probe {
  readonly latencies: number[];
  stop(): Promise<void>;
}

/** Calls GET /v1/auth/current as the other tenant's user, one call at a time, until stopped. */
function probe(client: HttpClient, gapMs: number): Probe {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await client.get('/v1/auth/current');
      if (answer.status !== 200) throw new Error(`probe answered ${answer.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  })();
  return {
    latencies,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The process's resident memory, sampled every 20 ms by a thread of its own, so the samples go
 * on while the main thread is busy; `peakMb()` is the highest since the last call.
 */
function memorySampler(): { peakMb(): Promise<number>; stop(): Promise<number> } {
  const worker = new Worker(
    `
    const { parentPort } = require('node:worker_threads');
    let peak = 0;
    const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); };
    setInterval(sample, 20);
    parentPort.on('message', () => { sample(); parentPort.postMessage(peak); peak = 0; });
  `,
    { eval: true },
  );
  const ask = () =>
    new Promise<number>((resolve) => {
      worker.once('message', (bytes: number) => resolve(Math.round(bytes / 1024 / 1024)));
      worker.postMessage('peak');
    });
  return { peakMb: ask, stop: () => worker.terminate() };
}

function report(args: { title: string; tookMs: number; outcome: string; latencies: readonly number[]; peakMb: number }): void {
  const { latencies } = args;
  console.log(`\n${args.title}`);
  console.log(`  import: ${(args.tookMs / 1000).toFixed(2)} s, ${args.outcome}`);
  console.log(
    `  other user's calls during it: ${latencies.length}, median ${ms(median(latencies))} ms, p95 ${ms(percentile(latencies, 95))} ms, max ${ms(Math.max(...latencies))} ms`,
  );
  console.log(`  peak resident memory of the process during it: ${args.peakMb} MB`);
}

/**
 * The workbooks of a run, generated once by a child process into the data folder (the
 * generator's hundreds of megabytes of strings would otherwise inflate this process's memory
 * before anything is measured): a mobile column for importMembers, a brand code column for the
 * brand import, both the same numbers.
 */
function workbooks(rows: number, folder: string): { members: Buffer; brands: Buffer } {
  const file = (kind: string) => path.join(folder, `import-stall-${kind}-${rows}.xlsx`);
  mkdirSync(folder, { recursive: true });
  for (const [kind, header] of [
    ['members', '手机号'],
    ['brands', '品牌编码'],
  ] as const) {
    if (existsSync(file(kind))) continue;
    execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--generate', file(kind), '--header', header, '--rows', String(rows)],
      { stdio: 'inherit' },
    );
  }
  return { members: readFileSync(file('members')), brands: readFileSync(file('brands')) };
}

const describe = (answer: HttpAnswer) => `HTTP ${answer.status} ${answer.body.msg ?? ''}`.trim();

async function main() {
  const flags = parseFlags(process.argv.slice(2), [
    'rows',
    'concurrent',
    'probe-ms',
    'database-url',
    'data-dir',
    'max-minutes',
    'generate',
    'header',
  ]);
  const rows = intFlag(flags, 'rows', 1_500_000);
  const target = textFlag(flags, 'generate');
  if (target) {
    writeFileSync(target, generateWorkbook({ header: [textFlag(flags, 'header', 'A')], rows, cells: () => [13800138000] }));
    return;
  }
  const concurrent = Math.max(1, intFlag(flags, 'concurrent', 3));
  const gapMs = intFlag(flags, 'probe-ms', 20);
  const bench = await openBenchDatabase({
    databaseUrl: textFlag(flags, 'database-url') ?? process.env.DATABASE_URL,
    dataDir: textFlag(flags, 'data-dir'),
    poolSize: 20,
  });
  const memory = memorySampler();
  let queue: JobQueue | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const stop = async () => {
    await app?.close().catch(() => undefined);
    await queue?.stop().catch(() => undefined);
    await bench.stop();
    await memory.stop();
  };
  guardBenchRun({ name: 'bench:import-stall', minutes: intFlag(flags, 'max-minutes', 10), stop });
  try {
    for (const code of [IMPORTER_TENANT, OTHER_TENANT]) await ensureBenchTenant(bench.database, code);
    queue = await startJobQueue(bench.url);
    const config = { ...loadConfig({}), seedDemo: false };
    app = await buildApp({ database: bench.database, config, jobs: queue });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const sign = (tenant: string) =>
      signInOverHttp({ origin, serviceBase: config.serviceBase, tenant, login: 'admin', password: BENCH_PASSWORD });
    const importer = await sign(IMPORTER_TENANT);
    const other = await sign(OTHER_TENANT);

    let started = performance.now();
    const { members: workbook, brands: brandWorkbook } = workbooks(rows, path.resolve(textFlag(flags, 'data-dir') ?? DEFAULT_DATA_DIR));
    console.log(`database: ${bench.where}`);
    console.log(
      `workbook: ${rows.toLocaleString('en')} one-cell rows, ${(workbook.length / 1024 / 1024).toFixed(1)} MiB (ready in ${ms(performance.now() - started)} ms)`,
    );
    console.log(
      `baseline: other user's call alone, median of 20: ${ms(
        median(
          await (async () => {
            const times: number[] = [];
            for (let i = 0; i < 20; i += 1) {
              const t0 = performance.now();
              await other.get('/v1/auth/current');
              times.push(performance.now() - t0);
            }
            return times;
          })(),
        ),
      )} ms; resident memory ${await memory.peakMb()} MB`,
    );
    const content = workbook.toString('base64');
    const importMembers = () => importer.post('/v1/batch-operate/importMembers', { fileName: 'members.xlsx', content });

    // 1. The members import of a batch document.
    await memory.peakMb();
    let watch = probe(other, gapMs);
    started = performance.now();
    const members = await importMembers();
    let took = performance.now() - started;
    await watch.stop();
    report({
      title: `1. POST /v1/batch-operate/importMembers, ${rows.toLocaleString('en')} rows`,
      tookMs: took,
      outcome: describe(members),
      latencies: watch.latencies,
      peakMb: await memory.peakMb(),
    });

    // 2. The generic import of a resource, as a file task on the queue.
    await memory.peakMb();
    watch = probe(other, gapMs);
    started = performance.now();
    const queued = await importer.upload('/v1/brand/import?fileName=brands.xlsx', brandWorkbook, XLSX_MIME);
    const taskId = queued.body.data?.taskId as number | undefined;
    if (!taskId) throw new Error(`brand import refused: ${describe(queued)}`);
    let task: { state: string; error: string | null } = { state: 'queued', error: null };
    while (task.state === 'queued' || task.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      task = (await importer.get(`/v1/file-task/info/${taskId}`)).body.data;
    }
    took = performance.now() - started;
    await watch.stop();
    report({
      title: `2. POST /v1/brand/import (file task on the queue), ${rows.toLocaleString('en')} rows`,
      tookMs: took,
      outcome: `task ${task.state}: ${task.error ?? ''}`,
      latencies: watch.latencies,
      peakMb: await memory.peakMb(),
    });

    // 3. Several members imports at once.
    await memory.peakMb();
    watch = probe(other, gapMs);
    started = performance.now();
    const answers = await Promise.all(Array.from({ length: concurrent }, importMembers));
    took = performance.now() - started;
    await watch.stop();
    report({
      title: `3. ${concurrent} x importMembers at once`,
      tookMs: took,
      outcome: answers.map(describe).join(' | '),
      latencies: watch.latencies,
      peakMb: await memory.peakMb(),
    });
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
