import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { createMembers, pointsOf, startPointsScene } from '../helpers/points-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * Every points entry can say the §4 channel it came through (store, weixin, alipay, third,
 * weixinApp): a till's spend names it, the history shows it and filters by it, and a channel
 * outside the list is refused with 400 naming the field, spending nothing.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let till: ApiClient;

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startPointsScene());
});
afterAll(async () => t?.close());

const history = (memberId: number, filters: Record<string, unknown> = {}) =>
  admin.post('/v1/points/entries/query', { body: { pageSize: 20, filters: { memberId, ...filters } } });

test('a spend posted with a channel shows it in the history, which filters by it', async () => {
  const [member] = await createMembers({ client: admin, count: 1 });
  const run = Date.now().toString(36);
  const sale = await till.post('/v1/points/transaction', {
    body: { orderNo: `ch-${run}`, memberId: member, lines: [{ goodsCode: 'G1', quantity: 1, amount: '100.00' }] },
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(200);
  const spend = await till.post('/v1/points/spend', {
    body: { requestNo: `ch-${run}-1`, memberId: member, points: 30, channel: 'weixin' },
  });
  expect(spend.status, JSON.stringify(spend.body)).toBe(200);
  expect(spend.body.data).toMatchObject({ points: 30, balance: 70 });

  const all = await history(member);
  expect(all.status).toBe(200);
  expect(all.body.data.records.map((r: { kind: string; delta: number; channel: string | null }) => [r.kind, r.delta, r.channel])).toEqual([
    ['spend', -30, 'weixin'],
    ['earn', 100, null],
  ]);
  const weixin = await history(member, { channel: 'weixin' });
  expect(weixin.body.data).toMatchObject({ total: 1, totals: { earned: 0, spent: 30 } });
  expect(weixin.body.data.records[0]).toMatchObject({ id: spend.body.data.entryId, channel: 'weixin' });
  expect((await history(member, { channel: 'alipay' })).body.data).toMatchObject({ total: 0, records: [] });
});

test('a channel outside the §4 list is refused with 400 naming the field and spends nothing', async () => {
  const [member] = await createMembers({ client: admin, count: 1 });
  const run = Date.now().toString(36);
  await till.post('/v1/points/transaction', {
    body: { orderNo: `chx-${run}`, memberId: member, lines: [{ goodsCode: 'G1', quantity: 1, amount: '50.00' }] },
  });
  const bad = await till.post('/v1/points/spend', { body: { requestNo: `chx-${run}-1`, memberId: member, points: 10, channel: 'pos' } });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('channel');
  expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 50, sum: 50, lots: 50 });
  expect((await history(member, { channel: 'pos' })).status).toBe(400);
  // The database refuses it as well, whatever the code does.
  const direct = await t.database.pool
    .query(`update points_entries set channel = 'pos' where tenant_id = $1 and member_id = $2`, [tenant.tenantId, member])
    .then(
      () => 'accepted',
      (error: { code?: string }) => error.code,
    );
  expect(direct).toBe('23514');
});
