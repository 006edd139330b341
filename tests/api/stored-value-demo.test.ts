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
  // At least the eight recharged by the stored-value seed (other seeders may add more).
  expect(list.body.data.total).toBeGreaterThanOrEqual(8);
  const tenantId = Number((await t.database.pool.query(`select id from tenants where code = 'demo'`)).rows[0].id);
  // The totals row is the sum over every member account of the merchant, to the cent.
  const sums = await t.database.pool.query<{ principal: string; gift: string; balance: string }>(
    `select sum(principal) as principal, sum(gift) as gift, sum(balance) as balance from value_accounts
    where tenant_id = $1 and holder_kind = 'member'`,
    [tenantId],
  );
  const row = sums.rows[0];
  expect(list.body.data.totals).toEqual({ principal: Number(row.principal), gift: Number(row.gift), balance: Number(row.balance) });
  // Eight recharges, three payments, one refund.
  const seeded = await t.database.pool.query(
    `select count(*)::int as n from value_entries where tenant_id = $1 and source_id like 'DEMO-%'`,
    [tenantId],
  );
  expect(seeded.rows[0].n).toBe(12);
  expect(
    (await client.post('/v1/store-value-account/freeze', { query: { id: list.body.data.records[0].id }, body: { reason: 'x' } })).status,
  ).toBe(403);
  expect(await ledgerBreaches(t, tenantId)).toEqual([]);
});
