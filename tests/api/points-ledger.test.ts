import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from '../../server/db/connection';
import { postPoints, expireTenantPoints } from '../../server/modules/points/points.ledger';
import { AppError } from '../../server/http/envelope';

/**
 * The ledger on the real PostgreSQL: balances equal the sum of entries, lots are consumed oldest
 * first, expiry posts entries, overdrafts are refused and change nothing, replays post once.
 */
let database: Database;
const tenantId = 900_000 + Math.floor(Math.random() * 90_000);

beforeAll(() => {
  database = connectDatabase(inject('databaseUrl'), { max: 12 });
});
afterAll(async () => database.close());

async function balanceOf(memberId: number) {
  const result = await database.db.execute<{ balance: number; sum: number; lots: number }>(sql`
    select a.balance,
      (select coalesce(sum(delta), 0) from points_entries e where e.tenant_id = a.tenant_id and e.member_id = a.member_id) as sum,
      (select coalesce(sum(remaining), 0) from points_lots l where l.tenant_id = a.tenant_id and l.member_id = a.member_id) as lots
    from points_accounts a where a.tenant_id = ${tenantId} and a.member_id = ${memberId}`);
  const row = result.rows[0];
  return { balance: Number(row.balance), sum: Number(row.sum), lots: Number(row.lots) };
}

const post = (input: Omit<Parameters<typeof postPoints>[0], 'tx' | 'tenantId'>) =>
  database.db.transaction((tx) => postPoints({ tx, tenantId, ...input }));

describe('points ledger', () => {
  it('earns, spends oldest grant first and keeps balance = sum of entries = sum of lots', async () => {
    const memberId = 1;
    await post({ memberId, delta: 100, kind: 'earn', sourceType: 'transaction' });
    await post({ memberId, delta: 50, kind: 'earn', sourceType: 'transaction' });
    await post({ memberId, delta: -120, kind: 'spend', sourceType: 'exchange' });
    const lots = await database.db.execute<{ remaining: number }>(sql`select remaining from points_lots
      where tenant_id = ${tenantId} and member_id = ${memberId} order by entry_id`);
    expect(lots.rows.map((r) => Number(r.remaining))).toEqual([0, 30]);
    expect(await balanceOf(memberId)).toEqual({ balance: 30, sum: 30, lots: 30 });
  });

  it('refuses a spend beyond the balance with a clear error and changes nothing', async () => {
    const memberId = 2;
    await post({ memberId, delta: 10, kind: 'earn', sourceType: 'transaction' });
    const error = await post({ memberId, delta: -11, kind: 'spend', sourceType: 'exchange' }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('points.insufficient');
    expect((error as AppError).values).toEqual({ balance: 10, required: 11 });
    expect(await balanceOf(memberId)).toEqual({ balance: 10, sum: 10, lots: 10 });
  });

  it('posts a replayed idempotency key once and returns the first entry', async () => {
    const memberId = 3;
    const first = await post({ memberId, delta: 40, kind: 'earn', sourceType: 'transaction', idempotencyKey: `k-${tenantId}-3` });
    const again = await post({ memberId, delta: 40, kind: 'earn', sourceType: 'transaction', idempotencyKey: `k-${tenantId}-3` });
    expect(again).toEqual({ ...first, replayed: true });
    expect((await balanceOf(memberId)).balance).toBe(40);
  });

  it('expires due grants with entries of their own, before a spend can use them', async () => {
    const memberId = 4;
    const past = new Date('2026-01-01T00:00:00Z');
    await post({ memberId, delta: 70, kind: 'earn', sourceType: 'transaction', expiresAt: new Date('2026-06-01T00:00:00Z'), now: past });
    await post({ memberId, delta: 5, kind: 'earn', sourceType: 'transaction', now: past });
    const error = await post({ memberId, delta: -20, kind: 'spend', sourceType: 'exchange', now: new Date('2026-07-01T00:00:00Z') }).catch(
      (e) => e,
    );
    expect((error as AppError).key).toBe('points.insufficient');
    // The refused spend rolled back its transaction, expiry included; the job expires for real.
    expect(await expireTenantPoints({ db: database.db, tenantId, now: new Date('2026-07-01T00:00:00Z') })).toBeGreaterThanOrEqual(1);
    const kinds = await database.db.execute<{ kind: string; delta: number }>(sql`select kind, delta from points_entries
      where tenant_id = ${tenantId} and member_id = ${memberId} order by id`);
    expect(kinds.rows.map((r) => [r.kind, Number(r.delta)])).toEqual([
      ['earn', 70],
      ['earn', 5],
      ['expire', -70],
    ]);
    expect(await balanceOf(memberId)).toEqual({ balance: 5, sum: 5, lots: 5 });
  });

  it('caps a reversal at the balance when asked and records the shortfall', async () => {
    const memberId = 5;
    await post({ memberId, delta: 30, kind: 'earn', sourceType: 'transaction' });
    await post({ memberId, delta: -25, kind: 'spend', sourceType: 'exchange' });
    const reversed = await post({ memberId, delta: -30, kind: 'reverse', sourceType: 'return', capAtBalance: true });
    expect(reversed.delta).toBe(-5);
    expect(await balanceOf(memberId)).toEqual({ balance: 0, sum: 0, lots: 0 });
  });

  it('serialises concurrent postings on one member without losing or doubling a point', async () => {
    const memberId = 6;
    await post({ memberId, delta: 500, kind: 'earn', sourceType: 'transaction' });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        post({ memberId, delta: i % 3 === 0 ? 7 : -25, kind: i % 3 === 0 ? 'earn' : 'spend', sourceType: 'test' }),
      ),
    );
    const applied = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ delta: number }>).value.delta);
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect(((r as PromiseRejectedResult).reason as AppError).key).toBe('points.insufficient');
    const expected = 500 + applied.reduce((a, b) => a + b, 0);
    expect(await balanceOf(memberId)).toEqual({ balance: expected, sum: expected, lots: expected });
    expect(expected).toBeGreaterThanOrEqual(0);
  });
});
