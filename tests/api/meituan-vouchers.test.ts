import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, signInNewUser, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 27 §4: a store clerk checks a Meituan group-buy voucher at one of the stores they may use,
 * consumes it (once under a double submit), sees it on the consumptions' list with its totals and
 * cancels it through Meituan within its window; without credentials nothing is sent and nothing
 * is recorded. Real app, real database, Meituan's stand-in on 127.0.0.1.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let clerk: ApiClient;
let viewer: ApiClient;
let outsider: ApiClient;
let standIns: StandIns;
let storeA: number;
let storeB: number;

async function ok<T = any>(response: Promise<{ status: number; body: any }>): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

const fieldsOf = (body: any) => (body.data?.fields ?? []).map((f: { field: string }) => f.field);

async function connectMeituan(): Promise<void> {
  const current = await ok<{ version: number }>(admin.get('/v1/meituan-channel/get'));
  await ok(
    admin.post('/v1/meituan-channel/save', {
      body: {
        appKey: 'mt-app-key',
        appSecret: standIns.meituan.appSecret,
        session: 'mt-session-0001',
        apiBaseUrl: `${standIns.baseUrl}/meituan`,
        version: current.version,
      },
    }),
  );
}

const list = (client: ApiClient, filters: object = {}) =>
  ok<{ total: number; records: any[]; totals: Record<string, number> }>(
    client.post('/v1/meituan-vouchers/query', { body: { filters, pageSize: 50 } }),
  );

const VOUCHER = { resourceId: '会员/美团验券' } as const;

beforeAll(async () => {
  [t, standIns] = await Promise.all([startTestApp(), startStandIns()]);
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const area = await ok<{ id: number }>(admin.post('/v1/area/saveNew', { body: { code: 'MT', name: '美团区域' } }));
  const centre = await ok<{ id: number }>(admin.post('/v1/marketing-center/saveNew', { body: { code: 'MTC', name: '美团中心' } }));
  const other = await ok<{ id: number }>(admin.post('/v1/marketing-center/saveNew', { body: { code: 'MTO', name: '别的中心' } }));
  storeA = (
    await ok<{ id: number }>(
      admin.post('/v1/store/saveNew', {
        body: { code: 'MT1', name: '甲店', type: 'GAS_STATION', area: area.id, marketingCenter: centre.id },
      }),
    )
  ).id;
  storeB = (
    await ok<{ id: number }>(
      admin.post('/v1/store/saveNew', {
        body: { code: 'MT2', name: '乙店', type: 'GAS_STATION', area: area.id, marketingCenter: other.id },
      }),
    )
  ).id;
  clerk = await signInNewUser(t, tenant, {
    login: 'mt-clerk',
    grants: [{ ...VOUCHER, action: '配置维护' }],
    marketingCenterIds: [centre.id],
  });
  viewer = await signInNewUser(t, tenant, { login: 'mt-viewer', grants: [{ ...VOUCHER, action: '配置查看' }] });
  outsider = await signInNewUser(t, tenant, { login: 'mt-outsider', grants: [{ resourceId: '会员/美团接入', action: '配置维护' }] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await standIns?.close();
});

describe('Meituan vouchers at a store', () => {
  it('not connected: says so, sends nothing and records nothing as consumed', async () => {
    const before = standIns.received.length;
    const checked = await ok(clerk.post('/v1/meituan-voucher/check', { body: { storeId: storeA, code: '1234567890' } }));
    expect(checked).toMatchObject({ outcome: 'NOT_CONNECTED', voucher: null });
    const consumed = await ok(
      clerk.post('/v1/meituan-voucher/consume', { body: { storeId: storeA, code: '1234567890', count: 1, requestId: randomUUID() } }),
    );
    expect(consumed).toMatchObject({ outcome: 'NOT_CONNECTED', consumption: null });
    expect(standIns.received.length).toBe(before);
    expect((await list(clerk)).total).toBe(0);
  });

  it('offers the clerk only the stores they may use, and refuses another store naming it', async () => {
    const stores = await ok<{ id: number; name: string }[]>(clerk.get('/v1/meituan-voucher/stores'));
    expect(stores.map((s) => s.id)).toEqual([storeA]);
    const all = await ok<{ id: number }[]>(admin.get('/v1/meituan-voucher/stores'));
    expect(all.map((s) => s.id)).toEqual([storeA, storeB]);
    const refused = await clerk.post('/v1/meituan-voucher/check', { body: { storeId: storeB, code: '1234567890' } });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(['storeId']);
  });

  it('checks a code: the deal, its price, how many and until when', async () => {
    await connectMeituan();
    const checked = await ok(clerk.post('/v1/meituan-voucher/check', { body: { storeId: storeA, code: '1234 5678 90' } }));
    expect(checked).toMatchObject({
      outcome: 'OK',
      voucher: { dealId: 'D-10086', dealTitle: '双人套餐', unitPrice: '88.50', marketPrice: '128.00', available: 3 },
    });
    expect(checked.voucher.validTo).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(standIns.received.at(-1)).toMatchObject({
      path: '/meituan/router/tuangou/receipt/prepare',
      signatureValid: true,
      params: { receipt_code: '1234567890', open_shop_uuid: 'MT1' },
    });
    const unknown = await ok(clerk.post('/v1/meituan-voucher/check', { body: { storeId: storeA, code: '0000000000' } }));
    expect(unknown).toMatchObject({ outcome: 'FAILED', errorCode: '1008', voucher: null });
  });

  it('checks at the store’s own Meituan shop id once it is mapped; the id is checked and one store’s only', async () => {
    const modify = async (id: number, fields: object, locale = 'zh_CN') => {
      const current = await ok<Record<string, unknown>>(admin.get(`/v1/store/info/${id}`));
      return admin.post('/v1/store/modify', { headers: { locale }, body: { ...current, ...fields } });
    };
    const bad = await modify(storeB, { meituanShopId: 'bad id!' }, 'en_US');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['meituanShopId']);
    expect(bad.body.data.fields[0].msg).toBe('A Meituan shop id has only letters, digits, - and _');
    const zh = await modify(storeB, { meituanShopId: '美团' });
    expect(zh.body.data.fields[0].msg).toBe('美团门店ID只含字母、数字、- 和 _');
    expect((await modify(storeB, { meituanShopId: 'shop-uuid_B2' })).status).toBe(200);
    const taken = await modify(storeA, { meituanShopId: 'shop-uuid_B2' });
    expect(taken.status).toBe(400);
    expect(fieldsOf(taken.body)).toEqual(['meituanShopId']);

    const stores = await ok<{ id: number; shopId: string }[]>(admin.get('/v1/meituan-voucher/stores'));
    expect(stores.map((s) => s.shopId)).toEqual(['MT1', 'shop-uuid_B2']);
    await ok(admin.post('/v1/meituan-voucher/check', { body: { storeId: storeB, code: '1234567890' } }));
    expect(standIns.received.at(-1)).toMatchObject({
      path: '/meituan/router/tuangou/receipt/prepare',
      params: { receipt_code: '1234567890', open_shop_uuid: 'shop-uuid_B2' },
    });
  });

  it('consumes once under a double submit, lists it with its totals, and cancels it through Meituan', async () => {
    const body = { storeId: storeA, code: '2233445566', count: 2, requestId: randomUUID() };
    const [first, second] = await Promise.all([
      ok(clerk.post('/v1/meituan-voucher/consume', { body })),
      ok(clerk.post('/v1/meituan-voucher/consume', { body })),
    ]);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect(first.consumption).toEqual(second.consumption);
    expect(first.consumption).toMatchObject({ code: '2233445566', count: 2, amount: '177.00', state: 'CONSUMED', dealTitle: '双人套餐' });
    expect(standIns.received.filter((r) => r.path.endsWith('/consume') && r.params.receipt_code === '2233445566')).toHaveLength(1);
    expect(standIns.meituan.consumed.get('2233445566')).toBe(2);

    // The same request id for another code is a conflict, not a second consumption.
    const reused = await clerk.post('/v1/meituan-voucher/consume', { body: { ...body, code: '2233445567' } });
    expect(reused.status).toBe(409);

    const listed = await list(viewer, { storeId: [storeA] });
    expect(listed.total).toBe(1);
    expect(listed.records[0]).toMatchObject({
      code: '2233445566',
      storeName: '甲店',
      count: 2,
      amount: 177,
      state: 'CONSUMED',
      userName: 'mt-clerk',
    });
    expect(listed.totals).toMatchObject({ vouchers: 2, amount: 177 });

    const cancelled = await ok(clerk.post(`/v1/meituan-voucher/cancel?id=${first.consumption.id}`));
    expect(cancelled).toMatchObject({ outcome: 'OK', consumption: { state: 'CANCELLED' } });
    expect(standIns.received.at(-1)).toMatchObject({ path: '/meituan/router/tuangou/receipt/reverseconsume', signatureValid: true });
    expect((await list(viewer)).totals).toMatchObject({ vouchers: 0, amount: 0 });
    expect((await clerk.post(`/v1/meituan-voucher/cancel?id=${first.consumption.id}`)).status).toBe(409);
  });

  it('past Meituan’s window the cancellation is refused with Meituan’s code and the consumption stands', async () => {
    const done = await ok(
      clerk.post('/v1/meituan-voucher/consume', { body: { storeId: storeA, code: '9988776655', count: 1, requestId: randomUUID() } }),
    );
    const refused = await ok(clerk.post(`/v1/meituan-voucher/cancel?id=${done.consumption.id}`));
    expect(refused).toMatchObject({ outcome: 'FAILED', errorCode: '1011', consumption: { state: 'CONSUMED' } });
  });

  it('refuses bad input with 400 naming the field, in the caller’s language', async () => {
    const badCode = await clerk.post('/v1/meituan-voucher/check', { body: { storeId: storeA, code: 'abc' }, headers: { locale: 'en_US' } });
    expect(badCode.status).toBe(400);
    expect(fieldsOf(badCode.body)).toEqual(['code']);
    expect(badCode.body.data.fields[0].msg).toBe('A voucher code is 6 to 32 digits');
    const tooMany = await clerk.post('/v1/meituan-voucher/consume', {
      body: { storeId: storeA, code: '3344556677', count: 4, requestId: randomUUID() },
    });
    expect(tooMany.status).toBe(400);
    expect(fieldsOf(tooMany.body)).toEqual(['count']);
    expect(tooMany.body.data.fields[0].msg).toBe('美团只允许核销 3 张');
    const zero = await clerk.post('/v1/meituan-voucher/consume', {
      body: { storeId: storeA, code: '3344556677', count: 0, requestId: randomUUID() },
    });
    expect(zero.status).toBe(400);
    expect(fieldsOf(zero.body)).toEqual(['count']);
  });

  it('keeps a store that has consumptions: deleting it is refused naming them', async () => {
    const refused = await admin.post(`/v1/store/delete?id=${storeA}`);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('美团验券记录');
  });

  it('checks the grants on the server: 403 without the voucher entry’s grant, viewers may not consume or cancel', async () => {
    expect((await outsider.post('/v1/meituan-voucher/check', { body: { storeId: storeA, code: '1234567890' } })).status).toBe(403);
    expect((await outsider.post('/v1/meituan-vouchers/query', { body: {} })).status).toBe(403);
    const body = { storeId: storeA, code: '1234567890', count: 1, requestId: randomUUID() };
    expect((await viewer.post('/v1/meituan-voucher/consume', { body })).status).toBe(403);
    expect((await viewer.post('/v1/meituan-voucher/cancel?id=1')).status).toBe(403);
  });
});
