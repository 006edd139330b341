import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponResource } from '../../resources/coupons/coupon.resource';
import { createTenant, signIn, type ApiClient } from '../helpers/fixtures';
import { effectiveTemplate, issueOne, newMember, okData, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';

/**
 * `POST /v1/<name>/counts` (list.stateCounts): the coupon inquiry's chips. Each count equals the
 * total the list itself answers for that state under the same filters and keyword, the state
 * filter aside; the tenant boundary and the read permission hold as for the list.
 */

let scene: CouponScene;
let admin: ApiClient;
const STATES = couponResource.list.stateCounts;
// Coupons are issued on Monday 1 June 2026, 12:00 in Shanghai, and counted a day and an hour later.
const MONDAY_NOON = new Date('2026-06-01T04:00:00Z');
const DAY = 86_400_000;
const COUNTED_AT = new Date(MONDAY_NOON.getTime() + DAY + 3_600_000);

beforeAll(async () => {
  scene = await startCouponScene();
  admin = scene.admin;
});
afterAll(async () => {
  scene?.clock.set(null);
  await scene?.t.close();
});

type Search = { filters?: Record<string, unknown>; keyword?: string };
const countsOf = (search: Search, client = admin) => okData<Record<string, number>>(client.post('/v1/coupon/counts', { body: search }));
const listTotal = async (search: Search, state: string) =>
  (
    await okData<{ total: number }>(
      admin.post('/v1/coupon/query', { body: { ...search, filters: { ...search.filters, state: [state] }, pageSize: 1 } }),
    )
  ).total;

/** A member holding coupons in every counted state but USED, in known numbers, at COUNTED_AT. */
async function memberWithCoupons(): Promise<{ member: number; codes: string[] }> {
  const { till } = scene;
  scene.clock.set(MONDAY_NOON);
  const member = await newMember(admin);
  const now = await effectiveTemplate(admin, { validity: { validityMode: 'RELATIVE', validDays: 7 } });
  const later = await effectiveTemplate(admin, { validity: { validityMode: 'RELATIVE', validDays: 7, delayDays: 3 } });
  const today = await effectiveTemplate(admin, { validity: { validityMode: 'FIXED', validDates: ['2026-06-01', '2026-06-01'] } });
  const codes = [
    await issueOne(till, now, member),
    await issueOne(till, now, member),
    await issueOne(till, now, member),
    await issueOne(till, later, member),
    await issueOne(till, today, member),
  ];
  const voided = await okData<{ records: { id: number }[] }>(admin.post('/v1/coupon/query', { body: { filters: { code: codes[0] } } }));
  await okData(admin.post('/v1/coupon/void', { query: { id: voided.records[0].id }, body: { reason: 'test' } }));
  scene.clock.set(COUNTED_AT);
  return { member, codes };
}

describe('state counts', () => {
  it('answer per shown state what the list totals, under the same filters, the state filter aside', async () => {
    const { member } = await memberWithCoupons();
    const counts = await countsOf({ filters: { member } });
    expect(Object.keys(counts)).toEqual(STATES);
    expect(counts).toEqual({ NOT_STARTED: 1, UNUSED: 2, USED: 0, EXPIRED: 1, VOIDED: 1 });
    for (const state of STATES ?? []) expect(counts[state], state).toBe(await listTotal({ filters: { member } }, state));
    // A chip that filters the list leaves every chip its number.
    expect(await countsOf({ filters: { member, state: ['UNUSED'] } })).toEqual(counts);
  });

  it('follow time: a coupon counts as unused, then expired', async () => {
    const { member } = await memberWithCoupons();
    scene.clock.set(new Date(MONDAY_NOON.getTime() + 30 * DAY));
    const counts = await countsOf({ filters: { member } });
    expect(counts).toMatchObject({ NOT_STARTED: 0, UNUSED: 0, EXPIRED: 4, VOIDED: 1 });
    for (const state of STATES ?? []) expect(counts[state], state).toBe(await listTotal({ filters: { member } }, state));
  });

  it('follow the keyword as the list does', async () => {
    const { member, codes } = await memberWithCoupons();
    const search = { filters: { member }, keyword: codes[1] };
    const counts = await countsOf(search);
    expect(counts.UNUSED).toBe(1);
    for (const state of STATES ?? []) expect(counts[state], state).toBe(await listTotal(search, state));
  });

  it('count only what the reader may see: another tenant counts none of these coupons, a user without the read permission is refused', async () => {
    const { member } = await memberWithCoupons();
    const reader = await countsOf({ filters: { member } }, scene.reader);
    expect(reader.UNUSED).toBe(2);
    const other = await createTenant(scene.t.database);
    const stranger = await signIn(scene.t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    expect(await countsOf({ filters: { member } }, stranger)).toEqual(Object.fromEntries((STATES ?? []).map((s) => [s, 0])));
    const refused = await scene.till.post('/v1/coupon/counts', { body: {} });
    expect(refused.status).toBe(403);
  });

  it('refuse a filter the list refuses with 400 naming the field', async () => {
    const res = await admin.post('/v1/coupon/counts', { body: { filters: { issuedAt: 'yesterday' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['filters.issuedAt']);
  });
});
