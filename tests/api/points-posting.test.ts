import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { createMembers, pointsOf, startPointsScene } from '../helpers/points-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * The sale posting reads before the account lock (member state, due lots, the tenant's
 * settings, kept per tenant) and writes in one statement; what a till sees must not change:
 * the settings of the moment, lots that fall due expired before the earn, the ledger's sums.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let till: ApiClient;
let run = 0;

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startPointsScene());
});
afterAll(async () => t?.close());

const sale = (memberId: number, amount: string) =>
  till.post('/v1/points/transaction', {
    body: { orderNo: `posting-${(run += 1)}-${Date.now()}`, memberId, lines: [{ goodsCode: 'G1', quantity: 1, amount }] },
  });

test("a sale earns by the tenant's settings of the moment, changed by any process", async () => {
  const [member] = await createMembers({ client: admin, count: 1 });
  expect((await sale(member, '100.00')).body.data).toMatchObject({ points: 100, balance: 100 });
  // Changed with plain SQL, as another process (or an operator) would: only the notification
  // reaches this process's copy of the settings.
  await t.database.pool.query(
    `insert into points_settings (tenant_id, yuan_per_point) values ($1, '2.00')
     on conflict (tenant_id) do update set yuan_per_point = excluded.yuan_per_point`,
    [tenant.tenantId],
  );
  await t.app.sessionCache.sync();
  expect((await sale(member, '100.00')).body.data).toMatchObject({ points: 50, balance: 150 });
  await t.database.pool.query(`update points_settings set yuan_per_point = '1.00' where tenant_id = $1`, [tenant.tenantId]);
  await t.app.sessionCache.sync();
  expect((await sale(member, '10.00')).body.data).toMatchObject({ points: 10, balance: 160 });
});

test('a lot that has fallen due is expired before the earn, and the sums hold', async () => {
  const [member] = await createMembers({ client: admin, count: 1 });
  await sale(member, '30.00');
  await t.database.pool.query(`update points_lots set expires_at = now() - interval '1 day' where tenant_id = $1 and member_id = $2`, [
    tenant.tenantId,
    member,
  ]);
  const earned = await sale(member, '20.00');
  expect(earned.body.data).toMatchObject({ points: 20, balance: 20 });
  const kinds = await t.database.pool.query<{ kind: string; delta: string }>(
    'select kind, delta from points_entries where tenant_id = $1 and member_id = $2 order by id',
    [tenant.tenantId, member],
  );
  expect(kinds.rows.map((r) => [r.kind, Number(r.delta)])).toEqual([
    ['earn', 30],
    ['expire', -30],
    ['earn', 20],
  ]);
  expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 20, sum: 20, lots: 20 });
});

test('the answer names the entry the ledger holds, and a replay answers the same', async () => {
  const [member] = await createMembers({ client: admin, count: 1 });
  const body = { orderNo: `posting-replay-${Date.now()}`, memberId: member, lines: [{ goodsCode: 'G1', quantity: 2, amount: '12.50' }] };
  const first = await till.post('/v1/points/transaction', { body });
  // The tenant has no growth rules: the sale moves points only, and the member keeps its level.
  const held = await admin.get(`/v1/member/info/${member}`);
  expect(first.body.data).toEqual({
    orderNo: body.orderNo,
    memberId: member,
    amount: '12.50',
    points: 12,
    balance: 12,
    entryId: expect.any(Number),
    growth: 0,
    growthValue: 0,
    level: held.body.data.level,
    // No activity runs: none fired, no points paid.
    activities: [],
    pointsPaid: 0,
  });
  const entry = await t.database.pool.query('select delta, balance_after, source_id from points_entries where id = $1', [
    first.body.data.entryId,
  ]);
  expect(entry.rows[0]).toMatchObject({ source_id: body.orderNo });
  expect(Number(entry.rows[0].balance_after)).toBe(12);
  const replay = await till.post('/v1/points/transaction', { body });
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.body.data).toEqual(first.body.data);
  const stored = await t.database.pool.query('select response from sales_transactions where tenant_id = $1 and order_no = $2', [
    tenant.tenantId,
    body.orderNo,
  ]);
  expect(stored.rows[0].response).toEqual(first.body.data);
});

/*
 * Every points entry can say the §4 channel it came through (store, weixin, alipay, third,
 * weixinApp): a till's spend names it, the history shows it and filters by it, and a channel
 * outside the list is refused with 400 naming the field, spending nothing.
 */

const history = (memberId: number, filters: Record<string, unknown> = {}) =>
  admin.post('/v1/points-entries/query', { body: { pageSize: 20, filters: { memberId, ...filters } } });

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
