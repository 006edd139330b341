import { intFlag, parseFlags, switchFlag, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { DEFAULT_TENANT_CODE, generatedTenantId, tenantReferences } from './lib/bench-tenant';
import { median, ms, ratio, throughput, timeInterleaved, timeRuns } from './lib/stats';
import { systemActor } from '../server/crud/actor';
import { readViewChart, readViewTotals, type ViewFilters } from '../server/crud/query-view.read';
import type { ViewSource } from '../server/crud/query-view.source';
import { postValue, spendValue } from '../server/modules/ledger';
import { postPoints } from '../server/modules/points/points.ledger';
import { recordSale } from '../server/modules/sale/sale.service';
import { ROLL_FORWARD_FROM_ENTRIES, ROLL_FORWARD_SOURCES } from '../server/modules/ledger/roll-forward.source';
import { QUERY_VIEW_SOURCES } from '../server/modules/query-views';

/**
 * Each report that reads the daily totals, with the same question asked of the entries: a source
 * declaring `daily` without it, and the roll-forwards summed from the entries.
 */
const REPORTS: readonly { daily: ViewSource; entries: ViewSource }[] = [
  ...QUERY_VIEW_SOURCES.filter((source) => source.daily !== undefined).map((source) => ({
    daily: source,
    entries: { ...source, daily: undefined },
  })),
  ...ROLL_FORWARD_SOURCES.map((source, i) => ({ daily: source, entries: ROLL_FORWARD_FROM_ENTRIES[i] })),
];

/**
 * What the ledgers' daily totals (server/modules/reports) buy and cost, on the generated tenant
 * (`npm run bench:generate` first: 10,000,000 points entries over five years at 12 stores):
 *
 * 1. Each report that reads them, one year and all stores: its query (totals with the grouped
 *    totals the screen shows, and the chart: trend, share, previous period, last year) from the
 *    daily totals next to the same question asked of the ledger's entries (the same source
 *    without `daily`; the roll-forwards summed from the entries), taking turns within each round;
 *    the medians and entries / daily. The two answers must be equal, or the bench stops.
 * 2. Postings per second with the upkeep (the triggers) and without (the triggers disabled for
 *    the round), taking turns within each round: points earned spread over 2,000 members,
 *    stored value paid spread over them, and their fuel sales at the till (`recordSale`: the sale's
 *    points entry and the sale itself, which keeps fuel_daily and member_sales_daily with the
 *    member's days); the upkeep's cost is
 *    1 - with / without. The daily totals are rebuilt from the ledgers at the end, and the fuel
 *    totals of the sales made without the triggers added (the postings made without them).
 *
 * The coupon, fuel, paid level, store transactions and card reports read the rows of
 * `npm run bench:generate-report-rows` (sales, coupons, paid level orders and prepaid cards with
 * their entries over the same years).
 *
 *   npm run bench:reports -- [--rounds 5] [--postings 1600] [--concurrency 8] [--tenant bench1m]
 *                            [--reports coupon-report,paso-report] [--no-postings]
 */

/**
 * The upkeep's triggers a posting of the bench fires (a sale's: its points entry's and its own, which
 * keep fuel_daily, and member_sales_daily with the member's days and their pairs).
 */
const TRIGGERS = [
  ['points_entries', 'points_daily_insert'],
  ['value_entries', 'value_daily_insert'],
  ['sales_transactions', 'sales_daily_insert'],
  ['sales_transactions', 'sales_daily_update'],
  ['sales_transactions', 'member_sales_daily_insert'],
  ['sales_transactions', 'member_sales_daily_update'],
] as const;

const WAYS = {
  earn: 'points earned (postPoints)',
  pay: 'stored value paid (spendValue)',
  sale: 'fuel sale (recordSale)',
} as const;

async function main(): Promise<void> {
  const flags = parseFlags(
    process.argv.slice(2),
    ['rounds', 'postings', 'concurrency', 'tenant', 'database-url', 'data-dir', 'max-minutes', 'reports'],
    ['no-postings'],
  );
  const rounds = intFlag(flags, 'rounds', 5);
  const postings = intFlag(flags, 'postings', 1600);
  const concurrency = intFlag(flags, 'concurrency', 8);
  const run = await startBenchRun({ flags, name: 'bench:reports', minutes: 45 });
  const { database } = run.bench;
  const pool = database.pool;
  try {
    const code = textFlag(flags, 'tenant', DEFAULT_TENANT_CODE);
    const tenantId = await generatedTenantId(database, code);
    const counts = await pool.query<{ points: string; value: string; daily: string }>(
      `select (select count(*) from points_entries where tenant_id = $1) as points,
        (select count(*) from value_entries where tenant_id = $1) as value,
        (select count(*) from points_daily where tenant_id = $1) as daily`,
      [tenantId],
    );
    const c = counts.rows[0];
    console.log(
      `tenant ${code}: ${Number(c.points).toLocaleString('en')} points entries, ${Number(c.value).toLocaleString('en')} value entries, ${Number(c.daily).toLocaleString('en')} points_daily rows`,
    );
    const rows = await pool.query<{ name: string; n: string }>(
      `select 'sales' as name, count(*) as n from sales_transactions where tenant_id = $1
        union all select 'coupons', count(*) from coupons where tenant_id = $1
        union all select 'paid level orders', count(*) from paid_level_orders where tenant_id = $1
        union all select 'members', count(*) from members where tenant_id = $1
        union all select 'prepaid cards', count(*) from prepay_cards where tenant_id = $1
        union all select 'value_monthly rows', count(*) from value_monthly where tenant_id = $1
        union all select 'fuel_daily rows', count(*) from fuel_daily where tenant_id = $1
        union all select 'coupon_daily rows', count(*) from coupon_daily where tenant_id = $1
        union all select 'members_daily rows', count(*) from members_daily where tenant_id = $1`,
      [tenantId],
    );
    console.log(`  ${rows.rows.map((r) => `${Number(r.n).toLocaleString('en')} ${r.name}`).join(', ')}`);
    const only = textFlag(flags, 'reports')?.split(',');

    // 1. Reports: one year, all stores, from the daily totals and from the entries.
    const actor = systemActor({ tenantId, timeZone: 'Asia/Shanghai' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
    const ask = (source: ViewSource) => async () => {
      const time = source.view.time;
      const filters: ViewFilters = time ? { [time]: [yearAgo, today] } : {};
      const totals = await readViewTotals({ db: database.db, source, actor, filters, groups: source.view.groups ?? [] });
      const chart = source.view.chart ? await readViewChart({ db: database.db, source, actor, filters }) : null;
      return { totals, chart: chart && { ...chart, asOf: null } };
    };
    console.log(`\nreport query for ${yearAgo} – ${today}, all stores (totals + grouped totals + chart), ${rounds} rounds, median ms`);
    console.log(`  ${'report'.padEnd(36)} ${'daily'.padStart(9)} ${'entries'.padStart(9)}   entries/daily`);
    for (const report of REPORTS) {
      const name = report.daily.view.name;
      if (only && !only.includes(name)) continue;
      const started = performance.now();
      const fromEntries = await ask(report.entries)();
      const entriesOnce = performance.now() - started;
      const fromDaily = await ask(report.daily)();
      if (JSON.stringify(fromDaily) !== JSON.stringify(fromEntries))
        throw new Error(`${name}: the daily totals answer differently from the entries`);
      // A question the entries take over 5 s to answer is timed once (the check above), the daily totals every round.
      const slow = entriesOnce > 5000;
      const [daily, entries] = slow
        ? [await timeRuns(rounds, ask(report.daily), 1), [entriesOnce]]
        : await timeInterleaved(rounds, [ask(report.daily), ask(report.entries)], 1);
      console.log(
        `  ${name.padEnd(36)} ${ms(median(daily)).padStart(9)} ${ms(median(entries)).padStart(9)}   ${ratio(median(entries), median(daily))}${slow ? '  (entries timed once)' : ''}`,
      );
    }

    if (switchFlag(flags, 'no-postings')) return;
    // 2. Postings with and without the upkeep.
    const storeId = (await tenantReferences(database, tenantId)).storeIds[0];
    const members = (
      await pool.query<{ id: number }>(`select id from members where tenant_id = $1 and state = 'using' order by hashint8(id) limit 2000`, [
        tenantId,
      ])
    ).rows.map((r) => Number(r.id));
    const operatorId = Number((await pool.query('select id from users where tenant_id = $1 order by id limit 1', [tenantId])).rows[0].id);
    const runId = Date.now().toString(36);
    const earn = (tag: string) => async (n: number) => {
      await database.db.transaction((tx) =>
        postPoints({
          tx,
          tenantId,
          memberId: members[n % members.length],
          delta: 100,
          kind: 'earn',
          sourceType: 'transaction',
          sourceId: `${runId}-${tag}-${n}`,
          storeId,
        }),
      );
    };
    const pay = (tag: string) => async (n: number) => {
      await database.db.transaction((tx) =>
        spendValue({
          tx,
          tenantId,
          holder: { kind: 'member', memberId: members[n % members.length] },
          amount: '0.01',
          sourceType: 'payment',
          sourceId: `${runId}-${tag}-${n}`,
          storeId,
        }),
      );
    };
    // A member's sale of a fuel grade at the till: its points entry and the sale (points_daily and fuel_daily).
    const sell = (tag: string) => async (n: number) => {
      await recordSale({
        db: database.db,
        tenantId,
        operatorId,
        sale: {
          orderNo: `${runId}-${tag}-${n}`,
          memberId: members[n % members.length],
          storeId,
          lines: [{ goodsCode: 'G92', quantity: 1, amount: '100.00' }],
        },
      });
    };
    // Stored value to pay from, and a warm-up of both ways.
    await throughput(members.length, concurrency, async (n) => {
      await database.db.transaction((tx) =>
        postValue({
          tx,
          tenantId,
          holder: { kind: 'member', memberId: members[n] },
          principal: '1000.00',
          gift: '0',
          kind: 'recharge',
          sourceType: 'recharge',
          sourceId: `${runId}-r-${n}`,
        }),
      );
    });
    await throughput(200, concurrency, earn('w'));
    const setUpkeep = async (on: boolean) => {
      for (const [table, trigger] of TRIGGERS) await pool.query(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${trigger}`);
    };
    const perRound = Math.max(1, Math.floor(postings / rounds));
    const rates = new Map<string, number[]>();
    try {
      for (let round = 0; round < rounds; round += 1) {
        for (const way of Object.keys(WAYS) as (keyof typeof WAYS)[]) {
          for (const upkeep of round % 2 === 0 ? [true, false] : [false, true]) {
            await setUpkeep(upkeep);
            const job = { earn, pay, sale: sell }[way](`${round}-${upkeep}`);
            const rate = await throughput(perRound, concurrency, (n) => job(n));
            const key = `${way}:${upkeep ? 'with' : 'without'}`;
            rates.set(key, [...(rates.get(key) ?? []), rate]);
          }
        }
      }
    } finally {
      await setUpkeep(true);
      await pool.query('select recompute_daily_totals($1::bigint)', [tenantId]);
      // The fuel and member sales totals of the sales made without the upkeep (rebuilding every report's totals takes minutes).
      await pool.query(
        `select sales_daily_row(x, 1), member_sales_daily_row(x, 1, true) from sales_transactions x
          where x.tenant_id = $1 and x.order_no like $2 order by x.id`,
        [tenantId, `${runId}-%-false-%`],
      );
    }
    console.log(`\npostings per second, ${perRound} a way per round, ${rounds} rounds, ${concurrency} concurrent (median of the rounds)`);
    console.log(`  ${'way'.padEnd(28)} ${'with'.padStart(8)} ${'without'.padStart(8)}   upkeep cost`);
    for (const [way, label] of Object.entries(WAYS)) {
      const withUpkeep = median(rates.get(`${way}:with`) ?? []);
      const without = median(rates.get(`${way}:without`) ?? []);
      // Each round's ratio too: on a shared machine a round's two ways can see different loads.
      const ratios = (rates.get(`${way}:with`) ?? []).map((w, i) => w / (rates.get(`${way}:without`) ?? [])[i]);
      console.log(
        `  ${label.padEnd(28)} ${withUpkeep.toFixed(0).padStart(8)} ${without.toFixed(0).padStart(8)}   ${((1 - withUpkeep / without) * 100).toFixed(1)}%` +
          `  (rounds' with / without: ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ${median(ratios).toFixed(2)})`,
      );
    }
  } finally {
    await run.finish();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
