import pg from 'pg';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { memberAnalysisView } from '../../resources/data-table/member-analysis.query-view';
import { scoreReportView } from '../../resources/data-table/score-report.query-view';
import type { QueryViewDef } from '../../resources/query-view';
import { storeValueReportView } from '../../resources/data-table/store-value-report.query-view';
import { systemActor } from '../../server/crud/actor';
import { readViewRows, readViewTotals, viewConditions } from '../../server/crud/query-view.read';
import type { ViewSource } from '../../server/crud/query-view.source';
import { connectDatabase } from '../../server/db/connection';
import { ROLL_FORWARD_FROM_ENTRIES, ROLL_FORWARD_SOURCES } from '../../server/modules/ledger/roll-forward.source';
import { applyMigrations } from '../../server/db/migrate';
import { expireTenantPoints, postPoints } from '../../server/modules/points/points.ledger';
import { foldDailyTotals, recomputeDailyTotals } from '../../server/modules/reports/daily-totals.upkeep';
import { createTemplate, soldCards } from '../helpers/card-fixtures';
import { signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers, startPointsScene } from '../helpers/points-fixtures';
import { createReportStores, daysBefore, queryReport, today, type ReportPage, type ReportStores } from '../helpers/report-fixtures';
import { ok } from '../helpers/stored-value-docs-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { postValueEntry, valueEntry, type ValuePostings } from '../helpers/value-report-fixtures';

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
            lower(state) = 'using' as in_use, invited_by is not null as invited, count(*)::int as entries
          from members where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`
      : sql`select day::text, register_store, marketing_center, channel, profile, in_use, invited, sum(entries)::int as entries
          from members_daily where tenant_id = ${tenant.tenantId} group by 1, 2, 3, 4, 5, 6, 7
          having sum(entries) <> 0 order by 1, 2, 3, 4, 5, 6, 7`,
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

async function expectDailyTotalsTie(): Promise<void> {
  expect(await pointsByKey('daily')).toEqual(await pointsByKey('entries'));
  expect(await valueByKey('daily')).toEqual(await valueByKey('entries'));
  expect(await membersByKey('daily')).toEqual(await membersByKey('members'));
}

/** Posts random points and stored value at the two stores over two years, each dated back through an update. */
async function postRandomEntries(count: number, postings: ValuePostings): Promise<void> {
  // Each member first earns what the spends and deductions of one point take.
  for (const memberId of members) {
    await t.database.db.transaction((tx) =>
      postPoints({
        tx,
        tenantId: tenant.tenantId,
        memberId,
        storeId: null,
        channel: 'store',
        kind: 'earn',
        delta: 1000,
        sourceType: 'transaction',
      }),
    );
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
    expect(await foldDailyTotals(t.database.db)).toBeGreaterThan(0);
    const perKey = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from points_daily
      where tenant_id = ${tenant.tenantId} group by day, store_id, kind, source_type, channel having count(*) > 1`);
    expect(perKey.rows).toEqual([]);
    await expectDailyTotalsTie();

    // Lost totals come back from the ledgers with the recompute command's function.
    await t.database.db.execute(sql`delete from points_daily where tenant_id = ${tenant.tenantId} and kind = 'earn'`);
    await t.database.db.execute(sql`delete from value_daily where tenant_id = ${tenant.tenantId} and holder_kind = 'card'`);
    await t.database.db.execute(sql`delete from members_daily where tenant_id = ${tenant.tenantId}`);
    await t.database.db.execute(sql`delete from member_counts where tenant_id = ${tenant.tenantId}`);
    expect(await pointsByKey('daily')).not.toEqual(await pointsByKey('entries'));
    await recomputeDailyTotals(t.database.db, tenant.tenantId);
    await expectDailyTotalsTie();

    // Postings after a fold and a recompute are counted at once, in their own transaction.
    await postRandomEntries(6, postings);
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
      expect(fromDaily).toEqual(await read(raw));
    }

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
