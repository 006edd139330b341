import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connection';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/db/embedded';
import { applyMigrations } from '../server/db/migrate';
import { freePort } from '../tests/helpers/free-port';
import { createFuzzWorld, describeFinding, fuzzCaseArbitrary, fuzzTargets, runFuzz } from '../tests/helpers/api-fuzz';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { guardBenchRun } from './lib/bench-watchdog';

/**
 * The API fuzz at scale (tests/helpers/api-fuzz.ts, the same generator as tests/api/fuzz.test.ts):
 *
 *   npm run bench:fuzz -- [--cases 20000] [--seed 1] [--concurrency 4] [--database-url postgres://…] [--show 40]
 *
 * Starts a throw-away embedded PostgreSQL in a temporary folder (unless --database-url), applies
 * the migrations, builds the app (app.inject, no socket), and runs the cases in a fresh fuzz
 * tenant every 500 cases (a malformed request may be valid by chance and take the fuzz
 * administrator's grants away). Prints the answers by status, the count of 5xx (goal 0), the count of 400s naming no
 * field, and the wrong answers grouped by route and problem. Exit code 1 when any answer is wrong.
 */

async function main() {
  const flags = parseFlags(process.argv.slice(2), ['cases', 'seed', 'concurrency', 'database-url', 'show', 'max-minutes']);
  const count = intFlag(flags, 'cases', 20_000);
  const seed = intFlag(flags, 'seed', 1);
  let embedded: EmbeddedDatabase | null = null;
  let url = textFlag(flags, 'database-url') ?? process.env.DATABASE_URL;
  let tmp: string | null = null;
  if (!url) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-fuzz-'));
    embedded = await startEmbeddedPostgres({ dataDir: tmp, port: await freePort(), database: 'loyalty_fuzz' });
    url = embedded.url;
  }
  const database = connectDatabase(url, { max: 10 });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const stop = async () => {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
  const endWatch = guardBenchRun({ name: 'bench:fuzz', minutes: intFlag(flags, 'max-minutes', 30), stop });
  try {
    await applyMigrations(database);
    app = await buildApp({ database, config: { ...loadConfig({}), seedDemo: false }, jobs: null });
    await app.ready();
    const targets = fuzzTargets(app.swagger() as never);
    const cases = fc.sample(fuzzCaseArbitrary(targets), { seed, numRuns: count });
    console.log(`${targets.length} routes, ${cases.length} cases, seed ${seed}`);
    const started = Date.now();
    const built = app;
    const { findings, statuses } = await runFuzz({
      app,
      cases,
      concurrency: intFlag(flags, 'concurrency', 4),
      newWorld: () => createFuzzWorld(built, database),
      onProgress: (done) => process.stdout.write(`\r${done} / ${cases.length}`),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`\r${cases.length} cases in ${seconds.toFixed(1)} s`);
    console.log(
      'answers by status:',
      [...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join(', '),
    );
    const fivexx = findings.filter((f) => f.answer.status >= 500);
    console.log(`5xx: ${fivexx.length}`);
    console.log(`400 naming no field: ${findings.filter((f) => f.answer.status === 400).length}`);
    console.log(`other wrong answers: ${findings.filter((f) => f.answer.status !== 400 && f.answer.status < 500).length}`);
    const groups = new Map<string, number>();
    for (const f of findings) {
      const key = `${f.problem.slice(0, 60)} ${f.case.method} ${f.case.url.split('?')[0].replace(/\/[^/]*$/, (last) => (/^\/[a-zA-Z-]+$/.test(last) ? last : '/:id'))}`;
      groups.set(key, (groups.get(key) ?? 0) + 1);
    }
    const show = intFlag(flags, 'show', 40);
    if (groups.size > 0) {
      console.log('\nwrong answers by problem and route:');
      for (const [key, n] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, show)) console.log(`  ${String(n).padStart(5)}  ${key}`);
      console.log('\nexamples:');
      // eslint-disable-next-line no-control-regex -- the examples hold control characters on purpose; show them printable
      for (const f of findings.slice(0, Math.min(show, 15))) console.log(`  ${describeFinding(f).replace(/[\u0000-\u001f]/g, '·')}`);
    }
    process.exitCode = findings.length > 0 ? 1 : 0;
  } finally {
    endWatch();
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
