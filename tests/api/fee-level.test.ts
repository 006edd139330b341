import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeLevelView } from '../../resources/data-table/fee-level.query-view';
import { levelResource } from '../../resources/member/level.resource';
import { paidLevelOrderResource } from '../../resources/member/paid-level-order.resource';
import { insertRows } from '../../server/db/seed/datum.seed';
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
import type { TestApp } from '../helpers/test-app';
import { cents, yuan } from '../helpers/value-report-fixtures';

/**
 * The paid level report (/data-table/fee-level) ties to the paid level orders: over random
 * orders of three members for two paid levels, paid, refunded or expired, at two stores in nested
 * areas or online, paid over two years, for random dates, store, area, level and state, its counts
 * and sums are those of the orders table's rows the filter covers, a refund is never revenue, and
 * members count once however many orders they placed. Orders are written by the selling channel
 * (no console or till route writes them), so the test writes them as the demo data does.
 */

const VIEW = feeLevelView;
const NAMES = { dates: 'paidAt', store: 'storeId', area: 'areaId' } as const;
const STATES = ['PAID', 'REFUNDED', 'EXPIRED'] as const;
const CHANNELS = ['WECHAT', 'ALIPAY', 'STORED_VALUE', 'CASH'] as const;

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let members: number[];
let levels: number[];
let stores: ReportStores;
let serial = 0;

interface OrderRow {
  memberId: number;
  level: number;
  storeId: number | null;
  amount: number;
  months: number;
  state: string;
  day: string;
}

/** Every paid level order of the tenant, straight from the orders table, in cents. */
async function orders(): Promise<OrderRow[]> {
  const found = await t.database.db.execute<{
    member_id: string;
    level: string;
    store: string | null;
    amount: string;
    term_months: number;
    state: string;
    day: string;
  }>(sql`select member_id, level, store, amount, term_months, state,
      to_char((paid_at at time zone ${ZONE})::date, 'YYYY-MM-DD') as day
    from paid_level_orders where tenant_id = ${tenant.tenantId}`);
  return found.rows.map((r) => ({
    memberId: Number(r.member_id),
    level: Number(r.level),
    storeId: r.store === null ? null : Number(r.store),
    amount: cents(r.amount),
    months: Number(r.term_months),
    state: r.state,
    day: r.day,
  }));
}

/** The report's figures as the orders table says, in yuan (counts as counts). */
function figuresOf(rows: readonly OrderRow[]): Record<string, number> {
  const sum = (of: readonly OrderRow[], pick: (r: OrderRow) => number) => of.reduce((s, r) => s + pick(r), 0);
  const refunded = rows.filter((r) => r.state === 'REFUNDED');
  return {
    orders: rows.length,
    amount: sum(rows, (r) => r.amount) / 100,
    refunded: sum(refunded, (r) => r.amount) / 100,
    net: (sum(rows, (r) => r.amount) - sum(refunded, (r) => r.amount)) / 100,
    months: sum(
      rows.filter((r) => r.state !== 'REFUNDED'),
      (r) => r.months,
    ),
    members: new Set(rows.map((r) => r.memberId)).size,
  };
}

const order = fc.record({
  member: fc.nat({ max: 2 }),
  level: fc.nat({ max: 1 }),
  cents: fc.integer({ min: 1, max: 99_999_00 }),
  months: fc.integer({ min: 1, max: 36 }),
  state: fc.constantFrom(...STATES),
  channel: fc.constantFrom(...CHANNELS),
  store: fc.option(fc.nat({ max: 1 }), { nil: null, freq: 4 }),
  daysAgo: fc.integer({ min: 0, max: 730 }),
});

async function write(o: Generated<typeof order>): Promise<void> {
  serial += 1;
  await insertRows({
    tx: t.database.db,
    tenantId: tenant.tenantId,
    resource: paidLevelOrderResource,
    key: 'number',
    rows: [
      {
        number: `FL${tenant.tenantId}-${serial}`,
        memberId: members[o.member],
        memberName: `会员${o.member}`,
        level: levels[o.level],
        amount: yuan(o.cents),
        termMonths: o.months,
        paidAt: new Date(Date.now() - o.daysAgo * 86_400_000),
        store: o.store === null ? null : stores.stores[o.store],
        payChannel: o.channel,
        state: o.state,
      },
    ],
  });
}

const filters = fc.record({
  place: placeFilter,
  level: fc.option(fc.nat({ max: 1 }), { nil: undefined, freq: 3 }),
  state: fc.option(fc.constantFrom(...STATES), { nil: undefined, freq: 3 }),
});

beforeAll(async () => {
  ({ t, tenant, admin } = await startPointsScene());
  members = await createMembers({ client: admin, count: 3 });
  stores = await createReportStores(admin, 'FL');
  const made = await insertRows({
    tx: t.database.db,
    tenantId: tenant.tenantId,
    resource: levelResource,
    rows: ['PAIDA', 'PAIDB'].map((code, i) => ({ code, name: `付费${code}`, levelType: 'PAID', rankOrder: 100 + i })),
  });
  levels = [...made.values()];
});

afterAll(async () => t?.close());

describe('paid level report', () => {
  it('counts and sums the orders the dates, store, area, level and state cover, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 6 }), filters, async (written, generated) => {
        for (const o of written) await write(o);
        const f = placeFilterOf({ generated: generated.place, stores, names: NAMES });
        if (generated.level !== undefined) f.levelId = levels[generated.level];
        if (generated.state) f.state = generated.state;
        const all = await orders();
        expect((await queryReport(admin, VIEW, { pageSize: 1 })).totals).toEqual(figuresOf(all));
        const covered = all.filter(
          (r) =>
            passesPlace({ filters: f, names: NAMES, stores, store: r.storeId, day: r.day }) &&
            (f.levelId === undefined || r.level === f.levelId) &&
            (!f.state || r.state === f.state),
        );
        await expectReportTotals({ client: admin, view: VIEW, filters: f, expected: figuresOf(covered) });
        expect(await everyReportRow({ client: admin, view: VIEW, filters: f })).toHaveLength(covered.length);
      }),
      { numRuns: 8 },
    );
  });

  it('never counts a refunded order as revenue', async () => {
    await write({ member: 0, level: 0, cents: 9_900, months: 12, state: 'REFUNDED', channel: 'WECHAT', store: 0, daysAgo: 1 });
    const { totals } = await queryReport(admin, VIEW, { filters: { state: 'REFUNDED' }, pageSize: 1 });
    expect(totals.net).toBe(0);
    expect(totals.months).toBe(0);
    expect(totals.refunded).toBe(totals.amount);
    expect(totals.amount).toBeGreaterThanOrEqual(99);
  });
});
