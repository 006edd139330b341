import { afterAll, beforeAll, expect, test } from 'vitest';
import { expireTenantPoints, postPoints } from '../../server/modules/points/points.ledger';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { createMembers, startPointsScene } from '../helpers/points-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * The points history's count and totals for one member come from the member's account row
 * (entry_count, total_earned, total_spent + total_expired), kept by every posting path: the
 * sale's one-statement earn, the general posting (spends, reversals, adjustments) and expiry.
 * What the history shows must equal what summing the member's entries gives: the same query
 * with a filter that matches every entry (a date range over all time) still sums the entries,
 * and both must equal the sums taken here straight from the ledger.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let till: ApiClient;

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startPointsScene());
});
afterAll(async () => t?.close());

const post = (input: Omit<Parameters<typeof postPoints>[0], 'tx' | 'tenantId'>) =>
  t.database.db.transaction((tx) => postPoints({ tx, tenantId: tenant.tenantId, ...input }));

async function history(filters: Record<string, unknown>) {
  const res = await admin.post('/v1/points-entries/query', { body: { filters, pageSize: 5 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as { total: number; totalIsEstimate: boolean; totals: { earned: number; spent: number } };
  return { total: data.total, totalIsEstimate: data.totalIsEstimate, totals: data.totals };
}

async function summedFromEntries(memberId: number) {
  const { rows } = await t.database.pool.query<{ total: number; earned: string; spent: string }>(
    `select count(*)::int as total, coalesce(sum(delta) filter (where delta > 0), 0) as earned,
       coalesce(-sum(delta) filter (where delta < 0), 0) as spent
     from points_entries where tenant_id = $1 and member_id = $2`,
    [tenant.tenantId, memberId],
  );
  return { total: rows[0].total, totalIsEstimate: false, totals: { earned: Number(rows[0].earned), spent: Number(rows[0].spent) } };
}

const ALL_TIME = ['2000-01-01', '2099-12-31'];

test('a member history totals from the account row equal the sums over its entries, through sales, spends, adjustments and expiry', async () => {
  const [member, other] = await createMembers({ client: admin, count: 2 });
  // Sales: the one-statement earn.
  for (const [no, amount] of [
    [1, '120.00'],
    [2, '35.00'],
  ] as const) {
    const sale = await till.post('/v1/points/transaction', {
      body: { orderNo: `totals-${member}-${no}`, memberId: member, lines: [{ goodsCode: 'G1', quantity: 1, amount }] },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
  }
  // The general path: an earn that falls due, a spend, a negative adjustment, a capped reversal.
  const at = (day: string) => new Date(`${day}T00:00:00Z`);
  await post({ memberId: member, delta: 40, kind: 'earn', sourceType: 'activity', expiresAt: at('2020-03-01'), now: at('2020-01-01') });
  await post({ memberId: member, delta: -30, kind: 'spend', sourceType: 'exchange', now: at('2020-02-01') });
  await post({ memberId: member, delta: -5, kind: 'adjust', sourceType: 'adjustment', now: at('2020-02-02') });
  await post({ memberId: other, delta: 9, kind: 'earn', sourceType: 'activity' });
  // Expiry: the due lot's remaining points leave with an entry of their own.
  expect(await expireTenantPoints({ db: t.database.db, tenantId: tenant.tenantId, now: at('2020-04-01') })).toBeGreaterThanOrEqual(1);
  await post({ memberId: member, delta: -500, kind: 'reverse', sourceType: 'return', capAtBalance: true });

  const fromEntries = await summedFromEntries(member);
  expect(fromEntries.total).toBe(7);
  expect(fromEntries.totals.spent).toBeGreaterThan(0);
  // Read from the account row (the member is the only filter) …
  expect(await history({ memberId: member })).toEqual(fromEntries);
  // … and summed over the entries (a filter that keeps every entry), the same.
  expect(await history({ memberId: member, occurredAt: ALL_TIME })).toEqual(fromEntries);
  // Expired points count as spent, as the sum of the negative entries has them.
  const { rows } = await t.database.pool.query<{ total_spent: number; total_expired: number; entry_count: number }>(
    'select total_spent, total_expired, entry_count from points_accounts where tenant_id = $1 and member_id = $2',
    [tenant.tenantId, member],
  );
  expect(rows[0].total_expired).toBeGreaterThan(0);
  expect(Number(rows[0].total_spent) + Number(rows[0].total_expired)).toBe(fromEntries.totals.spent);
  expect(await history({ memberId: other })).toEqual(await summedFromEntries(other));
  // The member-only history reads the row, not the entries: moved by hand, the answer follows.
  const account = [tenant.tenantId, member];
  await t.database.pool.query('update points_accounts set entry_count = entry_count + 1 where tenant_id = $1 and member_id = $2', account);
  expect((await history({ memberId: member })).total).toBe(fromEntries.total + 1);
  await t.database.pool.query('update points_accounts set entry_count = entry_count - 1 where tenant_id = $1 and member_id = $2', account);
});

test('a member without an account has an empty history with zero totals', async () => {
  const [member] = await createMembers({ client: admin, count: 1 });
  expect(await history({ memberId: member })).toEqual({ total: 0, totalIsEstimate: false, totals: { earned: 0, spent: 0 } });
});
