import { afterAll, beforeAll, expect, test } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { seedDatum } from '../../server/db/seed/datum.seed';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTenant, signIn, type ApiClient } from '../helpers/fixtures';

/**
 * The demo master data: it is complete, it links up (trees, stores in areas, products in
 * categories), every seeded record passes the same validation a form save does, and card
 * template numbers came from the counter the console allocates from.
 */

let t: TestApp;
let admin: ApiClient;

const DATUM = ['marketing-center', 'area', 'store', 'employ', 'catogory', 'brand', 'product', 'costparty', 'channel', 'card-template'];

async function all(name: string): Promise<Record<string, any>[]> {
  const res = await admin.post(`/v1/${name}/query`, { body: { page: 1, pageSize: 100 } });
  expect(res.body.code, `${name}: ${JSON.stringify(res.body)}`).toBe(2000);
  return res.body.data.records;
}

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.database);
  await t.database.db.transaction((tx) => seedDatum({ tx, tenantId: tenant.tenantId }));
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
});
afterAll(async () => {
  await t.close();
});

test('every master data list is filled', async () => {
  const counts = Object.fromEntries(await Promise.all(DATUM.map(async (name) => [name, (await all(name)).length] as const)));
  expect(counts).toEqual({
    'marketing-center': 2,
    area: 9,
    store: 12,
    employ: 10,
    catogory: 8,
    brand: 8,
    product: 30,
    costparty: 3,
    channel: 5,
    'card-template': 6,
  });
});

test('the data links up', async () => {
  const areas = await all('area');
  const byCode = new Map(areas.map((a) => [a.code, a]));
  expect(byCode.get('A0101')!.parent).toBe(byCode.get('A01')!.id);
  expect(byCode.get('A01')!.parent).toBeNull();
  const stores = await all('store');
  expect(stores.filter((s) => s.type === 'GAS_STATION').length).toBeGreaterThanOrEqual(6);
  expect(stores.filter((s) => s.type === 'CONVENIENCE_STORE').length).toBeGreaterThanOrEqual(3);
  const products = await all('product');
  const fuel = products.filter((p) => p.fuelType !== null).map((p) => p.name);
  expect(fuel).toEqual(expect.arrayContaining(['92#汽油', '95#汽油', '98#汽油', '0#柴油']));
  const channels = await all('channel');
  expect(channels.map((c) => c.type).sort()).toEqual(['alipay', 'store', 'third', 'weixin', 'weixinApp']);
  const templates = await all('card-template');
  expect(new Set(templates.map((c) => c.cardTemplateType)).size).toBe(4);
});

test('template numbers came from the counter: the next allocation is new', async () => {
  const numbers = (await all('card-template')).map((c) => c.number as string);
  const next = (await admin.post('/v1/card-template/allocateTemplateNumber')).body.data as string;
  expect(numbers).not.toContain(next);
  expect(next).toBe('CT00000007');
});

test('every seeded record passes form validation (modify with its own values)', async () => {
  for (const name of DATUM) {
    const resource = RESOURCES.find((r) => r.name === name)!;
    const editable = resource.states?.editableIn;
    for (const record of await all(name)) {
      if (editable && !editable.includes(record[resource.states!.field])) continue;
      const body = Object.fromEntries(
        Object.entries(record).filter(([key]) => key in resource.fields || key === 'id' || key === 'version'),
      );
      const res = await admin.post(`/v1/${name}/modify`, { body });
      expect(res.body.code, `${name} ${record.code ?? record.number}: ${JSON.stringify(res.body)}`).toBe(2000);
    }
  }
});
