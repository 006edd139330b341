import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelResource } from '../../resources/member/level.resource';
import { EMPTY_CODE } from '../../resources/query-view';
import { paidLevelOrderResource } from '../../resources/member/paid-level-order.resource';
import { systemActor } from '../../server/crud/actor';
import { dailyAnswers, readViewChart, readViewTotals, type ViewFilters } from '../../server/crud/query-view.read';
import type { ViewSource } from '../../server/crud/query-view.source';
import { insertRows } from '../../server/db/seed/datum.seed';
import { feeLevelSource } from '../../server/modules/levels/fee-level.source';
import { foldDailyTotals, recomputeDailyTotals } from '../../server/modules/reports/daily-totals.upkeep';
import { transAnalysisSource } from '../../server/modules/sale/trans-analysis.source';
import type { TestTenant } from '../helpers/fixtures';
import { createMembers, startPointsScene } from '../helpers/points-fixtures';
import { createReportStores, daysBefore, today, type Generated, type ReportStores } from '../helpers/report-fixtures';
import type { TestApp } from '../helpers/test-app';
import { yuan } from '../helpers/value-report-fixtures';

/**
 * Members buying over a range of days from daily rows (server/modules/reports/README.md): the
 * store member transactions and the paid level report answer "members buying" as the range's
 * member-days less the repeat pairs within it. Over random sales and paid level orders, moved to
 * other days, stores, members, levels and channels, returned, refunded and removed, the reports
 * answer from the daily rows (a reader of their zone) exactly as from the rows (a reader of a zone
 * with the same days, Asia/Chongqing), for random ranges, each store, level and channel, by group,
 * day and bucket; the running member days, pairs and sums equal what the rebuild gives, before and
 * after a fold; and two postings of one member at once take turns, so their pair is kept.
 */

let t: TestApp;
let tenant: TestTenant;
let members: number[];
let stores: ReportStores;
let levels: number[];
let serial = 0;
const CHANNELS = ['WECHAT', 'ALIPAY', 'CASH'] as const;

const db = () => t.database.db;

/** The eight whole months before this one. */
const wholeMonths: [string, string] = (() => {
  const first = `${today().slice(0, 8)}01`;
  const start = new Date(Date.parse(`${first}T00:00:00Z`));
  start.setUTCMonth(start.getUTCMonth() - 8);
  return [start.toISOString().slice(0, 10), daysBefore(first, 1)];
})();

async function addSale(a: { member: number | null; store: number | null; daysAgo: number; cents: number }): Promise<void> {
  serial += 1;
  await db().execute(sql`insert into sales_transactions (tenant_id, order_no, member_id, store_id, amount, points, lines, response,
      occurred_at)
    values (${tenant.tenantId}, ${`MB-${serial}`}, ${a.member === null ? null : members[a.member]},
      ${a.store === null ? null : stores.stores[a.store]}, ${yuan(a.cents)}::numeric, ${Math.floor(a.cents / 100)}, '[]'::jsonb, '{}'::jsonb,
      now() - make_interval(days => ${a.daysAgo}))`);
}

async function addOrder(a: { member: number; level: number; store: number | null; channel: number; daysAgo: number; cents: number }) {
  serial += 1;
  await insertRows({
    tx: db(),
    tenantId: tenant.tenantId,
    resource: paidLevelOrderResource,
    key: 'number',
    rows: [
      {
        number: `MB${tenant.tenantId}-${serial}`,
        memberId: members[a.member],
        memberName: 'MB',
        level: levels[a.level],
        amount: yuan(a.cents),
        termMonths: 1 + (a.cents % 12),
        paidAt: new Date(Date.now() - a.daysAgo * 86_400_000),
        store: a.store === null ? null : stores.stores[a.store],
        payChannel: CHANNELS[a.channel],
        state: 'PAID',
      },
    ],
  });
}

/** The n-th row (modulo how many there are) of the tenant's sales or orders, by id. */
const nth = (table: 'sales_transactions' | 'paid_level_orders', n: number) =>
  sql`(select id from ${sql.identifier(table)} where tenant_id = ${tenant.tenantId} order by id
    offset ${n} % greatest((select count(*) from ${sql.identifier(table)} where tenant_id = ${tenant.tenantId}), 1) limit 1)`;

const store = fc.option(fc.nat({ max: 1 }), { nil: null, freq: 4 });
const daysAgo = fc.integer({ min: 0, max: 400 });

/** What happens to the sales and the orders: written, moved, changed, returned, refunded, removed. */
const step = fc.oneof(
  // Writes five times as often as each change, so the rows grow into chains of days.
  {
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      member: fc.option(fc.nat({ max: 3 }), { nil: null, freq: 6 }),
      store,
      daysAgo,
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      member: fc.nat({ max: 3 }),
      level: fc.nat({ max: 1 }),
      store,
      channel: fc.nat({ max: 2 }),
      daysAgo,
    }),
    weight: 5,
  },
  fc.record({ kind: fc.constant('moveSale' as const), n: fc.nat(), daysAgo }),
  fc.record({ kind: fc.constant('saleStore' as const), n: fc.nat(), store }),
  fc.record({ kind: fc.constant('saleMember' as const), n: fc.nat(), member: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant('returnSale' as const), n: fc.nat() }),
  fc.record({ kind: fc.constant('deleteSale' as const), n: fc.nat() }),
  fc.record({ kind: fc.constant('moveOrder' as const), n: fc.nat(), daysAgo }),
  fc.record({ kind: fc.constant('orderLevel' as const), n: fc.nat(), level: fc.nat({ max: 1 }), channel: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('refundOrder' as const), n: fc.nat() }),
  fc.record({ kind: fc.constant('deleteOrder' as const), n: fc.nat() }),
);

async function apply(s: Generated<typeof step>, cents: number): Promise<void> {
  const tenantId = tenant.tenantId;
  switch (s.kind) {
    case 'sale':
      return addSale({ member: s.member, store: s.store, daysAgo: s.daysAgo, cents });
    case 'order':
      return addOrder({ ...s, cents });
    case 'moveSale':
      await db().execute(sql`update sales_transactions set occurred_at = now() - make_interval(days => ${s.daysAgo})
        where tenant_id = ${tenantId} and id = ${nth('sales_transactions', s.n)}`);
      return;
    case 'saleStore':
      await db().execute(sql`update sales_transactions set store_id = ${s.store === null ? null : stores.stores[s.store]}
        where tenant_id = ${tenantId} and id = ${nth('sales_transactions', s.n)}`);
      return;
    case 'saleMember':
      await db().execute(sql`update sales_transactions set member_id = ${members[s.member]}
        where tenant_id = ${tenantId} and id = ${nth('sales_transactions', s.n)}`);
      return;
    case 'returnSale':
      await db().execute(sql`update sales_transactions set returned_amount = round(amount / 3, 2)
        where tenant_id = ${tenantId} and id = ${nth('sales_transactions', s.n)}`);
      return;
    case 'deleteSale':
      await db().execute(sql`delete from sales_transactions where tenant_id = ${tenantId} and id = ${nth('sales_transactions', s.n)}`);
      return;
    case 'moveOrder':
      await db().execute(sql`update paid_level_orders set paid_at = now() - make_interval(days => ${s.daysAgo})
        where tenant_id = ${tenantId} and id = ${nth('paid_level_orders', s.n)}`);
      return;
    case 'orderLevel':
      await db().execute(sql`update paid_level_orders set level = ${levels[s.level]}, pay_channel = ${CHANNELS[s.channel]}
        where tenant_id = ${tenantId} and id = ${nth('paid_level_orders', s.n)}`);
      return;
    case 'refundOrder':
      await db().execute(sql`update paid_level_orders set state = 'REFUNDED'
        where tenant_id = ${tenantId} and id = ${nth('paid_level_orders', s.n)}`);
      return;
    case 'deleteOrder':
      await db().execute(sql`delete from paid_level_orders where tenant_id = ${tenantId} and id = ${nth('paid_level_orders', s.n)}`);
      return;
  }
}

/**
 * Both reports' totals (grouped as their screens group them, and by day), charts and totals
 * within each store, level and channel over `range`, as a reader in `zone`.
 */
async function reportsIn(zone: string, range: [string, string]) {
  const actor = systemActor({ tenantId: tenant.tenantId, timeZone: zone });
  const out: unknown[] = [];
  const ask = async (source: ViewSource, filters: ViewFilters, groups: readonly string[]) => {
    expect(dailyAnswers({ source, actor, filters, groups })).toBe(zone === 'Asia/Shanghai');
    const totals = await readViewTotals({ db: db(), source, actor, filters, groups });
    out.push({ view: source.view.name, filters, totals });
  };
  const chart = async (source: ViewSource, filters: ViewFilters) => {
    const read = await readViewChart({ db: db(), source, actor, filters });
    out.push({ view: source.view.name, filters, chart: { ...read, asOf: null } });
  };
  const eachStore = [...stores.stores, EMPTY_CODE];
  await ask(transAnalysisSource, { occurredAt: range }, ['storeId', 'day']);
  await chart(transAnalysisSource, { occurredAt: range });
  for (const storeId of eachStore) await ask(transAnalysisSource, { occurredAt: range, storeId }, ['storeId', 'day']);
  await chart(transAnalysisSource, { occurredAt: range, storeId: stores.stores[0] });
  await ask(feeLevelSource, { paidAt: range }, ['levelId', 'storeId', 'payChannel', 'day']);
  await chart(feeLevelSource, { paidAt: range });
  for (const storeId of eachStore) await ask(feeLevelSource, { paidAt: range, storeId }, ['storeId', 'day']);
  for (const levelId of levels) await ask(feeLevelSource, { paidAt: range, levelId }, ['levelId', 'day']);
  for (const payChannel of CHANNELS) {
    await ask(feeLevelSource, { paidAt: range, payChannel }, ['payChannel']);
    await chart(feeLevelSource, { paidAt: range, payChannel });
  }
  return out;
}

/** Members buying straight from the rows over [from, to], for a check that does not go through the engine. */
async function distinctMembers(from: string, to: string) {
  const found = await db().execute<{ sales: number; orders: number }>(sql`select
      (select count(distinct member_id)::int from sales_transactions where tenant_id = ${tenant.tenantId} and member_id is not null
        and (occurred_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${to}::date) as sales,
      (select count(distinct member_id)::int from paid_level_orders where tenant_id = ${tenant.tenantId}
        and (paid_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${to}::date) as orders`);
  return found.rows[0];
}

/**
 * What the reports can read of the member days, the pairs and the sums, netted per key: the
 * member-days of a grain counted per its own value and day (which row of the key carries one is
 * the writer's choice), each daily table's sums per key.
 */
async function kept() {
  const id = tenant.tenantId;
  const read = async (q: ReturnType<typeof sql>) => (await db().execute(q)).rows;
  return {
    days: await read(sql`select source, grain, key, member_id, day::text, rows::int from member_days where tenant_id = ${id}
      order by 1, 2, 3, 4, 5`),
    pairs: await read(sql`select source, grain, key, day::text, prev_day::text, sum(entries)::int as n from member_day_repeats
      where tenant_id = ${id} group by 1, 2, 3, 4, 5 having sum(entries) <> 0 order by 1, 2, 3, 4, 5`),
    sales: await read(sql`select day::text, store_id, sum(entries)::int as entries, sum(amount)::text as amount,
        sum(returned_amount)::text as returned, sum(points)::int as points, sum(member_days)::int as member_days
      from member_sales_daily where tenant_id = ${id} group by 1, 2
      having sum(entries) <> 0 or sum(member_days) <> 0 order by 1, 2`),
    salesAll: await read(sql`select day::text, sum(member_days_all)::int as n from member_sales_daily where tenant_id = ${id}
      group by 1 having sum(member_days_all) <> 0 order by 1`),
    orders: await read(sql`select day::text, level, store, pay_channel, sum(entries)::int as entries, sum(amount)::text as amount,
        sum(refunded)::text as refunded, sum(term_months)::int as months
      from paid_level_daily where tenant_id = ${id} group by 1, 2, 3, 4 having sum(entries) <> 0 order by 1, 2, 3, 4`),
    ordersGrains: await read(sql`select g, day::text, key, sum(n)::int as n from (
        select 'all' as g, day, '' as key, member_days_all as n from paid_level_daily where tenant_id = ${id}
        union all select 'store', day, coalesce(store::text, ''), member_days_store from paid_level_daily where tenant_id = ${id}
        union all select 'level', day, level::text, member_days_level from paid_level_daily where tenant_id = ${id}
        union all select 'channel', day, pay_channel, member_days_channel from paid_level_daily where tenant_id = ${id}
      ) x group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`),
  };
}

/** The paid level orders' sums per month and key, from the monthly rows or the daily rows. */
async function monthlyOrders(from: 'daily' | 'monthly') {
  const table = sql.identifier(from === 'daily' ? 'paid_level_daily' : 'paid_level_monthly');
  const found = await db().execute(sql`select to_char(date_trunc('month', day), 'YYYY-MM') as month, level, store, pay_channel,
      sum(entries)::int as entries, sum(amount)::text as amount, sum(refunded)::text as refunded, sum(term_months)::int as months, sum(member_days_all)::int as a,
      sum(member_days_store)::int as s, sum(member_days_level)::int as l, sum(member_days_channel)::int as c
    from ${table} where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4
    having sum(entries) <> 0 or sum(member_days_all) <> 0 or sum(member_days_store) <> 0 or sum(member_days_level) <> 0
      or sum(member_days_channel) <> 0
    order by 1, 2, 3, 4`);
  return found.rows;
}

beforeAll(async () => {
  const scene = await startPointsScene();
  ({ t, tenant } = scene);
  members = await createMembers({ client: scene.admin, count: 5 });
  stores = await createReportStores(scene.admin, 'MB');
  const made = await insertRows({
    tx: db(),
    tenantId: tenant.tenantId,
    resource: levelResource,
    rows: ['MBPA', 'MBPB'].map((code, i) => ({ code, name: `付费${code}`, levelType: 'PAID', rankOrder: 300 + i })),
  });
  levels = [...made.values()];
});

afterAll(async () => t?.close());

describe('members buying over a range from daily rows', () => {
  it('answer as the rows do through random sales and orders, changes and removals, and the rebuild and the fold keep them alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(step, fc.integer({ min: 1, max: 99_999 })), { minLength: 10, maxLength: 40 }),
        fc.tuple(fc.integer({ min: 0, max: 420 }), fc.integer({ min: 0, max: 420 })),
        async (steps, [a, b]) => {
          for (const [s, cents] of steps) await apply(s, cents);
          const range: [string, string] = [daysBefore(today(), Math.max(a, b)), daysBefore(today(), Math.min(a, b))];
          const fromDaily = await reportsIn('Asia/Shanghai', range);
          expect(fromDaily).toEqual(await reportsIn('Asia/Chongqing', range));
          // Whole months only (the paid level report reads its months alone, its trend by month).
          expect(await reportsIn('Asia/Shanghai', wholeMonths)).toEqual(await reportsIn('Asia/Chongqing', wholeMonths));
          // The whole's members, against count(distinct) of the rows.
          const direct = await distinctMembers(range[0], range[1]);
          const totals = fromDaily as { view: string; filters: ViewFilters; totals?: { totals: Record<string, number> } }[];
          expect(
            totals.find((r) => r.view === 'trans-analysis' && r.totals && Object.keys(r.filters).length === 1)?.totals?.totals.members,
          ).toBe(direct.sales);
          expect(
            totals.find((r) => r.view === 'fee-level' && r.totals && Object.keys(r.filters).length === 1)?.totals?.totals.members,
          ).toBe(direct.orders);
          // The months' sums are their days'.
          expect(await monthlyOrders('monthly')).toEqual(await monthlyOrders('daily'));
          // Running = rebuilt, and folded = unfolded.
          const running = await kept();
          await foldDailyTotals(db());
          expect(await kept()).toEqual(running);
          await recomputeDailyTotals(db(), tenant.tenantId);
          expect(await kept()).toEqual(running);
        },
      ),
      { numRuns: 16 },
    );
  });

  it('keep the pair of two postings of one member at once (they take turns)', async () => {
    // A member the random steps never name.
    const member = members[4];
    const first = await t.database.pool.connect();
    const second = await t.database.pool.connect();
    try {
      const insert = (c: typeof first, days: number) =>
        c.query(
          `insert into sales_transactions (tenant_id, order_no, member_id, store_id, amount, points, lines, response, occurred_at)
           values ($1, $2, $3, null, 10, 10, '[]', '{}', now() - make_interval(days => $4))`,
          [tenant.tenantId, `MBC-${days}-${Date.now()}`, member, days],
        );
      await first.query('begin');
      await insert(first, 200);
      // The second posting of the member waits on the first's lock until it commits.
      const other = (async () => {
        await second.query('begin');
        await insert(second, 210);
        await second.query('commit');
      })();
      await expect
        .poll(
          async () =>
            Number(
              (await t.database.pool.query(`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`)).rows[0].n,
            ),
          {
            timeout: 10_000,
          },
        )
        .toBeGreaterThan(0);
      await first.query('commit');
      await other;
    } finally {
      first.release();
      second.release();
    }
    const pairs = await db().execute<{
      day: string;
      prev_day: string;
      n: number;
    }>(sql`select day::text, prev_day::text, sum(entries)::int as n
      from member_day_repeats where tenant_id = ${tenant.tenantId} and source = 'sales' and grain = 'all'
        and day = ((now() - interval '200 days') at time zone 'Asia/Shanghai')::date
        and prev_day = ((now() - interval '210 days') at time zone 'Asia/Shanghai')::date
      group by 1, 2`);
    expect(pairs.rows.map((r) => r.n)).toEqual([1]);
    const running = await kept();
    await recomputeDailyTotals(db(), tenant.tenantId);
    expect(await kept()).toEqual(running);
  });
});
