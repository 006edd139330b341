import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreReportView } from '../../resources/data-table/score-report.query-view';
import { expireTenantPoints, postPoints } from '../../server/modules/points/points.ledger';
import { createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers, startPointsScene } from '../helpers/points-fixtures';
import {
  createReportStores,
  everyReportRow,
  expectReportTotals,
  passesPlace,
  placeFilter,
  placeFilterOf,
  queryReport,
  ZONE,
  type Generated,
  type ReportStores,
} from '../helpers/report-fixtures';
import { ok } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { downloadTaskSheet } from '../helpers/workbooks';

/**
 * The points report (/data-table/score-report) ties to the points ledger: over random entries of
 * every kind spread over two years at two stores in nested areas, for random dates, store, area
 * and kind, its totals are the sums of the ledger's entries the filter covers, kind by kind (a
 * reversal or an adjustment never counts as redeemed), its grouped totals by store and by day add
 * up and drill down to their entries, and its export holds every entry.
 */

const VIEW = scoreReportView;
const NAMES = { dates: 'occurredAt', store: 'storeId', area: 'areaId' } as const;

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let members: number[];
let stores: ReportStores;

/** A ledger entry as the points_entries table holds it. */
interface LedgerRow {
  kind: string;
  delta: number;
  storeId: number | null;
  day: string;
}

/** Every points entry of the tenant, straight from the ledger table. */
async function ledger(): Promise<LedgerRow[]> {
  const found = await t.database.db.execute<{ kind: string; delta: string; store_id: string | null; day: string }>(sql`
    select kind, delta, store_id, to_char((occurred_at at time zone ${ZONE})::date, 'YYYY-MM-DD') as day
    from points_entries where tenant_id = ${tenant.tenantId}`);
  return found.rows.map((r) => ({
    kind: r.kind,
    delta: Number(r.delta),
    storeId: r.store_id === null ? null : Number(r.store_id),
    day: r.day,
  }));
}

/** The report's measures as the ledger's rows say, kind by kind. */
function sumsOf(rows: readonly LedgerRow[]): Record<string, number> {
  const of = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.delta, 0);
  return {
    issued: of('earn'),
    redeemed: 0 - of('spend'),
    reversed: of('reverse'),
    expired: 0 - of('expire'),
    adjusted: of('adjust'),
    net: rows.reduce((s, r) => s + r.delta, 0),
  };
}

const entry = fc.record({
  member: fc.nat({ max: 1 }),
  kind: fc.constantFrom('earn', 'spend', 'adjust', 'reverse', 'expiring'),
  points: fc.integer({ min: 1, max: 5_000 }),
  negative: fc.boolean(),
  store: fc.option(fc.nat({ max: 1 }), { nil: null, freq: 4 }),
  daysAgo: fc.integer({ min: 0, max: 730 }),
});

/** Posts one entry through the points ledger, then dates it `daysAgo` days back. */
async function post(e: Generated<typeof entry>): Promise<void> {
  const memberId = members[e.member];
  const storeId = e.store === null ? null : stores.stores[e.store];
  const posted = await t.database.db.transaction(async (tx) => {
    const balance = await tx.execute<{ balance: string }>(
      sql`select balance from points_accounts where tenant_id = ${tenant.tenantId} and member_id = ${memberId}`,
    );
    const held = Number(balance.rows[0]?.balance ?? 0);
    const base = { tx, tenantId: tenant.tenantId, memberId, storeId, channel: 'store' as const };
    // A take the balance cannot cover becomes an earning.
    const take = Math.min(e.points, held);
    if (e.kind === 'spend' && take > 0) return postPoints({ ...base, kind: 'spend', delta: -take, sourceType: 'exchange' });
    if (e.kind === 'reverse' && take > 0) return postPoints({ ...base, kind: 'reverse', delta: -take, sourceType: 'return' });
    if (e.kind === 'adjust') {
      const delta = e.negative && take > 0 ? -take : e.points;
      return postPoints({ ...base, kind: 'adjust', delta, sourceType: 'adjustment' });
    }
    // Points that are already due expire at the next expiry run.
    const expiresAt = e.kind === 'expiring' ? new Date(Date.now() - 1000) : null;
    return postPoints({ ...base, kind: 'earn', delta: e.points, sourceType: 'transaction', expiresAt });
  });
  await t.database.db.execute(sql`update points_entries set occurred_at = now() - make_interval(days => ${e.daysAgo})
    where tenant_id = ${tenant.tenantId} and id = ${posted.id}`);
}

const filters = fc.record({
  place: placeFilter,
  kind: fc.option(fc.constantFrom('earn', 'spend', 'adjust', 'reverse', 'expire'), { nil: undefined }),
});

beforeAll(async () => {
  ({ t, tenant, admin } = await startPointsScene());
  members = await createMembers({ client: admin, count: 2 });
  stores = await createReportStores(admin, 'SR');
});

afterAll(async () => t?.close());

describe('points report', () => {
  it('totals every kind of the ledger entries the dates, store, area and kind cover, to the point', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 8 }), filters, async (entries, generated) => {
        for (const e of entries) await post(e);
        await expireTenantPoints({ db: t.database.db, tenantId: tenant.tenantId });
        const f = placeFilterOf({ generated: generated.place, stores, names: NAMES });
        if (generated.kind) f.kind = generated.kind;
        const all = await ledger();
        // The whole ledger too, so every kind weighs in each run, whatever the filter left out.
        expect((await queryReport(admin, VIEW, { pageSize: 1 })).totals).toEqual(sumsOf(all));
        const covered = all.filter(
          (r) => passesPlace({ filters: f, names: NAMES, stores, store: r.storeId, day: r.day }) && (!f.kind || r.kind === f.kind),
        );
        await expectReportTotals({ client: admin, view: VIEW, filters: f, expected: sumsOf(covered) });
        const rows = await everyReportRow({ client: admin, view: VIEW, filters: f });
        expect(rows).toHaveLength(covered.length);
      }),
      { numRuns: 10 },
    );
  });

  it('never counts a reversal or an adjustment as redeemed', async () => {
    const rows = await ledger();
    const page = await queryReport(admin, VIEW, { filters: { kind: 'adjust' }, pageSize: 1 });
    expect(page.totals.redeemed).toBe(0);
    expect(page.totals.adjusted).toBe(sumsOf(rows.filter((r) => r.kind === 'adjust')).adjusted);
    expect((await queryReport(admin, VIEW, { filters: { kind: 'reverse' }, pageSize: 1 })).totals.redeemed).toBe(0);
  });

  it('compares the chosen period with the one before and the same one last year', async () => {
    const range = ['2026-01-01', '2026-03-31'] as const;
    const chart = await ok(admin.post(`/v1/${VIEW.name}/chart`, { body: { filters: { occurredAt: range } } }));
    const totalsOf = async (days: readonly [string, string]) =>
      (await queryReport(admin, VIEW, { filters: { occurredAt: days }, pageSize: 1 })).totals;
    expect(chart.current).toEqual(await totalsOf(range));
    expect(chart.previous.totals).toEqual(await totalsOf(chart.previous.range));
    expect(chart.lastYear.range).toEqual(['2025-01-01', '2025-03-31']);
    expect(chart.lastYear.totals).toEqual(await totalsOf(chart.lastYear.range));
    expect(chart.asOf).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('exports every entry of the filter as a file of the reports module', async () => {
    const f = { storeId: stores.stores[1] };
    const { total } = await queryReport(admin, VIEW, { filters: f, pageSize: 1 });
    const { taskId } = await ok(admin.post(`/v1/${VIEW.name}/export`, { body: { filters: f } }));
    const task = await ok(admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ state: 'succeeded', module: 'reports', processed: total, progress: 100 });
    const [header, ...cells] = await downloadTaskSheet({ app: t.app, client: admin, taskId });
    expect(header).toContain('门店');
    expect(cells).toHaveLength(total);
  });

  it('is read by the report’s own grant, not by the points ledger’s', async () => {
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'sr-ledger',
      grants: [{ resourceId: '积分/积分查询', action: '账户信息查看' }],
    });
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'sr-report',
      grants: [{ resourceId: '报表/积分报表', action: '报表查看' }],
    });
    const ledgerReader = await signIn(t.app, { tenant: tenant.code, login: 'sr-ledger', password: tenant.adminPassword });
    const reportReader = await signIn(t.app, { tenant: tenant.code, login: 'sr-report', password: tenant.adminPassword });
    expect((await ledgerReader.post(`/v1/${VIEW.name}/query`, { body: {} })).status).toBe(403);
    expect((await ledgerReader.get(`/v1/${VIEW.name}/areas`)).status).toBe(403);
    expect((await queryReport(reportReader, VIEW, { pageSize: 1 })).total).toBeGreaterThan(0);
    const areas = await ok(reportReader.get(`/v1/${VIEW.name}/areas`, { query: { keyword: 'SR' } }));
    expect(areas.map((a: { id: number }) => a.id).sort()).toEqual([stores.region, stores.city].sort());
  });
});
