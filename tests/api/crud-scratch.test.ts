import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTenant, signIn, type ApiClient } from '../helpers/fixtures';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
});
afterAll(async () => t?.close());

test('smoke', async () => {
  const mc = await admin.post('/v1/marketing-center/saveNew', { body: { code: 'MC1', name: 'East' } });
  console.log(JSON.stringify(mc.body));
  const area = await admin.post('/v1/area/saveNew', { body: { code: 'A1', name: 'North', marketingCenter: mc.body.data.id } });
  console.log(JSON.stringify(area.body));
  const store = await admin.post('/v1/store/saveNew', { body: { code: 'S1', name: 'Shop', type: 'GAS_STATION', area: area.body.data.id, openingDate: '2024-02-30', bogus: 1 } });
  console.log(JSON.stringify(store.body));
  const store2 = await admin.post('/v1/store/saveNew', { body: { code: 'S1', name: 'Shop', type: 'GAS_STATION', area: area.body.data.id, openingDate: '2024-02-03' } });
  console.log(JSON.stringify(store2.body));
  const dup = await admin.post('/v1/store/saveNew', { body: { code: 'S1', name: 'Shop', type: 'GAS_STATION', area: area.body.data.id } });
  console.log(JSON.stringify(dup.body));
  const q = await admin.post('/v1/store/query', { body: { filters: { name: 'ho', openingDate: ['2024-01-01', null], type: ['GAS_STATION'] }, sorters: [{ field: 'name', order: 'desc' }], pageSize: 1 } });
  console.log(JSON.stringify(q.body));
  const q2 = await admin.post('/v1/store/query', { body: { cursor: q.body.data.nextCursor, sorters: [{ field: 'name', order: 'desc' }], pageSize: 1 } });
  console.log(JSON.stringify(q2.body));
  const m = await admin.post('/v1/store/modify', { body: { id: store2.body.data.id, version: 1, name: 'Shop 2' } });
  console.log(JSON.stringify(m.body));
  const m2 = await admin.post('/v1/store/modify', { body: { id: store2.body.data.id, version: 1, name: 'Shop 3' } });
  console.log(JSON.stringify(m2.body));
  const v = await admin.post('/v1/area/void', { query: { id: area.body.data.id } });
  console.log(JSON.stringify(v.body));
  const v2 = await admin.post('/v1/area/void', { query: { id: area.body.data.id } });
  console.log(JSON.stringify(v2.body));
  const o = await admin.get('/v1/area/options', { query: { keyword: 'or' } });
  console.log(JSON.stringify(o.body));
  const d = await admin.post('/v1/store/delete', { query: { id: store2.body.data.id } });
  console.log(JSON.stringify(d.body));
  const i = await admin.get(`/v1/store/info/${store2.body.data.id}`);
  console.log(JSON.stringify(i.body));
  expect(1).toBe(1);
});
