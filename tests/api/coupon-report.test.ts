import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponReportView } from '../../resources/data-table/coupon-report.query-view';
import { effectiveTemplate, issueOne, startCouponScene } from '../helpers/coupon-fixtures';
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
import type { TestApp } from '../helpers/test-app';

/**
 * The coupon report (/data-table/coupon-report) ties to the coupons: over coupons issued through
 * the till's route to random templates, then given a random past (issued some days ago, then
 * used at a store, or expired unused, or still valid: the history a merchant already has), for
 * random dates, store, area, event and template, its counts and sums are those of the coupons'
 * events the filter covers (an issue on its day, a use on its day at its store, an expiry on the
 * day the validity ended), its grouped totals by template and store add up and drill down.
 */

const VIEW = couponReportView;
const NAMES = { dates: 'occurredAt', store: 'storeId', area: 'areaId' } as const;

let t: TestApp;
let tenant: TestTenant;
let till: ApiClient;
let admin: ApiClient;
let members: number[];
let templates: number[];
let stores: ReportStores;

/** One event of a coupon as its row says. */
interface CouponEvent {
  event: 'issued' | 'used' | 'expired';
  day: string;
  storeId: number | null;
  templateId: number;
  faceValue: number;
  discount: number;
}

const cents = (value: string | null) => Math.round(Number(value ?? 0) * 100);

/** Every coupon event of the tenant, from the coupons table itself. */
async function events(): Promise<CouponEvent[]> {
  const day = (column: string) => sql.raw(`to_char((${column} at time zone '${ZONE}')::date, 'YYYY-MM-DD')`);
  const found = await t.database.db.execute<{
    state: string;
    template: string;
    face_value: string | null;
    discount: string | null;
    used_store: string | null;
    issued: string;
    used: string | null;
    ends: string;
    ended: boolean;
  }>(sql`select state, template, face_value, discount, used_store, ${day('issued_at')} as issued, ${day('used_at')} as used,
      ${day('valid_to')} as ends, valid_to <= now() as ended
    from coupons where tenant_id = ${tenant.tenantId}`);
  return found.rows.flatMap((r) => {
    const base = { templateId: Number(r.template), faceValue: cents(r.face_value), discount: 0, storeId: null };
    const out: CouponEvent[] = [{ ...base, event: 'issued', day: r.issued }];
    if (r.state === 'USED' && r.used !== null)
      out.push({
        ...base,
        event: 'used',
        day: r.used,
        storeId: r.used_store === null ? null : Number(r.used_store),
        discount: cents(r.discount),
      });
    if (r.state === 'ISSUED' && r.ended) out.push({ ...base, event: 'expired', day: r.ends });
    return out;
  });
}

function sumsOf(rows: readonly CouponEvent[]): Record<string, number> {
  const of = (event: string) => rows.filter((r) => r.event === event);
  return {
    issued: of('issued').length,
    used: of('used').length,
    expired: of('expired').length,
    issuedValue: of('issued').reduce((s, r) => s + r.faceValue, 0) / 100,
    discount: of('used').reduce((s, r) => s + r.discount, 0) / 100,
  };
}

const coupon = fc.record({
  template: fc.nat({ max: 1 }),
  member: fc.nat({ max: 1 }),
  issuedDaysAgo: fc.integer({ min: 0, max: 730 }),
  fate: fc.constantFrom('unused', 'used', 'expired'),
  later: fc.integer({ min: 0, max: 60 }),
  store: fc.option(fc.nat({ max: 1 }), { nil: null, freq: 4 }),
  discount: fc.integer({ min: 1, max: 2_000 }),
});

/** Issues one coupon through the till, then gives it its past. */
async function issue(c: Generated<typeof coupon>): Promise<void> {
  const code = await issueOne(till, templates[c.template], members[c.member]);
  const later = Math.min(c.later, c.issuedDaysAgo);
  const issuedAt = sql`now() - make_interval(days => ${c.issuedDaysAgo})`;
  const thenAt = sql`now() - make_interval(days => ${c.issuedDaysAgo - later})`;
  const where = sql`tenant_id = ${tenant.tenantId} and code = ${code}`;
  if (c.fate === 'used') {
    const store = c.store === null ? null : stores.stores[c.store];
    await t.database.db.execute(sql`update coupons set issued_at = ${issuedAt}, valid_from = ${issuedAt}, state = 'USED',
      used_at = ${thenAt}, used_store = ${store}, discount = ${(c.discount / 100).toFixed(2)}::numeric, order_no = ${`CR-${code}`}
      where ${where}`);
  } else if (c.fate === 'expired') {
    // Ended at least a second ago, so it is expired by its window.
    await t.database.db.execute(sql`update coupons set issued_at = ${issuedAt}, valid_from = ${issuedAt},
      valid_to = least(${thenAt}, now() - interval '1 second') where ${where}`);
  } else {
    await t.database.db.execute(sql`update coupons set issued_at = ${issuedAt}, valid_from = ${issuedAt},
      valid_to = now() + interval '30 days' where ${where}`);
  }
}

const filters = fc.record({
  place: placeFilter,
  event: fc.option(fc.constantFrom('issued', 'used', 'expired'), { nil: undefined }),
  template: fc.option(fc.nat({ max: 1 }), { nil: undefined }),
});

beforeAll(async () => {
  ({ t, tenant, till, admin } = await startCouponScene());
  members = await createMembers({ client: admin, count: 2 });
  templates = [
    await effectiveTemplate(admin, { name: '报表十元券' }),
    await effectiveTemplate(admin, { name: '报表五元券', rule: { cashValue: '5.00' } }),
  ];
  stores = await createReportStores(admin, 'CR');
});

afterAll(async () => t?.close());

describe('coupon report', () => {
  it('counts the issues, uses and expiries the dates, store, area, event and template cover, with their values to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(coupon, { minLength: 1, maxLength: 6 }), filters, async (coupons, generated) => {
        for (const c of coupons) await issue(c);
        const all = await events();
        expect((await queryReport(admin, VIEW, { pageSize: 1 })).totals).toEqual(sumsOf(all));
        const f = placeFilterOf({ generated: generated.place, stores, names: NAMES });
        if (generated.event) f.event = generated.event;
        if (generated.template !== undefined) f.templateId = templates[generated.template];
        const covered = all.filter(
          (r) =>
            passesPlace({ filters: f, names: NAMES, stores, store: r.storeId, day: r.day }) &&
            (!f.event || r.event === f.event) &&
            (f.templateId === undefined || r.templateId === f.templateId),
        );
        await expectReportTotals({ client: admin, view: VIEW, filters: f, expected: sumsOf(covered) });
        expect(await everyReportRow({ client: admin, view: VIEW, filters: f })).toHaveLength(covered.length);
      }),
      { numRuns: 10 },
    );
  });

  it('names each template group and finds a template by a piece of its name', async () => {
    const page = await queryReport(admin, VIEW, { pageSize: 1 });
    const titles = page.groups.templateId.map((g) => (g as unknown as { title: string }).title).sort();
    expect(titles).toEqual(['报表五元券', '报表十元券']);
    const five = await queryReport(admin, VIEW, { filters: { template: '五元' }, pageSize: 1 });
    const byId = await queryReport(admin, VIEW, { filters: { templateId: templates[1] }, pageSize: 1 });
    expect(five.totals).toEqual(byId.totals);
    expect(five.totals.issuedValue).toBe(five.totals.issued * 5);
  });
});
