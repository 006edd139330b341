import pg from 'pg';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { memberAnalysisView } from '../../resources/data-table/member-analysis.query-view';
import { scoreReportView } from '../../resources/data-table/score-report.query-view';
import type { QueryViewDef } from '../../resources/query-view';
import { storeValueReportView } from '../../resources/data-table/store-value-report.query-view';
import { systemActor } from '../../server/crud/actor';
import { dailyAnswers, readViewChart, readViewRows, readViewTotals, viewConditions } from '../../server/crud/query-view.read';
import type { ViewSource } from '../../server/crud/query-view.source';
import { connectDatabase, type Db } from '../../server/db/connection';
import { DAILY_TOTALS_ZONE } from '../../server/db/schema/daily-totals.schema';
import { ROLL_FORWARD_FROM_ENTRIES, ROLL_FORWARD_SOURCES } from '../../server/modules/ledger/roll-forward.source';
import { applyMigrations } from '../../server/db/migrate';
import { couponReportSource } from '../../server/modules/coupons/coupon-report.source';
import { PASO_REPORT_SOURCES } from '../../server/modules/sale/paso-report.source';
import { memberAnalysisSource } from '../../server/modules/members/member-analysis.source';
import { expireTenantPoints, postPoints } from '../../server/modules/points/points.ledger';
import { foldDailyTotals, recomputeDailyTotals } from '../../server/modules/reports/daily-totals.upkeep';
import { createTemplate, soldCards } from '../helpers/card-fixtures';
import { signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers, startPointsScene } from '../helpers/points-fixtures';
import { createReportStores, daysBefore, queryReport, today, type ReportPage, type ReportStores } from '../helpers/report-fixtures';
import { ok } from '../helpers/stored-value-docs-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { postValueEntry, valueEntry, yuan, type ValuePostings } from '../helpers/value-report-fixtures';

/**
 * The ledgers' daily totals (server/modules/reports) that the reports and the points overview
 * read: the posting transaction keeps them equal to the entries, key by key, through inserts,
 * changes and folds; the recompute command rebuilds them the same; a reader of their zone is
 * answered from them and a reader of another zone from the entries, alike; and with
 * REPORTS_DATABASE_URL set the reports read that second database.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let members: number[];
let stores: ReportStores;

/** Each key's count and sums, from the ledger's entries or from the daily totals, keys with nothing left out. */
async function pointsByKey(from: 'entries' | 'daily') {
  const found = await t.database.db.execute(
    from === 'entries'
      ? sql`select (occurred_at at time zone 'Asia/Shanghai')::date::text as day, store_id, kind, source_type, channel,
            count(*)::int as entries, sum(delta)::bigint as delta, sum(greatest(delta, 0))::bigint as delta_in
          from points_entries where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`
      : sql`select day::text, store_id, kind, source_type, channel,
            sum(entries)::int as entries, sum(delta)::bigint as delta, sum(delta_in)::bigint as delta_in
          from points_daily where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5
          having sum(entries) <> 0 or sum(delta) <> 0 or sum(delta_in) <> 0 order by 1, 2, 3, 4, 5`,
  );
  return found.rows;
}

async function valueByKey(from: 'entries' | 'daily') {
  const found = await t.database.db.execute(
    from === 'entries'
      ? sql`select (e.occurred_at at time zone 'Asia/Shanghai')::date::text as day, e.store_id, e.holder_kind, c.card_type,
            c.template as card_template, e.kind, e.source_type, e.channel,
            count(*)::int as entries, sum(e.principal_delta)::text as principal, sum(e.gift_delta)::text as gift
          from value_entries e left join prepay_cards c on c.tenant_id = e.tenant_id and c.id = e.card_id
          where e.tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8`
      : sql`select day::text, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
            sum(entries)::int as entries, sum(principal_delta)::text as principal, sum(gift_delta)::text as gift
          from value_daily where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5, 6, 7, 8
          having sum(entries) <> 0 or sum(principal_delta) <> 0 or sum(gift_delta) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`,
  );
  return found.rows;
}

async function membersByKey(from: 'members' | 'daily') {
  const found = await t.database.db.execute(
    from === 'members'
      ? sql`select (registered_at at time zone 'Asia/Shanghai')::date::text as day, register_store, marketing_center, channel, profile,
            count(*)::int as entries, (count(*) filter (where lower(state) = 'using'))::int as in_use,
            (count(*) filter (where invited_by is not null))::int as invited
          from members where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`
      : sql`select day::text, register_store, marketing_center, channel, profile, sum(entries)::int as entries,
            sum(in_use_entries)::int as in_use, sum(invited_entries)::int as invited
          from members_daily where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5
          having sum(entries) <> 0 or sum(in_use_entries) <> 0 or sum(invited_entries) <> 0 order by 1, 2, 3, 4, 5`,
  );
  const counts = await t.database.db.execute(
    from === 'members'
      ? sql`select marketing_center, state, level, count(*)::int as entries from members where tenant_id = ${tenant.tenantId}
          group by 1, 2, 3 order by 1, 2, 3`
      : sql`select marketing_center, state, level, sum(entries)::int as entries from member_counts where tenant_id = ${tenant.tenantId}
          group by 1, 2, 3 having sum(entries) <> 0 order by 1, 2, 3`,
  );
  return [...found.rows, ...counts.rows];
}

/**
 * The members' counts per registration month and key: the monthly rows as they are (each on its
 * month's first day), or the daily rows summed per month.
 */
async function membersPerMonth(from: 'daily' | 'monthly') {
  const month = from === 'monthly' ? sql`to_char(day, 'YYYY-MM-DD')` : sql`to_char(date_trunc('month', day), 'YYYY-MM-DD')`;
  const table = sql.identifier(from === 'monthly' ? 'members_monthly' : 'members_daily');
  const found = await t.database.db.execute(sql`select ${month} as month, register_store, marketing_center, channel, profile,
      sum(entries)::int as entries, sum(in_use_entries)::int as in_use, sum(invited_entries)::int as invited
    from ${table} where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5
    having sum(entries) <> 0 or sum(in_use_entries) <> 0 or sum(invited_entries) <> 0 order by 1, 2, 3, 4, 5`);
  return found.rows;
}

/**
 * The points and value ledgers' totals per month and key: the monthly rows as they are (each on
 * its month's first day), or the daily rows summed per month.
 */
async function ledgersPerMonth(from: 'daily' | 'monthly') {
  const month = from === 'monthly' ? sql`to_char(day, 'YYYY-MM-DD')` : sql`to_char(date_trunc('month', day), 'YYYY-MM-DD')`;
  const table = (ledger: 'points' | 'value') => sql.identifier(`${ledger}_${from}`);
  const points = await t.database.db.execute(sql`select ${month} as month, store_id, kind, source_type, channel,
      sum(entries)::int as entries, sum(delta)::bigint as delta, sum(delta_in)::bigint as delta_in
    from ${table('points')} where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5
    having sum(entries) <> 0 or sum(delta) <> 0 or sum(delta_in) <> 0 order by 1, 2, 3, 4, 5`);
  const value = await t.database.db.execute(sql`select ${month} as month, store_id, holder_kind, card_type, card_template, kind,
      source_type, channel, sum(entries)::int as entries, sum(principal_delta)::text as principal, sum(gift_delta)::text as gift
    from ${table('value')} where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5, 6, 7, 8
    having sum(entries) <> 0 or sum(principal_delta) <> 0 or sum(gift_delta) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`);
  return { points: points.rows, value: value.rows };
}

async function expectDailyTotalsTie(): Promise<void> {
  expect(await pointsByKey('daily')).toEqual(await pointsByKey('entries'));
  expect(await valueByKey('daily')).toEqual(await valueByKey('entries'));
  expect(await membersByKey('daily')).toEqual(await membersByKey('members'));
  expect(await membersPerMonth('monthly')).toEqual(await membersPerMonth('daily'));
  expect(await ledgersPerMonth('monthly')).toEqual(await ledgersPerMonth('daily'));
}

/**
 * The reports' daily totals (coupon_daily, fuel_daily) key
 * by key, from the rows they summarise (each derived here on its own) or from the totals.
 */
async function reportsByKey(from: 'rows' | 'daily') {
  const db = t.database.db;
  const id = tenant.tenantId;
  const day = (at: string) => sql.raw(`to_char((${at} at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD')`);
  const coupons =
    from === 'rows'
      ? sql`select day, event, template, source, store_id, count(*)::int as entries, sum(face_value)::numeric(16, 2)::text as face_value,
            sum(discount)::numeric(16, 2)::text as discount from (
          select ${day('issued_at')} as day, 'issued' as event, template, source, null::bigint as store_id,
            coalesce(face_value, 0) as face_value, 0::numeric as discount from coupons where tenant_id = ${id}
          union all
          select ${day('used_at')}, 'used', template, source, used_store, coalesce(face_value, 0), coalesce(discount, 0)
            from coupons where tenant_id = ${id} and state = 'USED' and used_at is not null
          union all
          select ${day('valid_to')}, 'expired', template, source, null, coalesce(face_value, 0), 0
            from coupons where tenant_id = ${id} and state = 'ISSUED') c
          group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`
      : sql`select to_char(day, 'YYYY-MM-DD') as day, event, template, source, store_id, sum(entries)::int as entries,
            sum(face_value)::numeric(16, 2)::text as face_value, sum(discount)::numeric(16, 2)::text as discount
          from coupon_daily where tenant_id = ${id} group by 1, 2, 3, 4, 5
          having sum(entries) <> 0 or sum(face_value) <> 0 or sum(discount) <> 0 order by 1, 2, 3, 4, 5`;
  // A sale's fuel lines, its points and return shared by amount per line; its sales counted per grade and once on its least grade.
  const fuel =
    from === 'rows'
      ? sql`with l as (
            select x.id, ${day('x.occurred_at')} as day, x.store_id, p.fuel_type as grade,
              case when x.member_id is null then 'WALK_IN' else 'MEMBER' end as buyer, (e.line->>'quantity')::numeric as litres,
              (e.line->>'amount')::numeric as amount, coalesce((e.line->>'discount')::numeric, 0) as discount,
              coalesce(round(x.returned_amount * (e.line->>'amount')::numeric / nullif(x.amount, 0), 2), 0) as returned,
              coalesce(round(x.points * (e.line->>'amount')::numeric / nullif(x.amount, 0), 2), 0) as points
            from sales_transactions x cross join lateral jsonb_array_elements(x.lines) e(line)
            join products p on p.tenant_id = x.tenant_id and p.code = e.line->>'goodsCode' and p.fuel_type is not null
            where x.tenant_id = ${id}),
          g as (select distinct id, day, store_id, grade, buyer, min(grade) over (partition by id) as lead from l),
          s as (select day, store_id, grade, buyer, count(*)::int as sales, (count(*) filter (where grade = lead))::int as sales_lead
            from g group by 1, 2, 3, 4)
          select l.day, l.store_id, l.grade, l.buyer, count(*)::int as entries, sum(litres)::numeric(18, 3)::text as litres, sum(amount)::numeric(16, 2)::text as amount,
            sum(discount)::numeric(16, 2)::text as discount, sum(returned)::numeric(16, 2)::text as returned, sum(points)::numeric(16, 2)::text as points,
            min(s.sales) as sales, min(s.sales_lead) as sales_lead
          from l join s on s.day = l.day and s.store_id is not distinct from l.store_id and s.grade = l.grade and s.buyer = l.buyer
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`
      : sql`select to_char(day, 'YYYY-MM-DD') as day, store_id, grade, buyer, sum(entries)::int as entries, sum(litres)::numeric(18, 3)::text as litres,
            sum(amount)::numeric(16, 2)::text as amount, sum(discount)::numeric(16, 2)::text as discount, sum(returned)::numeric(16, 2)::text as returned, sum(points)::numeric(16, 2)::text as points,
            sum(sales)::int as sales, sum(sales_lead)::int as sales_lead
          from fuel_daily where tenant_id = ${id} group by 1, 2, 3, 4
          having sum(entries) <> 0 or sum(sales) <> 0 order by 1, 2, 3, 4`;
  const read = async (q: ReturnType<typeof sql>) => (await db.execute(q)).rows;
  return { coupons: await read(coupons), fuel: await read(fuel) };
}

async function expectReportTotalsTie(): Promise<void> {
  const fromRows = await reportsByKey('rows');
  expect(await reportsByKey('daily')).toEqual(fromRows);
}

let serial = 0;

/** A sale as the till stores it (its lines by product code), at a store or none, dated `daysAgo` back. */
async function insertSale(args: {
  memberId: number | null;
  storeId: number | null;
  lines: readonly { code: string; litres: number; cents: number; discountCents?: number }[];
  points: number;
  daysAgo: number;
}): Promise<string> {
  serial += 1;
  const orderNo = `DT-${tenant.tenantId}-${serial}`;
  const lines = args.lines.map((l) => ({
    goodsCode: l.code,
    quantity: l.litres,
    amount: yuan(l.cents),
    ...(l.discountCents === undefined ? {} : { discount: yuan(l.discountCents) }),
  }));
  const amount = yuan(args.lines.reduce((sum, l) => sum + l.cents, 0));
  await t.database.db.execute(sql`insert into sales_transactions (tenant_id, order_no, member_id, store_id, amount, points, lines,
      response, occurred_at)
    values (${tenant.tenantId}, ${orderNo}, ${args.memberId}, ${args.storeId}, ${amount}::numeric, ${args.points},
      ${JSON.stringify(lines)}::jsonb, '{}'::jsonb, now() - make_interval(days => ${args.daysAgo}))`);
  return orderNo;
}

/** Coupons of a template as the coupons table holds them, issued `daysAgo` back, valid `validDays` from then. */
async function insertCoupon(args: { template: number; memberId: number; daysAgo: number; validDays: number; face: string | null }) {
  serial += 1;
  const found = await t.database.db.execute<{ id: string }>(sql`insert into coupons (tenant_id, code, template, line_type, member, source,
      face_value, state, issued_at, valid_from, valid_to)
    values (${tenant.tenantId}, ${`DTC${serial}`}, ${args.template}, 'all_cash', ${args.memberId}, 'manual', ${args.face}::numeric, 'ISSUED',
      now() - make_interval(days => ${args.daysAgo}), now() - make_interval(days => ${args.daysAgo}),
      now() - make_interval(days => ${args.daysAgo}) + make_interval(days => ${args.validDays}))
    returning id`);
  return Number(found.rows[0].id);
}

/**
 * Each report's totals, grouped totals and chart over two years (by month) and 100 days (by week),
 * and within one grade for the fuel reports, as a reader in `zone`.
 */
async function reportsIn(zone: string) {
  const actor = systemActor({ tenantId: tenant.tenantId, timeZone: zone });
  const range = [daysBefore(today(), 730), today()];
  const weeks = [daysBefore(today(), 100), today()];
  const out: unknown[] = [];
  for (const source of [couponReportSource, memberAnalysisSource, ...PASO_REPORT_SOURCES]) {
    const time = source.view.time as string;
    const asked = [
      { [time]: range },
      { [time]: weeks },
      ...(PASO_REPORT_SOURCES.includes(source) ? [{ [time]: range, grade: 'GASOLINE_92' }] : []),
    ];
    for (const filters of asked) {
      const groups = source.view.groups ?? [];
      expect(dailyAnswers({ source, actor, filters, groups })).toBe(zone === 'Asia/Shanghai');
      const totals = await readViewTotals({ db: t.database.db, source, actor, filters, groups });
      const chart = await readViewChart({ db: t.database.db, source, actor, filters });
      out.push({ view: source.view.name, filters, totals, chart: { ...chart, asOf: null } });
    }
  }
  return out;
}

/** Points a member earns by a sale at no store, posted in `tx`. */
function earnAtNoStore(args: { tx: Parameters<typeof postPoints>[0]['tx']; memberId: number; delta: number }) {
  return postPoints({ ...args, tenantId: tenant.tenantId, storeId: null, channel: 'store', kind: 'earn', sourceType: 'transaction' });
}

/** Posts random points and stored value at the two stores over two years, each dated back through an update. */
async function postRandomEntries(count: number, postings: ValuePostings): Promise<void> {
  // Each member first earns what the spends and deductions of one point take.
  for (const memberId of members) {
    await t.database.db.transaction((tx) => earnAtNoStore({ tx, memberId, delta: 1000 }));
  }
  const kinds = fc.sample(fc.constantFrom('earn', 'spend', 'adjust'), count);
  for (const [i, kind] of kinds.entries()) {
    const storeId = i % 3 === 2 ? null : stores.stores[i % 2];
    const memberId = members[i % 2];
    const taking = kind !== 'earn' && i % 4 >= 2;
    const posted = await t.database.db.transaction((tx) =>
      postPoints({
        tx,
        tenantId: tenant.tenantId,
        memberId,
        storeId,
        channel: 'store',
        kind: taking ? kind : kind === 'adjust' ? 'adjust' : 'earn',
        delta: taking ? -1 : 10 + i,
        sourceType: kind === 'adjust' ? 'adjustment' : kind === 'spend' && taking ? 'exchange' : 'transaction',
        expiresAt: i % 5 === 0 ? new Date(Date.now() - 1000) : null,
      }),
    );
    await t.database.db.execute(sql`update points_entries set occurred_at = now() - make_interval(days => ${(i * 37) % 700})
      where tenant_id = ${tenant.tenantId} and id = ${posted.id}`);
  }
  await expireTenantPoints({ db: t.database.db, tenantId: tenant.tenantId });
  for (const [i, entry] of fc.sample(valueEntry(['recharge', 'pay', 'refund', 'adjust']), count).entries()) {
    const holder = { kind: 'member' as const, memberId: members[i % 2] };
    const storeId = entry.store === null ? null : stores.stores[entry.store];
    await postValueEntry({ t, tenantId: tenant.tenantId, holder, storeId, entry, postings, credit: 'recharge' });
  }
}

/** The points report's totals and groups over two years, as a reader in `zone` sees them. */
/** A page of a report over the last two years, as a reader in `zone` sees it. */
const reportIn = (view: QueryViewDef, zone: string): Promise<ReportPage> =>
  ok(
    admin.post(`/v1/${view.name}/query`, {
      body: { filters: { occurredAt: [daysBefore(today(), 730), today()] } },
      headers: { time_zone: zone },
    }),
  );

async function scoreReportIn(zone: string) {
  const page = await reportIn(scoreReportView, zone);
  return { total: page.total, totals: page.totals, groups: page.groups };
}

beforeAll(async () => {
  ({ t, tenant, admin } = await startPointsScene());
  members = await createMembers({ client: admin, count: 2 });
  stores = await createReportStores(admin, 'DT');
});

afterAll(async () => t?.close());

/**
 * Folds the daily rows, waiting for a fold running elsewhere. The fold functions serve every
 * tenant and only try their locks (a busy fold is skipped, the next tick's job folds), and
 * another test file's fold may be running: taken here first, the locks make this fold wait for it
 * and then see every row committed. What the tests check is the result (one row per key, the
 * same sums), not how many rows this call folded.
 */
async function foldEveryTenant(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fold_daily_totals')), pg_advisory_xact_lock(hashtext('fold_members_daily')),
      pg_advisory_xact_lock(hashtext('fold_report_daily'))`);
    await foldDailyTotals(tx);
  });
}

describe('daily totals of the ledgers', () => {
  it('stay equal to the entries key by key as they are posted, changed and folded, and the recompute rebuilds them alike', async () => {
    const postings: ValuePostings = { payments: [], serial: 0 };
    await postRandomEntries(24, postings);
    const template = await createTemplate(admin);
    await soldCards(admin, { templateId: template.id, storeId: stores.stores[0], quantity: 3 });
    expect((await valueByKey('entries')).some((r) => r.holder_kind === 'card' && Number(r.card_template) === template.id)).toBe(true);
    await expectDailyTotalsTie();

    // Members move between keys as their state changes and their registration is dated back.
    expect(await membersByKey('members')).not.toEqual([]);
    expect((await admin.post('/v1/member/freeze', { query: { id: members[1] }, body: { reason: 'daily totals' } })).status).toBe(200);
    await t.database.db.execute(sql`update members set registered_at = now() - interval '400 days'
      where tenant_id = ${tenant.tenantId} and id = ${members[0]}`);
    await expectDailyTotalsTie();
    expect((await admin.post('/v1/member/unfreeze', { query: { id: members[1] }, body: { reason: 'daily totals' } })).status).toBe(200);

    // The fold leaves one row per key, and the same sums.
    await foldEveryTenant(t.database.db);
    const perKey = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from points_daily
      where tenant_id = ${tenant.tenantId} group by day, store_id, kind, source_type, channel having count(*) > 1`);
    expect(perKey.rows).toEqual([]);
    const perMonth = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from value_monthly
      where tenant_id = ${tenant.tenantId}
      group by day, store_id, holder_kind, card_type, card_template, kind, source_type, channel having count(*) > 1`);
    expect(perMonth.rows).toEqual([]);
    await expectDailyTotalsTie();

    // Lost totals come back from the ledgers with the recompute command's function.
    await t.database.db.execute(sql`delete from points_monthly where tenant_id = ${tenant.tenantId} and kind = 'spend'`);
    await t.database.db.execute(sql`delete from value_monthly where tenant_id = ${tenant.tenantId} and holder_kind = 'member'`);
    expect((await ledgersPerMonth('monthly')).points).not.toEqual((await ledgersPerMonth('daily')).points);
    expect((await ledgersPerMonth('monthly')).value).not.toEqual((await ledgersPerMonth('daily')).value);
    await t.database.db.execute(sql`delete from points_daily where tenant_id = ${tenant.tenantId} and kind = 'earn'`);
    await t.database.db.execute(sql`delete from value_daily where tenant_id = ${tenant.tenantId} and holder_kind = 'card'`);
    await t.database.db.execute(sql`delete from members_daily where tenant_id = ${tenant.tenantId}`);
    await t.database.db.execute(sql`delete from members_monthly where tenant_id = ${tenant.tenantId}`);
    await t.database.db.execute(sql`delete from member_counts where tenant_id = ${tenant.tenantId}`);
    expect(await pointsByKey('daily')).not.toEqual(await pointsByKey('entries'));
    expect(await membersPerMonth('monthly')).toEqual([]);
    await recomputeDailyTotals(t.database.db, tenant.tenantId);
    await expectDailyTotalsTie();

    // Postings after a fold and a recompute are counted at once, in their own transaction.
    await postRandomEntries(6, postings);
    await expectDailyTotalsTie();
  });

  it('are rebuilt beside a posting that changed a member and then writes its ledger: both finish, neither ended as a deadlock', async () => {
    const [memberId] = members;
    let memberChanged!: () => void;
    const changed = new Promise<void>((resolve) => (memberChanged = resolve));
    let recomputeStarted!: () => void;
    const started = new Promise<void>((resolve) => (recomputeStarted = resolve));
    // A posting as a sale makes it: the member's row first, the ledger's entry after, in one transaction.
    const posting = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update members set state = state where tenant_id = ${tenant.tenantId} and id = ${memberId}`);
      memberChanged();
      await started;
      // Long enough for the recompute to be waiting for the members (PostgreSQL's deadlock check runs after a second).
      await new Promise((resolve) => setTimeout(resolve, 400));
      return earnAtNoStore({ tx, memberId, delta: 5 });
    });
    await changed;
    const recompute = recomputeDailyTotals(t.database.db, tenant.tenantId);
    recomputeStarted();
    const [posted, rebuilt] = await Promise.allSettled([posting, recompute]);
    expect(posted.status === 'rejected' ? String(posted.reason) : 'posted').toBe('posted');
    expect(rebuilt.status === 'rejected' ? String(rebuilt.reason) : 'rebuilt').toBe('rebuilt');
    await expectDailyTotalsTie();
  });

  it('answer the report for a reader of their zone as the entries answer a reader of another', async () => {
    // Asia/Chongqing keeps Shanghai's hours, so both readers have the same days; only the first reads the daily totals.
    const fromDaily = await scoreReportIn('Asia/Shanghai');
    const fromEntries = await scoreReportIn('Asia/Chongqing');
    expect(fromDaily.total).toBeGreaterThan(0);
    expect(fromDaily).toEqual(fromEntries);
    const value = (zone: string) => reportIn(storeValueReportView, zone);
    expect((await value('Asia/Shanghai')).totals).toEqual((await value('Asia/Chongqing')).totals);
    const overview = async (of: 'points' | 'member', zone: string) =>
      (await admin.post(`/v1/${of}/overview`, { body: {}, headers: { time_zone: zone } })).body.data;
    expect(await overview('points', 'Asia/Shanghai')).toEqual(await overview('points', 'Asia/Chongqing'));
    const memberHome = await overview('member', 'Asia/Shanghai');
    expect(memberHome.total).toBe(2);
    expect(memberHome).toEqual(await overview('member', 'Asia/Chongqing'));
    const growth = (zone: string) =>
      ok(
        admin.post(`/v1/${memberAnalysisView.name}/query`, {
          body: { filters: { registeredAt: [daysBefore(today(), 730), today()] } },
          headers: { time_zone: zone },
        }),
      );
    const grown = await growth('Asia/Shanghai');
    expect(grown.totals.newMembers).toBe(2);
    const fromMembers = await growth('Asia/Chongqing');
    expect([grown.totals, grown.groups]).toEqual([fromMembers.totals, fromMembers.groups]);

    // The roll-forwards of both ledgers, month by month, as the entries roll them.
    const actor = systemActor({ tenantId: tenant.tenantId, timeZone: 'Asia/Shanghai' });
    for (const [i, source] of ROLL_FORWARD_SOURCES.entries()) {
      const raw = ROLL_FORWARD_FROM_ENTRIES[i];
      const read = async (of: ViewSource) => ({
        rows: await readViewRows({
          db: t.database.db,
          source: of,
          actor,
          where: viewConditions({ source: of, actor, filters: {} }),
          limit: 1000,
        }),
        totals: await readViewTotals({ db: t.database.db, source: of, actor, filters: {}, groups: of.view.groups ?? [] }),
      });
      const fromDaily = await read(source);
      expect(fromDaily.rows.length).toBeGreaterThan(0);
      const fromLedger = await read(raw);
      expect(fromDaily).toEqual(fromLedger);

      // The roll-forward reads the monthly rows (not the days): a row only they hold shows in its months' issued and closing.
      await t.database.db.execute(
        i === 0
          ? sql`insert into points_monthly (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in)
              values (${tenant.tenantId}, date_trunc('month', now() at time zone 'Asia/Shanghai')::date, null, 'earn', 'transaction',
                'store', 1, 7, 7)`
          : sql`insert into value_monthly (tenant_id, day, store_id, holder_kind, card_type, card_template, kind, source_type, channel,
                entries, principal_delta, gift_delta)
              values (${tenant.tenantId}, date_trunc('month', now() at time zone 'Asia/Shanghai')::date, null, 'member', null, null,
                'recharge', 'recharge', null, 1, 7, 0)`,
      );
      const added = (await read(source)).totals as { totals: Record<string, string | number> };
      const before = fromLedger.totals as { totals: Record<string, string | number> };
      expect(Number(added.totals.issued)).toBe(Number(before.totals.issued) + 7);
      expect(Number(added.totals.closing)).toBe(Number(before.totals.closing) + 7);
      expect((await read(raw)).totals).toEqual(fromLedger.totals);
      await recomputeDailyTotals(t.database.db, tenant.tenantId);
      expect(await read(source)).toEqual(fromLedger);
    }
    const zone = await t.database.db.execute<{ zone: string }>(sql`select daily_totals_zone() as zone`);
    expect(zone.rows[0].zone).toBe(DAILY_TOTALS_ZONE);

    // A row only the daily totals hold shows to their reader alone: the reader of Shanghai is answered from them.
    await t.database.db
      .execute(sql`insert into points_daily (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in)
      values (${tenant.tenantId}, ${today()}::date, null, 'earn', 'transaction', 'store', 1, 7, 7)`);
    expect((await scoreReportIn('Asia/Shanghai')).totals.issued).toBe(Number(fromDaily.totals.issued) + 7);
    expect((await scoreReportIn('Asia/Chongqing')).totals.issued).toBe(fromEntries.totals.issued);
    await recomputeDailyTotals(t.database.db, tenant.tenantId);
    expect(await scoreReportIn('Asia/Shanghai')).toEqual(fromEntries);
  });

  it('are read by the reports from REPORTS_DATABASE_URL when it is set, and nothing else reads it', async () => {
    const url = new URL(inject('databaseUrl'));
    const name = `${url.pathname.slice(1)}_reports`;
    const admin2 = new pg.Client({ connectionString: url.toString() });
    await admin2.connect();
    await admin2.query(`create database "${name}"`);
    const replicaUrl = new URL(url.toString());
    replicaUrl.pathname = `/${name}`;
    const replica = connectDatabase(replicaUrl.toString(), { max: 2 });
    const second = await startTestApp({ env: { REPORTS_DATABASE_URL: replicaUrl.toString() } });
    try {
      await applyMigrations(replica);
      // The second database holds one day's totals of this merchant that the console's database does not.
      await replica.db
        .execute(sql`insert into points_daily (tenant_id, day, store_id, kind, source_type, channel, entries, delta, delta_in, folded)
        values (${tenant.tenantId}, ${today()}::date, null, 'earn', 'transaction', 'store', 3, 4321, 4321, true)`);
      const client = await signIn(second.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
      const page = await queryReport(client, scoreReportView, { filters: { occurredAt: [today(), today()] } });
      expect(page.total).toBe(3);
      expect(page.totals.issued).toBe(4321);
      // The rows are read there too (it has none); the members are not a report and come from the console's database.
      expect(page.records).toEqual([]);
      const listed = await client.post('/v1/member/query', { body: { page: 1, pageSize: 5 } });
      expect(listed.body.data.total).toBe(2);
    } finally {
      await second.close();
      await replica.close();
      await admin2.query(`drop database if exists "${name}" with (force)`);
      await admin2.end();
    }
  });
});

describe("daily totals of the coupons and the tills' fuel sales", () => {
  it("stay equal to their rows key by key through writes, changes, removals, a fuel product's new grade, folds and the recompute, and answer as the rows do", async () => {
    const category = (await ok(admin.post('/v1/catogory/saveNew', { body: { code: 'DTC', name: '油品' } }))).id as number;
    const product = (code: string, fuelType: string | undefined) =>
      ok(admin.post('/v1/product/saveNew', { body: { code, name: code, category, unit: '升', price: 7.5, fuelType } }));
    await product('DT-92', 'GASOLINE_92');
    await product('DT-0', 'DIESEL_0');
    await product('DT-SHOP', undefined);
    const [first, second] = stores.stores;
    // Sales of one grade, of two grades and a shop item, of a walk-in customer, at no store; one partly returned.
    const returned = await insertSale({
      memberId: members[0],
      storeId: first,
      lines: [{ code: 'DT-92', litres: 30.5, cents: 22_875, discountCents: 300 }],
      points: 228,
      daysAgo: 3,
    });
    await insertSale({
      memberId: members[1],
      storeId: first,
      lines: [
        { code: 'DT-92', litres: 10, cents: 7_501 },
        { code: 'DT-0', litres: 40, cents: 28_000, discountCents: 1_000 },
        { code: 'DT-SHOP', litres: 1, cents: 1_999 },
      ],
      points: 375,
      daysAgo: 3,
    });
    await insertSale({ memberId: null, storeId: second, lines: [{ code: 'DT-0', litres: 55.25, cents: 38_675 }], points: 0, daysAgo: 400 });
    await insertSale({ memberId: members[0], storeId: null, lines: [{ code: 'DT-SHOP', litres: 2, cents: 500 }], points: 5, daysAgo: 0 });
    await insertSale({
      memberId: members[1],
      storeId: second,
      lines: [{ code: 'DT-92', litres: 20, cents: 15_000 }],
      points: 150,
      daysAgo: 0,
    });
    await t.database.db.execute(sql`update sales_transactions set returned_amount = 100.33
      where tenant_id = ${tenant.tenantId} and order_no = ${returned}`);
    // A sale moved to another day and one removed.
    const moved = await insertSale({
      memberId: members[0],
      storeId: second,
      lines: [{ code: 'DT-0', litres: 5, cents: 3_500 }],
      points: 35,
      daysAgo: 9,
    });
    await t.database.db.execute(sql`update sales_transactions set occurred_at = occurred_at - interval '30 days'
      where tenant_id = ${tenant.tenantId} and order_no = ${moved}`);
    const removed = await insertSale({
      memberId: null,
      storeId: first,
      lines: [{ code: 'DT-92', litres: 5, cents: 3_750 }],
      points: 0,
      daysAgo: 1,
    });
    await t.database.db.execute(sql`delete from sales_transactions where tenant_id = ${tenant.tenantId} and order_no = ${removed}`);

    // Coupons issued, used at a store, expired unused (before today and earlier today), still valid, and a use undone.
    const used = await insertCoupon({ template: 1, memberId: members[0], daysAgo: 20, validDays: 30, face: '10.00' });
    const undone = await insertCoupon({ template: 1, memberId: members[1], daysAgo: 10, validDays: 30, face: '10.00' });
    await insertCoupon({ template: 2, memberId: members[0], daysAgo: 60, validDays: 30, face: null });
    await insertCoupon({ template: 2, memberId: members[1], daysAgo: 1, validDays: 30, face: '5.00' });
    const expiring = await insertCoupon({ template: 1, memberId: members[1], daysAgo: 5, validDays: 5, face: '10.00' });
    await t.database.db.execute(
      sql`update coupons set valid_to = now() - interval '1 second' where tenant_id = ${tenant.tenantId} and id = ${expiring}`,
    );
    for (const id of [used, undone]) {
      await t.database.db.execute(sql`update coupons set state = 'USED', used_at = now() - interval '2 days', used_store = ${first},
        discount = 10, order_no = 'DT' where tenant_id = ${tenant.tenantId} and id = ${id}`);
    }
    await t.database.db.execute(sql`update coupons set state = 'ISSUED', used_at = null, used_store = null, discount = null
      where tenant_id = ${tenant.tenantId} and id = ${undone}`);

    await expectReportTotalsTie();
    const before = await reportsByKey('daily');
    expect(before.fuel.some((r) => r.grade === 'GASOLINE_92' && Number(r.sales) > Number(r.sales_lead))).toBe(true);

    // The daily totals answer as the rows: a reader of Shanghai from them, of Chongqing (the same hours) from the rows.
    const fromDaily = await reportsIn('Asia/Shanghai');
    expect(fromDaily).toEqual(await reportsIn('Asia/Chongqing'));
    const paso = fromDaily.find((r) => (r as { view: string }).view === 'paso-report') as { totals: { totals: Record<string, number> } };
    expect(paso.totals.totals.transactions).toBe(5);

    // A fuel product's new grade moves its sales' lines; the shop item becoming fuel brings its lines in.
    await t.database.db.execute(
      sql`update products set fuel_type = 'GASOLINE_95' where tenant_id = ${tenant.tenantId} and code = 'DT-SHOP'`,
    );
    await expectReportTotalsTie();
    expect(await reportsByKey('daily')).not.toEqual(before);

    // The fold leaves one row per key, the same sums; lost totals come back from the recompute.
    await foldEveryTenant(t.database.db);
    const perKey = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from fuel_daily
      where tenant_id = ${tenant.tenantId} group by day, store_id, grade, buyer having count(*) > 1`);
    expect(perKey.rows).toEqual([]);
    await expectReportTotalsTie();
    for (const table of ['coupon_daily', 'fuel_daily']) {
      await t.database.db.execute(sql`delete from ${sql.identifier(table)} where tenant_id = ${tenant.tenantId}`);
    }
    expect((await reportsByKey('daily')).coupons).toEqual([]);
    await recomputeDailyTotals(t.database.db, tenant.tenantId);
    await expectReportTotalsTie();
    expect(await reportsIn('Asia/Shanghai')).toEqual(await reportsIn('Asia/Chongqing'));
  });
});

/** The first and last day of the month `back` months before this one (Shanghai's). */
function monthBack(back: number): [string, string] {
  const first = new Date(Date.parse(`${today().slice(0, 8)}01T00:00:00Z`));
  first.setUTCMonth(first.getUTCMonth() - back);
  const next = new Date(first);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return [first.toISOString().slice(0, 10), daysBefore(next.toISOString().slice(0, 10), 1)];
}

/**
 * The store member growth report's totals (whole, by store, by day, by channel) and chart over
 * each range, with each filter set, from the daily and monthly rows (the source) or the members (the
 * source without `daily`), for a reader of Shanghai.
 */
async function growthOver(from: 'daily' | 'members', ranges: readonly (readonly [string, string])[]) {
  const actor = systemActor({ tenantId: tenant.tenantId, timeZone: 'Asia/Shanghai' });
  const source: ViewSource = from === 'daily' ? memberAnalysisSource : { ...memberAnalysisSource, daily: undefined };
  const out: unknown[] = [];
  for (const range of ranges) {
    for (const filters of [
      { registeredAt: range },
      { registeredAt: range, storeId: stores.stores[0] },
      { registeredAt: range, profile: 'petrol' },
    ]) {
      for (const groups of [[], ['storeId', 'day'], ['channel']]) {
        if (from === 'daily') expect(dailyAnswers({ source, actor, filters, groups })).toBe(true);
        out.push({ filters, groups, totals: await readViewTotals({ db: t.database.db, source, actor, filters, groups }) });
      }
      out.push({ filters, chart: { ...(await readViewChart({ db: t.database.db, source, actor, filters })), asOf: null } });
    }
  }
  return out;
}

describe('members by registration month', () => {
  it("stay their days' sums through registrations, changes and folds, and the growth report reads whole months from them as the members answer", async () => {
    const db = t.database.db;
    const added = await createMembers({ client: admin, count: 12 });
    // Registrations over 19 months: on a month's first day just after midnight, its last just before, or mid-month (Shanghai's hours).
    const month = sql`date_trunc('month', now() at time zone 'Asia/Shanghai')`;
    for (const [i, id] of added.entries()) {
      const back = 1 + ((i * 7) % 19);
      const local = [
        sql`${month} - make_interval(months => ${back}) + interval '30 minutes'`,
        sql`${month} - make_interval(months => ${back - 1}) - interval '30 minutes'`,
        sql`${month} - make_interval(months => ${back}) + interval '14 days 12 hours'`,
      ][i % 3];
      await db.execute(sql`update members set registered_at = (${local}) at time zone 'Asia/Shanghai',
          register_store = ${i % 4 === 3 ? null : stores.stores[i % 2]}, channel = ${['store', 'weixin', 'alipay'][i % 3]},
          profile = ${i % 4 === 0 ? 'petrol' : 'standard'}, invited_by = ${i % 5 === 0 ? members[0] : null}
        where tenant_id = ${tenant.tenantId} and id = ${id}`);
      if (i % 4 === 1) {
        expect((await admin.post('/v1/member/freeze', { query: { id }, body: { reason: 'monthly totals' } })).status).toBe(200);
      }
    }
    await expectDailyTotalsTie();

    // A range of partial months at both ends and whole months between, the whole months alone, one
    // partial month, and one day at each end of two months (where the first and last days' members are).
    const ranges = [
      [daysBefore(monthBack(17)[0], -9), daysBefore(monthBack(2)[1], 3)],
      [monthBack(18)[0], monthBack(1)[1]],
      [daysBefore(monthBack(3)[0], -5), daysBefore(monthBack(3)[0], -20)],
      [monthBack(9)[1], monthBack(7)[0]],
      [daysBefore(today(), 600), today()],
    ] as const;
    const fromMembers = await growthOver('members', ranges);
    expect(await growthOver('daily', ranges)).toEqual(fromMembers);
    const whole = (await readViewTotals({
      db,
      source: memberAnalysisSource,
      actor: systemActor({ tenantId: tenant.tenantId, timeZone: 'Asia/Shanghai' }),
      filters: { registeredAt: ranges[1] },
      groups: [],
    })) as { totals: Record<string, number> };
    expect(whole.totals.newMembers).toBeGreaterThanOrEqual(11);

    // A member moved to another month and one frozen move between months' and keys' rows; the fold leaves one row per key.
    await db.execute(sql`update members set registered_at = registered_at - interval '40 days'
      where tenant_id = ${tenant.tenantId} and id = ${added[4]}`);
    expect((await admin.post('/v1/member/freeze', { query: { id: added[6] }, body: { reason: 'monthly totals' } })).status).toBe(200);
    await expectDailyTotalsTie();
    const moved = await growthOver('members', ranges);
    expect(moved).not.toEqual(fromMembers);
    expect(await growthOver('daily', ranges)).toEqual(moved);
    await foldEveryTenant(db);
    const perKey = await db.execute(sql`select count(*)::int as n from members_monthly where tenant_id = ${tenant.tenantId}
      group by day, register_store, marketing_center, channel, profile having count(*) > 1`);
    expect(perKey.rows).toEqual([]);
    await expectDailyTotalsTie();
    expect(await growthOver('daily', ranges)).toEqual(moved);

    // The whole months are read from the monthly rows, and so is a month but a few of its days (less
    // those days' rows): a row only the monthly rows hold shows in a range taking its month whole or
    // all of it but its last day, not in one taking its first ten days (read by day).
    const [first, last] = monthBack(5);
    await db.execute(sql`insert into members_monthly (tenant_id, day, register_store, marketing_center, channel, profile, entries,
        in_use_entries, invited_entries)
      values (${tenant.tenantId}, ${first}::date, null, null, 'store', 'standard', 5, 0, 0)`);
    const newMembers = async (from: 'daily' | 'members', range: readonly [string, string]) => {
      const [answer] = (await growthOver(from, [range])) as { totals: { totals: Record<string, number> } }[];
      return answer.totals.totals.newMembers;
    };
    expect(await newMembers('daily', [first, last])).toBe((await newMembers('members', [first, last])) + 5);
    expect(await newMembers('daily', ranges[1])).toBe((await newMembers('members', ranges[1])) + 5);
    const allButLast: [string, string] = [first, daysBefore(last, 1)];
    expect(await newMembers('daily', allButLast)).toBe((await newMembers('members', allButLast)) + 5);
    const firstDays: [string, string] = [first, daysBefore(first, -9)];
    expect(await newMembers('daily', firstDays)).toBe(await newMembers('members', firstDays));
    await recomputeDailyTotals(db, tenant.tenantId);
    await expectDailyTotalsTie();
    expect(await growthOver('daily', ranges)).toEqual(moved);
  });
});
