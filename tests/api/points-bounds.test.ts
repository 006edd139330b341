import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_BALANCE_MAX, POINTS_PER_POSTING_MAX } from '../../server/modules/ledger/points.book';
import { type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { createMembers, pointsOf, startPointsScene } from '../helpers/points-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * Points stay exact: at most 1,000,000,000 points move in one posting, an account holds at most
 * 1,000,000,000,000 (a CHECK backs it), balances move in SQL, and a sale amount fits the
 * numeric(14,2) it is stored in. Before, 9,012 sales of 999,999,999,999.99 pushed a balance past
 * 2^53 and left it 4 points apart from its entries; a 13-digit amount answered 500.
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

const orderNo = () => `B-${(run += 1)}-${Date.now()}`;
const sale = (memberId: number, amount: string, orderNumber = orderNo()) =>
  till.post('/v1/points/transaction', {
    body: { orderNo: orderNumber, memberId, lines: [{ goodsCode: 'G1', quantity: 1, amount }] },
  });

function expectField(res: ApiResponse, field: string): string {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const named = res.body.data?.fields?.find((f: { field: string }) => f.field === field);
  expect(named, JSON.stringify(res.body)).toBeDefined();
  return named.msg as string;
}

async function entriesAgree(memberId: number): Promise<boolean> {
  // Every entry's balance_after is the running sum of the member's entries up to it.
  const result = await t.database.db.execute<{ bad: number }>(sql`select count(*)::int as bad from (
      select balance_after, sum(delta) over (order by id) as running from points_entries
      where tenant_id = ${tenant.tenantId} and member_id = ${memberId}) e
    where e.balance_after <> e.running`);
  return Number(result.rows[0].bad) === 0;
}

describe('points per posting', () => {
  it('refuses a sale that would earn more than 1,000,000,000 points with 400 naming lines, posting nothing', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const msg = expectField(await sale(member, '999999999999.99'), 'lines');
    expect(msg).toBe('这笔交易将获得 999999999999 积分，单笔最多 1000000000');
    expectField(await sale(member, '1000000001.00'), 'lines');
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 0, sum: 0, lots: 0 });
  });

  it('refuses a spend above its bound with 400 naming points', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const res = await till.post('/v1/points/spend', { body: { requestNo: orderNo(), memberId: member, points: 2 ** 40 } });
    expectField(res, 'points');
  });

  it('keeps balance = sum of entries = lots exactly over many maximum-size sales', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const answers = await Promise.all(Array.from({ length: 40 }, () => sale(member, '1000000000.00')));
    expect(answers.map((a) => a.body.code)).toEqual(Array(40).fill(2000));
    expect(answers.every((a) => a.body.data.points === POINTS_PER_POSTING_MAX)).toBe(true);
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({
      balance: 40 * POINTS_PER_POSTING_MAX,
      sum: 40 * POINTS_PER_POSTING_MAX,
      lots: 40 * POINTS_PER_POSTING_MAX,
    });
    expect(await entriesAgree(member)).toBe(true);
    const account = await admin.get('/v1/points/account', { query: { memberId: member } });
    expect(account.body.data).toMatchObject({ balance: 40_000_000_000, totalEarned: 40_000_000_000 });
  });
});

describe('points per account', () => {
  it('fills an account exactly to 1,000,000,000,000 and refuses the posting beyond with 409, changing nothing', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    // 999 earlier grants of the maximum, written as the ledger writes them (entries, lots, account).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into points_entries (tenant_id, member_id, delta, balance_after, kind, source_type, source_id)
        select ${tenant.tenantId}, ${member}, ${POINTS_PER_POSTING_MAX}, g::bigint * ${POINTS_PER_POSTING_MAX}, 'earn', 'transaction', 'bulk-' || g
        from generate_series(1, 999) g`);
      await tx.execute(sql`insert into points_lots (tenant_id, entry_id, member_id, remaining)
        select tenant_id, id, member_id, delta from points_entries where tenant_id = ${tenant.tenantId} and member_id = ${member}`);
      await tx.execute(sql`insert into points_accounts (tenant_id, member_id, balance, total_earned)
        values (${tenant.tenantId}, ${member}, ${999 * POINTS_PER_POSTING_MAX}, ${999 * POINTS_PER_POSTING_MAX})`);
    });
    const last = await sale(member, '1000000000.00');
    expect(last.body.code, JSON.stringify(last.body)).toBe(2000);
    expect(last.body.data.balance).toBe(POINTS_BALANCE_MAX);
    const beyond = await sale(member, '1.00');
    expect(beyond.status, JSON.stringify(beyond.body)).toBe(409);
    expect(beyond.body.msg).toBe('会员积分余额不能超过 1000000000000（当前 1000000000000，本次 1）');
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({
      balance: POINTS_BALANCE_MAX,
      sum: POINTS_BALANCE_MAX,
      lots: POINTS_BALANCE_MAX,
    });
    expect(await entriesAgree(member)).toBe(true);
    // The database holds the bound even against a statement that skips the code.
    const direct = await t.database.db
      .execute(
        sql`update points_accounts set balance = balance + 1
      where tenant_id = ${tenant.tenantId} and member_id = ${member}`,
      )
      .catch((e: { cause?: { constraint?: string } }) => e);
    expect((direct as { cause?: { constraint?: string } }).cause?.constraint).toBe('points_accounts_balance_bound');
  });
});

describe('sale and return amounts fit numeric(14,2)', () => {
  it('answers a 13-digit sale amount with 400 naming the line amount, not 500', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const msg = expectField(await sale(member, '1234567890123.45'), 'lines.0.amount');
    expect(msg).toContain('999999999999.99');
    expectField(
      await till.post('/v1/points/transaction', {
        body: { orderNo: orderNo(), memberId: member, lines: [{ goodsCode: 'G1', quantity: 1, amount: 1234567890123.45 }] },
      }),
      'lines.0.amount',
    );
    // Two lines that fit alone but not together.
    expectField(
      await till.post('/v1/points/transaction', {
        body: {
          orderNo: orderNo(),
          memberId: member,
          lines: [
            { goodsCode: 'G1', quantity: 1, amount: '999999999999.99' },
            { goodsCode: 'G2', quantity: 1, amount: '1.00' },
          ],
        },
      }),
      'lines',
    );
    expectField(await sale(member, 'twelve'), 'lines.0.amount');
  });

  it('answers a 13-digit or malformed return amount with 400 naming amount', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const order = orderNo();
    expect((await sale(member, '10.00', order)).body.code).toBe(2000);
    expectField(
      await till.post('/v1/points/return', { body: { returnNo: orderNo(), orderNo: order, amount: '1234567890123.00' } }),
      'amount',
    );
    expectField(await till.post('/v1/points/return', { body: { returnNo: orderNo(), orderNo: order, amount: 'x' } }), 'amount');
    expectField(await till.post('/v1/points/return', { body: { returnNo: orderNo(), orderNo: order, amount: '11.00' } }), 'amount');
  });
});
