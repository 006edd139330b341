import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeValueReportView } from '../../resources/data-table/store-value-report.query-view';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
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
import { ok, startValueDocsScene } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { cents, postValueEntry, valueEntry, type ValuePostings } from '../helpers/value-report-fixtures';

/**
 * The stored-value report (/data-table/store-value-report) ties to the value ledger to the cent:
 * over random recharges (with gift), payments, refunds of those payments and adjustments either
 * way, spread over two years at two stores in nested areas, for random dates, store, area and
 * kind, its totals are the sums of the members' value entries the filter covers, kind by kind; a
 * refund or an adjustment never counts as spent; its grouped totals add up and drill down.
 */

const VIEW = storeValueReportView;
const NAMES = { dates: 'occurredAt', store: 'storeId', area: 'areaId' } as const;

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let members: number[];
let stores: ReportStores;
const postings: ValuePostings = { payments: [], serial: 0 };

interface LedgerRow {
  kind: string;
  principal: number;
  gift: number;
  storeId: number | null;
  day: string;
}

/** Every member value entry of the tenant, straight from the ledger table, in cents. */
async function ledger(): Promise<LedgerRow[]> {
  const found = await t.database.db.execute<{ kind: string; p: string; g: string; store_id: string | null; day: string }>(sql`
    select kind, principal_delta as p, gift_delta as g, store_id, to_char((occurred_at at time zone ${ZONE})::date, 'YYYY-MM-DD') as day
    from value_entries where tenant_id = ${tenant.tenantId} and holder_kind = 'member'`);
  return found.rows.map((r) => ({
    kind: r.kind,
    principal: cents(r.p),
    gift: cents(r.g),
    storeId: r.store_id === null ? null : Number(r.store_id),
    day: r.day,
  }));
}

/** The report's measures as the ledger's rows say, in yuan. */
function sumsOf(rows: readonly LedgerRow[]): Record<string, number> {
  const sum = (kinds: readonly string[], pick: (r: LedgerRow) => number) =>
    rows.filter((r) => kinds.includes(r.kind)).reduce((s, r) => s + pick(r), 0);
  const amount = (r: LedgerRow) => r.principal + r.gift;
  const out = {
    recharged: sum(['recharge'], (r) => r.principal),
    gift: sum(['recharge'], (r) => r.gift),
    spent: 0 - sum(['pay'], amount),
    refunded: sum(['refund'], amount),
    adjusted: sum(['adjust'], amount),
    expired: 0 - sum(['expire'], amount),
    other: sum(['init', 'void'], amount),
    net: rows.reduce((s, r) => s + amount(r), 0),
  };
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v / 100]));
}

const entry = fc.record({ member: fc.nat({ max: 1 }), posting: valueEntry(['recharge', 'pay', 'refund', 'adjust']) });

/** Posts one entry of a member through the value ledger, then dates it back. */
async function post(e: Generated<typeof entry>): Promise<void> {
  const storeId = e.posting.store === null ? null : stores.stores[e.posting.store];
  const holder = { kind: 'member' as const, memberId: members[e.member] };
  await postValueEntry({ t, tenantId: tenant.tenantId, holder, storeId, entry: e.posting, postings, credit: 'recharge' });
}

const filters = fc.record({
  place: placeFilter,
  kind: fc.option(fc.constantFrom('recharge', 'pay', 'refund', 'adjust'), { nil: undefined }),
});

beforeAll(async () => {
  ({ t, tenant, admin } = await startValueDocsScene());
  members = await createMembers({ client: admin, count: 2 });
  stores = await createReportStores(admin, 'VR');
});

afterAll(async () => t?.close());

describe('stored-value report', () => {
  it('totals every kind of the value entries the dates, store, area and kind cover, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 8 }), filters, async (entries, generated) => {
        for (const e of entries) await post(e);
        const f = placeFilterOf({ generated: generated.place, stores, names: NAMES });
        if (generated.kind) f.kind = generated.kind;
        const all = await ledger();
        // The whole ledger too, so every kind weighs in each run, whatever the filter left out.
        expect((await queryReport(admin, VIEW, { pageSize: 1 })).totals).toEqual(sumsOf(all));
        const covered = all.filter(
          (r) => passesPlace({ filters: f, names: NAMES, stores, store: r.storeId, day: r.day }) && (!f.kind || r.kind === f.kind),
        );
        await expectReportTotals({ client: admin, view: VIEW, filters: f, expected: sumsOf(covered) });
        expect(await everyReportRow({ client: admin, view: VIEW, filters: f })).toHaveLength(covered.length);
      }),
      { numRuns: 10 },
    );
  });

  it('counts neither refunds nor adjustments as spent', async () => {
    const rows = await ledger();
    expect(rows.some((r) => r.kind === 'refund')).toBe(true);
    for (const kind of ['refund', 'adjust']) {
      const { totals } = await queryReport(admin, VIEW, { filters: { kind }, pageSize: 1 });
      expect(totals.spent, kind).toBe(0);
    }
    const all = (await queryReport(admin, VIEW, { pageSize: 1 })).totals;
    expect(all.spent).toBe(sumsOf(rows.filter((r) => r.kind === 'pay')).spent);
    expect(all.refunded).toBe(sumsOf(rows.filter((r) => r.kind === 'refund')).refunded);
  });

  it('compares the chosen period with the one before and the same one last year', async () => {
    const range = ['2026-02-01', '2026-02-28'] as const;
    const chart = await ok(admin.post(`/v1/${VIEW.name}/chart`, { body: { filters: { occurredAt: range } } }));
    const totalsOf = async (days: readonly [string, string]) =>
      (await queryReport(admin, VIEW, { filters: { occurredAt: days }, pageSize: 1 })).totals;
    expect(chart.current).toEqual(await totalsOf(range));
    expect(chart.previous.range).toEqual(['2026-01-04', '2026-01-31']);
    expect(chart.previous.totals).toEqual(await totalsOf(chart.previous.range));
    expect(chart.lastYear.totals).toEqual(await totalsOf(['2025-02-01', '2025-02-28']));
  });
});
