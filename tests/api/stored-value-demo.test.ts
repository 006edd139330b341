import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemoIfEmpty } from '../../server/db/seed/demo.seed';
import { signIn } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The demo merchant's stored value: accounts the auditor can read, with the ledger's invariants. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

test('the demo merchant has stored-value accounts that hold the ledger invariants', async () => {
  const demo = await seedDemoIfEmpty(t.database);
  const auditor = demo.accounts.find((account) => account.login === 'auditor')!;
  const client = await signIn(t.app, { tenant: 'demo', login: auditor.login, password: auditor.password });
  const list = await client.post('/v1/store-value-account/query', { body: { pageSize: 50 } });
  expect(list.body.code, JSON.stringify(list.body)).toBe(2000);
  expect(list.body.data.total).toBe(8);
  // 100 + 200 + … + 800 of principal and 10 + 30 + 50 + 70 of gift in; 45.50 + 90.50 + 135.50 paid from
  // principal (each member holds more principal than it pays); 20.00 refunded to principal.
  expect(list.body.data.totals).toEqual({ principal: 3348.5, gift: 160, balance: 3508.5 });
  expect(
    (await client.post('/v1/store-value-account/freeze', { query: { id: list.body.data.records[0].id }, body: { reason: 'x' } })).status,
  ).toBe(403);
  const tenantId = Number((await t.database.pool.query(`select id from tenants where code = 'demo'`)).rows[0].id);
  expect(await ledgerBreaches(t, tenantId)).toEqual([]);
});
