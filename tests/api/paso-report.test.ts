import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pasoDashboardView, pasoReportView } from '../../resources/data-table/paso-report.query-view';
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
 * The fuel reports (/data-table/paso-report and paso-report-view) tie to the sales the tills
 * sent: over random sales through the till's route, by members and by walk-in customers (no
 * member), of two fuel grades and a shop item, with discounts, some partly returned, at two
 * stations in nested areas or at none, dated back over two years, for random dates, station,
 * area, grade and customer, the litres, amounts, discounts, returns, member shares and per-litre
 * figures are those of the sales table's fuel lines the filter covers (shares and per-litre
 * figures computed exactly, rounded half up), the groups drill into their rows, and a return is
 * its own figure, never taken off the amount nor added to it.
 */

const VIEW = pasoReportView;
const NAMES = { dates: 'occurredAt', store: 'storeId', area: 'areaId' } as const;
const GRADES = ['GASOLINE_92', 'DIESEL_0'] as const;

let t: TestApp;
let tenant: TestTenant;
let till: ApiClient;
let admin: ApiClient;
let members: number[];
let stores: ReportStores;
let serial = 0;

/** One fuel line as the sales table holds it: litres in millilitres, money in cents. */
interface FuelLine {
  saleId: number;
  member: boolean;
  storeId: number | null;
  grade: string;
  day: string;
  ml: bigint;
  amount: bigint;
  discount: bigint;
  /** The line's part of its sale's returned amount and of its points, in hundredths, rounded half up. */
  returned: bigint;
  points: bigint;
}

/** `n / d` rounded half up (both non-negative; `d` positive). */
const roundDiv = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** Every fuel line of the tenant's sales, straight from the sales and products tables. */
async function fuelLines(): Promise<FuelLine[]> {
  const found = await t.database.db.execute<{
    id: string;
    member_id: string | null;
    store_id: string | null;
    amount: string;
    returned_amount: string;
    points: string;
    lines: { goodsCode: string; quantity: number; amount: string; discount?: string }[];
    day: string;
  }>(sql`select id, member_id, store_id, amount, returned_amount, points, lines,
      to_char((occurred_at at time zone ${ZONE})::date, 'YYYY-MM-DD') as day
    from sales_transactions where tenant_id = ${tenant.tenantId}`);
  const products = await t.database.db.execute<{ code: string; fuel_type: string | null }>(
    sql`select code, fuel_type from products where tenant_id = ${tenant.tenantId}`,
  );
  const gradeOf = new Map(products.rows.map((p) => [p.code, p.fuel_type]));
  return found.rows.flatMap((r) => {
    const total = BigInt(cents(r.amount));
    return r.lines.flatMap((line) => {
      const grade = gradeOf.get(line.goodsCode);
      if (!grade) return [];
      const amount = BigInt(cents(line.amount));
      const share = (figure: bigint) => (total === 0n ? 0n : roundDiv(figure * amount, total));
      return [
        {
          saleId: Number(r.id),
          member: r.member_id !== null,
          storeId: r.store_id === null ? null : Number(r.store_id),
          grade,
          day: r.day,
          ml: BigInt(Math.round(line.quantity * 1000)),
          amount,
          discount: BigInt(cents(line.discount ?? 0)),
          returned: share(BigInt(cents(r.returned_amount))),
          points: share(BigInt(r.points) * 100n),
        },
      ];
    });
  });
}

/** The report's figures as the sales table says (yuan, litres, per cent). */
function figuresOf(lines: readonly FuelLine[]): Record<string, number> {
  const sum = (rows: readonly FuelLine[], pick: (l: FuelLine) => bigint) => rows.reduce((s, l) => s + pick(l), 0n);
  const ofMembers = lines.filter((l) => l.member);
  const ml = sum(lines, (l) => l.ml);
  const memberMl = sum(ofMembers, (l) => l.ml);
  const sales = BigInt(new Set(lines.map((l) => l.saleId)).size);
  const memberSales = BigInt(new Set(ofMembers.map((l) => l.saleId)).size);
  const discount = sum(lines, (l) => l.discount);
  const ratio = (n: bigint, d: bigint, scale: number) => (d === 0n ? 0 : Number(roundDiv(n, d)) / scale);
  return {
    litres: Number(ml) / 1000,
    amount: Number(sum(lines, (l) => l.amount)) / 100,
    returned: Number(sum(lines, (l) => l.returned)) / 100,
    transactions: Number(sales),
    memberLitres: Number(memberMl) / 1000,
    memberLitresShare: ratio(memberMl * 10_000n, ml, 100),
    memberTransactionsShare: ratio(memberSales * 10_000n, sales, 100),
    // Hundredths of points over millilitres, to thousandths of a point a litre.
    pointsPerLitre: ratio(sum(ofMembers, (l) => l.points) * 10_000n, memberMl, 1000),
    discount: Number(discount) / 100,
    discountPerLitre: ratio(discount * 1000n, ml, 100),
  };
}

const sale = fc.record({
  // 3: a walk-in customer.
  member: fc.nat({ max: 3 }),
  grade: fc.nat({ max: 1 }),
  // Litres with up to 2 decimals.
  centilitres: fc.integer({ min: 1, max: 12_000 }),
  cents: fc.integer({ min: 0, max: 100_000 }),
  discount: fc.integer({ min: 0, max: 3_000 }),
  shop: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: null }),
  // Per mille of the sale returned: none most often, sometimes all.
  returned: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 1000 })),
  store: fc.option(fc.nat({ max: 1 }), { nil: null, freq: 4 }),
  daysAgo: fc.integer({ min: 0, max: 730 }),
});

/** Sends one sale (and its return) through the till's routes, then dates it back. */
async function post(s: Generated<typeof sale>): Promise<void> {
  serial += 1;
  const orderNo = `PA-${tenant.tenantId}-${serial}`;
  const lines = [
    { goodsCode: `PA-${GRADES[s.grade]}`, quantity: s.centilitres / 100, amount: yuan(s.cents), discount: yuan(s.discount) },
    ...(s.shop === null ? [] : [{ goodsCode: 'PA-SHOP', quantity: 1, amount: yuan(s.shop) }]),
  ];
  const memberId = s.member === 3 ? undefined : members[s.member];
  const storeId = s.store === null ? undefined : stores.stores[s.store];
  await ok(till.post('/v1/points/transaction', { body: { orderNo, memberId, storeId, lines } }));
  const total = s.cents + (s.shop ?? 0);
  const back = Math.floor((total * s.returned) / 1000);
  if (back > 0) await ok(till.post('/v1/points/return', { body: { returnNo: `${orderNo}-R`, orderNo, amount: yuan(back) } }));
  await t.database.db.execute(sql`update sales_transactions set occurred_at = now() - make_interval(days => ${s.daysAgo})
    where tenant_id = ${tenant.tenantId} and order_no = ${orderNo}`);
}

const filters = fc.record({
  place: placeFilter,
  grade: fc.option(fc.nat({ max: 1 }), { nil: undefined, freq: 3 }),
  buyer: fc.option(fc.constantFrom('MEMBER', 'WALK_IN'), { nil: undefined, freq: 3 }),
});

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startPointsScene());
  members = await createMembers({ client: admin, count: 3 });
  stores = await createReportStores(admin, 'PA');
  const category = (await ok(admin.post('/v1/catogory/saveNew', { body: { code: 'PAC', name: '油品' } }))).id as number;
  const product = (code: string, fuelType: string | undefined) =>
    ok(admin.post('/v1/product/saveNew', { body: { code, name: code, category, unit: '升', price: 7.5, fuelType } }));
  for (const grade of GRADES) await product(`PA-${grade}`, grade);
  await product('PA-SHOP', undefined);
});

afterAll(async () => t?.close());

describe('fuel sales report', () => {
  it('sums the fuel lines the dates, station, area, grade and customer cover, with exact shares and per-litre figures', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sale, { minLength: 1, maxLength: 6 }), filters, async (posted, generated) => {
        for (const s of posted) await post(s);
        const f = placeFilterOf({ generated: generated.place, stores, names: NAMES });
        if (generated.grade !== undefined) f.grade = GRADES[generated.grade];
        if (generated.buyer !== undefined) f.buyer = generated.buyer;
        const all = await fuelLines();
        expect((await queryReport(admin, VIEW, { pageSize: 1 })).totals).toEqual(figuresOf(all));
        const covered = all.filter(
          (l) =>
            passesPlace({ filters: f, names: NAMES, stores, store: l.storeId, day: l.day }) &&
            (f.grade === undefined || l.grade === f.grade) &&
            (f.buyer === undefined || (f.buyer === 'MEMBER') === l.member),
        );
        await expectReportTotals({ client: admin, view: VIEW, filters: f, expected: figuresOf(covered) });
        // The dashboard reads the same lines: the same figures for the same filter.
        expect((await queryReport(admin, pasoDashboardView, { filters: f, pageSize: 1 })).totals).toEqual(figuresOf(covered));
        const rows = await everyReportRow({ client: admin, view: VIEW, filters: f });
        expect(rows).toHaveLength(covered.length);
        expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      }),
      { numRuns: 8 },
    );
  });

  it('records a walk-in customer’s sale without points, counts it outside the member share, and keeps a return apart from the amount', async () => {
    const before = figuresOf(await fuelLines());
    await post({ member: 3, grade: 0, centilitres: 4000, cents: 30_000, discount: 0, shop: null, returned: 500, store: 0, daysAgo: 0 });
    const sold = await ok(
      till.post('/v1/points/transaction', {
        body: { orderNo: `PA-W-${tenant.tenantId}`, lines: [{ goodsCode: `PA-${GRADES[1]}`, quantity: 10, amount: '72.20' }] },
      }),
    );
    expect(sold).toMatchObject({ memberId: null, points: 0, amount: '72.20' });
    const page = await queryReport(admin, VIEW, { pageSize: 1 });
    expect(page.totals.litres).toBeCloseTo(before.litres + 50, 3);
    expect(page.totals.memberLitres).toBe(before.memberLitres);
    expect(page.totals.amount).toBeCloseTo(before.amount + 300 + 72.2, 2);
    expect(page.totals.returned).toBeCloseTo(before.returned + 150, 2);
    expect(page.totals.transactions).toBe(before.transactions + 2);
  });

  it('refuses a walk-in customer’s payment from a member’s account, naming the field', async () => {
    const res = await till.post('/v1/points/transaction', {
      body: {
        orderNo: `PA-X-${tenant.tenantId}`,
        lines: [{ goodsCode: `PA-${GRADES[0]}`, quantity: 1, amount: '7.56' }],
        payments: [{ method: 'STORED_VALUE', amount: '7.56' }],
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('payments.0.method');
  });
});
