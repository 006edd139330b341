import { expect } from 'vitest';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from './fixtures';
import { createMembers } from './points-fixtures';
import { createCatalogue, type Catalogue } from './stored-value-fixtures';
import { startTestApp, testClock, type TestApp, type TestClock } from './test-app';

/**
 * The scene of the coupon tests: a tenant, its administrator, a till (券/券查询/交易接入 ·
 * configure), a reader of coupons (券/券查询 · 数据查看), master data (stores, categories, a brand,
 * goods) and a clock the tests can stop.
 */
export interface CouponScene {
  readonly t: TestApp;
  readonly clock: TestClock;
  readonly tenant: TestTenant;
  readonly admin: ApiClient;
  readonly till: ApiClient;
  readonly reader: ApiClient;
  readonly catalogue: Catalogue;
}

export async function startCouponScene(): Promise<CouponScene> {
  const clock = testClock();
  const t = await startTestApp({ clock });
  const tenant = await createTenant(t.database);
  const admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'ctill',
    grants: [{ resourceId: '券/券查询/交易接入', action: 'configure' }],
  });
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'creader', grants: [{ resourceId: '券/券查询', action: '数据查看' }] });
  const till = await signIn(t.app, { tenant: tenant.code, login: 'ctill', password: tenant.adminPassword });
  const reader = await signIn(t.app, { tenant: tenant.code, login: 'creader', password: tenant.adminPassword });
  return { t, clock, tenant, admin, till, reader, catalogue: await createCatalogue(admin) };
}

/** The data of a 2000 answer (fails the test with the answer otherwise). */
export async function okData<T = Record<string, unknown>>(promise: Promise<{ body: { code: number; data: unknown } }>): Promise<T> {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data as T;
}

/** Creates a coupon template (all_cash 10.00 unless the body says otherwise) and makes it effective. */
export async function effectiveTemplate(admin: ApiClient, body: Record<string, unknown> = {}): Promise<number> {
  const created = await okData<{ id: number }>(
    admin.post('/v1/coupon-template/saveNew', { body: { name: 'Ten off', lineType: 'all_cash', rule: { cashValue: '10.00' }, ...body } }),
  );
  await okData(admin.post('/v1/coupon-template/enable', { query: { id: created.id } }));
  return created.id;
}

let serial = 0;
/** A request number unique in the run. */
export const requestNo = (prefix: string) => `${prefix}-${(serial += 1)}-${Date.now()}`;

/** Issues one coupon of a template to a member through the till route; its code. */
export async function issueOne(client: ApiClient, templateId: number, memberId: number): Promise<string> {
  const data = await okData<{ coupons: { code: string }[] }>(
    client.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId, memberId } }),
  );
  return data.coupons[0].code;
}

/** A member in use. */
export const newMember = async (admin: ApiClient): Promise<number> => (await createMembers({ client: admin, count: 1 }))[0];
