import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transAnalysisView } from '../../resources/data-table/trans-analysis.query-view';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
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
import { cents, yuan } from '../helpers/value-report-fixtures';

/**
 * Store member transactions (/data-table/trans-analysis) tie to the sales the tills sent: over
 * random sales of three members through the till's route, some partly or wholly returned, at two
 * stores in nested areas or at none, dated back over two years, for random dates, store, area and
 * member, its counts and sums are those of the sales table's rows the filter covers, members
 * count once however often they bought, the averages are the sums divided by them to the cent,
 * and a return only ever lowers the net, never adds a sale.
 */

const VIEW = transAnalysisView;
const NAMES = { dates: 'occurredAt', store: 'storeId', area: 'areaId' } as const;

let t: TestApp;
let tenant: TestTenant;
let till: ApiClient;
let admin: ApiClient;
let members: number[];
let stores: ReportStores;
let serial = 0;

interface SaleRow {
  memberId: number;
  storeId: number | null;
  amount: number;
  returned: number;
  points: number;
  day: string;
}

/** Every sale of the tenant, straight from the sales table, in cents. */
async function sales(): Promise<SaleRow[]> {
  const found = await t.database.db.execute<{
    member_id: string;
    store_id: string | null;
    amount: string;
    returned_amount: string;
    points: string;
    day: string;
  }>(sql`select member_id, store_id, amount, returned_amount, points,
      to_char((occurred_at at time zone ${ZONE})::date, 'YYYY-MM-DD') as day
    from sales_transactions where tenant_id = ${tenant.tenantId}`);
  return found.rows.map((r) => ({
    memberId: Number(r.member_id),
    storeId: r.store_id === null ? null : Number(r.store_id),
    amount: cents(r.amount),
    returned: cents(r.returned_amount),
    points: Number(r.points),
    day: r.day,
  }));
}

/** The analysis's figures as the sales table says, in yuan (counts as counts). */
function figuresOf(rows: readonly SaleRow[]): Record<string, number> {
  const sum = (pick: (r: SaleRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const net = sum((r) => r.amount - r.returned);
  const buyers = new Set(rows.map((r) => r.memberId)).size;
  return {
    transactions: rows.length,
    amount: sum((r) => r.amount) / 100,
    returned: sum((r) => r.returned) / 100,
    net: net / 100,
    points: sum((r) => r.points),
    members: buyers,
    // Non-negative, so rounding half up is PostgreSQL's round (half away from zero).
    perMember: buyers === 0 ? 0 : Math.round(net / buyers) / 100,
    perTransaction: rows.length === 0 ? 0 : Math.round(sum((r) => r.amount) / rows.length) / 100,
  };
}

const sale = fc.record({
  member: fc.nat({ max: 2 }),
  cents: fc.integer({ min: 1, max: 100_000 }),
  // Per mille of the sale returned: none most often, sometimes all.
  returned: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 1000 })),
  store: fc.option(fc.nat({ max: 1 }), { nil: null, freq: 4 }),
  daysAgo: fc.integer({ min: 0, max: 730 }),
});

/** Sends one sale (and its return) through the till's routes, then dates it back. */
async function post(s: Generated<typeof sale>): Promise<void> {
  serial += 1;
  const orderNo = `TA-${tenant.tenantId}-${serial}`;
  const storeId = s.store === null ? undefined : stores.stores[s.store];
  const amount = yuan(s.cents);
  await ok(
    till.post('/v1/points/transaction', {
      body: { orderNo, memberId: members[s.member], storeId, lines: [{ goodsCode: 'G1', quantity: 1, amount }] },
    }),
  );
  const back = Math.floor((s.cents * s.returned) / 1000);
  if (back > 0) await ok(till.post('/v1/points/return', { body: { returnNo: `${orderNo}-R`, orderNo, amount: yuan(back) } }));
  await t.database.db.execute(sql`update sales_transactions set occurred_at = now() - make_interval(days => ${s.daysAgo})
    where tenant_id = ${tenant.tenantId} and order_no = ${orderNo}`);
}

const filters = fc.record({ place: placeFilter, member: fc.option(fc.nat({ max: 2 }), { nil: undefined, freq: 3 }) });

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startPointsScene());
  members = await createMembers({ client: admin, count: 3 });
  stores = await createReportStores(admin, 'TA');
});

afterAll(async () => t?.close());

describe('store member transactions', () => {
  it('counts, sums and averages the member sales the dates, store, area and member cover, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sale, { minLength: 1, maxLength: 6 }), filters, async (posted, generated) => {
        for (const s of posted) await post(s);
        const f = placeFilterOf({ generated: generated.place, stores, names: NAMES });
        if (generated.member !== undefined) f.memberId = members[generated.member];
        const all = await sales();
        expect((await queryReport(admin, VIEW, { pageSize: 1 })).totals).toEqual(figuresOf(all));
        const covered = all.filter(
          (r) =>
            passesPlace({ filters: f, names: NAMES, stores, store: r.storeId, day: r.day }) &&
            (f.memberId === undefined || r.memberId === f.memberId),
        );
        await expectReportTotals({ client: admin, view: VIEW, filters: f, expected: figuresOf(covered) });
        expect(await everyReportRow({ client: admin, view: VIEW, filters: f })).toHaveLength(covered.length);
      }),
      { numRuns: 8 },
    );
  });

  it('counts a member buying at both stores once in the total, once in each store', async () => {
    for (const store of [0, 1]) await post({ member: 1, cents: 10_000, returned: 500, store, daysAgo: 3 });
    const rows = await sales();
    const page = await queryReport(admin, VIEW, { pageSize: 1 });
    expect(page.totals.members).toBe(new Set(rows.map((r) => r.memberId)).size);
    for (const group of page.groups.storeId) {
      const store = group.key === null ? null : Number(group.key);
      expect(group.members).toBe(new Set(rows.filter((r) => r.storeId === store).map((r) => r.memberId)).size);
    }
    expect(rows.some((r) => r.returned > 0)).toBe(true);
    expect(page.totals.net).toBeLessThan(page.totals.amount);
  });
});
