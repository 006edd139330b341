import { SALES_INTEGRATION } from '../server/modules/points/points.routes';
import type { PermissionRef } from '../resources/catalog/types';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { BENCH_PASSWORD, DEFAULT_TENANT_CODE, ensureBenchUser, tenantReferences } from './lib/bench-tenant';
import { signInOverHttp } from './lib/http-client';
import { measureList, walkByCursor, type ListCase, type ListMeasurement } from './lib/list-measure';
import { measurePostings } from './lib/points-measure';
import { captureSql } from './lib/sql-capture';
import { median, ms, ratio } from './lib/stats';

/**
 * The member list, member search and points posting on the generated tenant
 * (`npm run bench:generate` first), through the real app listening on 127.0.0.1 (real HTTP,
 * keep-alive, so parsing, access hook, serialisation and JSON are included):
 *
 *   npm run bench:members -- [--tenant bench1m] [--runs 15] [--walk 1000] [--concurrency 8]
 *                            [--postings 400] [--rounds 4] [--database-url postgres://…] [--data-dir bench/.data]
 *
 * Each list and search call is measured against the very statements the engine ran for it,
 * captured from the pool and replayed on the pg driver; the answer is a median of `--runs`
 * calls and the ratio api/sql. Postings are counted per second. See bench/README.md.
 */

const PAGE_SIZE = 20;
/** The reader may see members and nothing else. */
const MEMBER_READ: readonly PermissionRef[] = [{ resourceId: '会员/标准会员', action: '会员资料查看' }];
const READER = 'bench-reader';
const TILL = 'bench-till';

interface Sample {
  id: number;
  mobile: string;
  card_number: string;
  member_number: string;
  name: string;
}

function listTable(title: string, rows: readonly ListMeasurement[]): void {
  console.log(`\n${title}`);
  console.log(
    `  ${'case'.padEnd(30)} ${'api ms'.padStart(7)} ${'sql ms'.padStart(7)} ${'api/sql'.padStart(7)} ${'auth ms'.padStart(7)}  ${'total'.padStart(7)} est rows  sql ms by statement`,
  );
  for (const r of rows) {
    const parts = r.parts.map((p) => `${p.kind} ${ms(p.ms)}`).join(', ');
    console.log(
      `  ${r.label.padEnd(30)} ${ms(r.apiMs).padStart(7)} ${ms(r.sqlMs).padStart(7)} ${ratio(r.apiMs, r.sqlMs).padStart(7)} ${ms(r.authMs).padStart(7)}  ` +
        `${String(r.total).padStart(7)} ${r.totalIsEstimate ? 'yes' : 'no '} ${String(r.rows).padStart(4)}  ${parts}`,
    );
  }
}

async function main() {
  const flags = parseFlags(process.argv.slice(2), [
    'tenant',
    'runs',
    'walk',
    'concurrency',
    'postings',
    'rounds',
    'database-url',
    'data-dir',
    'max-minutes',
  ]);
  const code = textFlag(flags, 'tenant', DEFAULT_TENANT_CODE);
  const runs = intFlag(flags, 'runs', 15);
  const walk = Math.max(10, intFlag(flags, 'walk', 1000));
  const concurrency = intFlag(flags, 'concurrency', 8);
  const postings = intFlag(flags, 'postings', 400);
  const run = await startBenchRun({ flags, name: 'bench:members', minutes: 20 });
  const { bench } = run;
  const { database } = bench;
  try {
    const tenant = await database.pool.query<{ id: number; members: number | null; entries: number | null }>(
      `select t.id,
        (select value from counters where tenant_id = t.id and name = 'bench:members') as members,
        (select value from counters where tenant_id = t.id and name = 'bench:entries') as entries
      from tenants t where t.code = $1`,
      [code],
    );
    if (tenant.rows.length === 0 || tenant.rows[0].members === null)
      throw new Error(`tenant ${code} has no generated data: run npm run bench:generate first`);
    const tenantId = Number(tenant.rows[0].id);
    console.log(
      `database: ${bench.where}; tenant ${code}: ${tenant.rows[0].members} members, ${tenant.rows[0].entries} generated ledger entries`,
    );
    await ensureBenchUser(database, { tenantId, login: READER, grants: MEMBER_READ });
    await ensureBenchUser(database, { tenantId, login: TILL, grants: SALES_INTEGRATION });

    const { origin, config } = await run.listen();
    const sign = (login: string) =>
      signInOverHttp({ origin, serviceBase: config.serviceBase, tenant: code, login, password: BENCH_PASSWORD });
    const reader = await sign(READER);
    const till = await sign(TILL);
    const capture = captureSql(database.pool);
    const measure = (item: ListCase) => measureList({ client: reader, pool: database.pool, capture, runs, item });

    // (a) the list, default sort, by page number and by keyset cursor.
    const walked = await walkByCursor({ client: reader, pageSize: PAGE_SIZE, pages: walk, keep: [10, walk] });
    const byPage: ListMeasurement[] = [];
    for (const page of [1, 10, walk])
      byPage.push(await measure({ label: `page ${page} by page number`, body: { page, pageSize: PAGE_SIZE } }));
    const byCursor: ListMeasurement[] = [];
    for (const page of [10, walk]) {
      const cursor = walked.cursors.get(page);
      if (cursor) byCursor.push(await measure({ label: `page ${page} by cursor (walked)`, body: { cursor, pageSize: PAGE_SIZE } }));
    }
    listTable(`member list, ${PAGE_SIZE} a page, default sort (registeredAt desc, id desc); median of ${runs} runs`, [
      ...byPage,
      ...byCursor,
    ]);
    const early = median(walked.times.slice(1, 51));
    const late = median(walked.times.slice(-50));
    console.log(
      `  cursor walk of ${walked.times.length} pages: median ${ms(early)} ms for pages 2-51, ${ms(late)} ms for the last 50 (${ratio(late, early)})`,
    );

    // (b) search, on one member in the middle of the data.
    const sample = (
      await database.pool.query<Sample>(
        `select id, mobile, card_number, member_number, name from members
      where tenant_id = $1 and card_number is not null and state = 'using'
        and id >= (select min(id) from members where tenant_id = $1) + $2 order by id limit 1`,
        [tenantId, Math.floor(Number(tenant.rows[0].members) / 2)],
      )
    ).rows[0];
    const searches: ListCase[] = [
      {
        label: `mobile prefix ${sample.mobile.slice(0, 3)}`,
        body: { filters: { mobile: sample.mobile.slice(0, 3) }, pageSize: PAGE_SIZE },
      },
      {
        label: `mobile prefix ${sample.mobile.slice(0, 7)}`,
        body: { filters: { mobile: sample.mobile.slice(0, 7) }, pageSize: PAGE_SIZE },
      },
      { label: 'full mobile', body: { filters: { mobile: sample.mobile }, pageSize: PAGE_SIZE } },
      { label: 'card number', body: { filters: { cardNumber: sample.card_number }, pageSize: PAGE_SIZE } },
      { label: 'member number', body: { filters: { memberNumber: sample.member_number }, pageSize: PAGE_SIZE } },
      { label: `name contains ${sample.name}`, body: { filters: { name: sample.name }, pageSize: PAGE_SIZE } },
      { label: `keyword ${sample.name}`, body: { keyword: sample.name, pageSize: PAGE_SIZE } },
    ];
    const found: ListMeasurement[] = [];
    for (const item of searches) found.push(await measure(item));
    listTable('member search (POST /v1/member/query filters / keyword)', found);

    // (d) points posted per second.
    const refs = await tenantReferences(database, tenantId);
    const tillId = Number(
      (await database.pool.query('select id from users where tenant_id = $1 and login = $2', [tenantId, TILL])).rows[0].id,
    );
    const spreadMembers = (
      await database.pool.query<{ id: number }>(
        `select id from members where tenant_id = $1 and state = 'using'
      order by hashint8(id) limit 2000`,
        [tenantId],
      )
    ).rows.map((r) => Number(r.id));
    const rates = await measurePostings({
      client: till,
      database,
      tenantId,
      operatorId: tillId,
      storeId: refs.storeIds[0],
      hotMember: sample.id,
      spreadMembers,
      count: postings,
      rounds: intFlag(flags, 'rounds', 4),
      concurrency,
      runId: `b${Date.now().toString(36)}`,
    });
    console.log(
      `\npoints posted per second (${postings} postings a way in ${intFlag(flags, 'rounds', 4)} rounds, ${concurrency} concurrent; median of the rounds)`,
    );
    console.log(`  POST /v1/points/transaction, one hot member     ${rates.apiHot.toFixed(0).padStart(6)} /s`);
    console.log(`  POST /v1/points/transaction, ${spreadMembers.length} members       ${rates.apiSpread.toFixed(0).padStart(6)} /s`);
    console.log(`  recordSale in-process, spread                  ${rates.serviceSpread.toFixed(0).padStart(6)} /s`);
    console.log(`  postPoints in a transaction, spread            ${rates.ledgerSpread.toFixed(0).padStart(6)} /s`);
    console.log(`  postPoints in a transaction, one hot member    ${rates.ledgerHot.toFixed(0).padStart(6)} /s`);

    const row = (list: readonly ListMeasurement[], start: string) => list.find((r) => r.label.startsWith(start)) as ListMeasurement;
    const cursorLast = byCursor[byCursor.length - 1] ?? byPage[0];
    console.log('\nratios');
    console.log(
      `  api/sql, list pages: ${[...byPage, ...byCursor].map((r) => `${r.label.replace(' (walked)', '')} ${ratio(r.apiMs, r.sqlMs)}`).join('; ')}`,
    );
    console.log(`  api/sql, searches: ${found.map((r) => `${r.label} ${ratio(r.apiMs, r.sqlMs)}`).join('; ')}`);
    const pageMs = (r: ListMeasurement) => r.parts.find((p) => p.kind === 'page')?.ms ?? Number.NaN;
    const offsetLast = row(byPage, `page ${walk}`);
    if (byCursor.length === 2) {
      console.log(
        `  keyset page ${walk} / page 10: api ${ratio(cursorLast.apiMs, byCursor[0].apiMs)}, page statement ${ratio(pageMs(cursorLast), pageMs(byCursor[0]))}`,
      );
    }
    console.log(
      `  offset page ${walk} / page 1: api ${ratio(offsetLast.apiMs, byPage[0].apiMs)}, page statement ${ratio(pageMs(offsetLast), pageMs(byPage[0]))}`,
    );
    console.log(
      `  keyset / offset at page ${walk}: api ${ratio(cursorLast.apiMs, offsetLast.apiMs)}, page statement ${ratio(pageMs(cursorLast), pageMs(offsetLast))}`,
    );
    console.log(
      `  totals estimated: ${
        [...byPage, ...found]
          .filter((r) => r.totalIsEstimate)
          .map((r) => r.label)
          .join(', ') || 'none'
      } (the count reads at most 10 001 rows)`,
    );
    console.log(
      `  postings hot / spread (API): ${ratio(rates.apiHot, rates.apiSpread)}; API / postPoints (spread): ${ratio(rates.apiSpread, rates.ledgerSpread)}; ` +
        `API / recordSale in-process: ${ratio(rates.apiSpread, rates.serviceSpread)}`,
    );
  } finally {
    await run.finish();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
