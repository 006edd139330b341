import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { POINTS_BALANCE_MAX, POINTS_PER_POSTING_MAX } from './points.rules';

/**
 * The one way points move. Every change is an append-only entry; the account balance moves in
 * the same transaction, with the account row locked, so concurrent postings for one member are
 * serialised and the balance always equals the sum of the member's entries.
 *
 * Callers pass the transaction they are in (an adjustment document's audit, a sales
 * transaction, a batch operation) so the posting commits or rolls back with their own work.
 *
 * Arithmetic on balances happens in SQL (`balance = balance + delta … returning balance`), and
 * every figure is bounded (points.rules.ts: at most POINTS_PER_POSTING_MAX per posting,
 * POINTS_BALANCE_MAX per account, both backed by CHECKs), so the int8 values read back as JS
 * numbers are always exact.
 */

export type PointsKind = 'earn' | 'spend' | 'adjust' | 'reverse' | 'expire';

export interface PostPointsInput {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly memberId: number;
  /** Signed whole number of points; zero is refused, and so is more than POINTS_PER_POSTING_MAX either way. */
  readonly delta: number;
  /** The request field the points come from, named in a 400 (default `points`). */
  readonly field?: string;
  readonly kind: Exclude<PointsKind, 'expire'>;
  /** What caused it: transaction | return | adjustment | activity | exchange | batch. */
  readonly sourceType: string;
  readonly sourceId?: string | null;
  readonly storeId?: number | null;
  readonly operatorId?: number | null;
  readonly remark?: string | null;
  /** Makes the posting happen once: a replay with the same key returns the first entry. */
  readonly idempotencyKey?: string | null;
  /** For grants: when these points expire (null = never). */
  readonly expiresAt?: Date | null;
  /**
   * For reversals of points the member may already have spent: take what the balance allows
   * instead of refusing. The shortfall is written in the entry's remark.
   */
  readonly capAtBalance?: boolean;
  /** The clock; tests move it to see expiry. */
  readonly now?: Date;
}

export interface PostedEntry {
  readonly id: number;
  readonly memberId: number;
  readonly delta: number;
  readonly balanceAfter: number;
  readonly kind: PointsKind;
  /** True when the idempotency key had been used: nothing was posted this time. */
  readonly replayed: boolean;
}

interface EntryRow extends Record<string, unknown> {
  id: number;
  member_id: number;
  delta: number;
  balance_after: number;
  kind: PointsKind;
}

const toPosted = (row: EntryRow, replayed: boolean): PostedEntry => ({
  id: Number(row.id),
  memberId: Number(row.member_id),
  delta: Number(row.delta),
  balanceAfter: Number(row.balance_after),
  kind: row.kind,
  replayed,
});

/** Locks the member's account row (creating it at zero first) and returns its balance. */
export async function lockAccount(input: { tx: DbOrTx; tenantId: number; memberId: number }): Promise<number> {
  const { tx, tenantId, memberId } = input;
  await tx.execute(sql`insert into points_accounts (tenant_id, member_id) values (${tenantId}, ${memberId})
    on conflict do nothing`);
  const result = await tx.execute<{ balance: number }>(sql`select balance from points_accounts
    where tenant_id = ${tenantId} and member_id = ${memberId} for update`);
  return Number(result.rows[0].balance);
}

/**
 * Expires the member's lots that are due, one `expire` entry per lot. The account must already
 * be locked by the caller. Returns the balance after expiry.
 */
export async function expireDueLots(input: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  balance: number;
  now: Date;
}): Promise<number> {
  const { tx, tenantId, memberId, now } = input;
  let balance = input.balance;
  const due = await tx.execute<{ entry_id: number; remaining: number }>(sql`select entry_id, remaining from points_lots
    where tenant_id = ${tenantId} and member_id = ${memberId} and remaining > 0 and expires_at <= ${now}
    order by entry_id`);
  for (const lot of due.rows) {
    const remaining = Number(lot.remaining);
    const moved = await tx.execute<{ balance: number }>(sql`update points_accounts set balance = balance - ${remaining},
        total_expired = total_expired + ${remaining}, entry_count = entry_count + 1, updated_at = ${now}
      where tenant_id = ${tenantId} and member_id = ${memberId} returning balance`);
    balance = Number(moved.rows[0].balance);
    await tx.execute(sql`insert into points_entries
      (tenant_id, member_id, delta, balance_after, kind, source_type, source_id, occurred_at)
      values (${tenantId}, ${memberId}, ${-remaining}, ${balance}, 'expire', 'expiry', ${String(lot.entry_id)}, ${now})`);
    await tx.execute(sql`update points_lots set remaining = 0 where tenant_id = ${tenantId} and entry_id = ${lot.entry_id}`);
  }
  return balance;
}

/** Takes `amount` points from the member's lots, oldest grant first. */
async function consumeLots(input: { tx: DbOrTx; tenantId: number; memberId: number; amount: number }): Promise<void> {
  const { tx, tenantId, memberId } = input;
  let left = input.amount;
  const lots = await tx.execute<{ entry_id: number; remaining: number }>(sql`select entry_id, remaining from points_lots
    where tenant_id = ${tenantId} and member_id = ${memberId} and remaining > 0
    order by entry_id`);
  for (const lot of lots.rows) {
    if (left === 0) break;
    const take = Math.min(left, Number(lot.remaining));
    await tx.execute(sql`update points_lots set remaining = remaining - ${take}
      where tenant_id = ${tenantId} and entry_id = ${lot.entry_id}`);
    left -= take;
  }
  // Lots always sum to the balance, so a spend the balance allows is always covered.
  if (left !== 0) throw new Error(`points lots of member ${memberId} do not cover the balance`);
}

/** Posts one change of points. Throws 409 `points.insufficient` when a spend exceeds the balance. */
export async function postPoints(input: PostPointsInput): Promise<PostedEntry> {
  const { tx, tenantId, memberId, kind } = input;
  const now = input.now ?? new Date();
  const field = input.field ?? 'points';
  if (!Number.isSafeInteger(input.delta) || input.delta === 0) {
    throw new AppError('badInput', 'points.invalidDelta', { fields: [{ field, key: 'points.invalidDelta' }] });
  }
  if (Math.abs(input.delta) > POINTS_PER_POSTING_MAX) {
    const values = { max: POINTS_PER_POSTING_MAX, points: Math.abs(input.delta) };
    throw new AppError('badInput', 'points.postingTooLarge', { values, fields: [{ field, key: 'points.postingTooLarge', values }] });
  }
  let balance = await lockAccount({ tx, tenantId, memberId });

  if (input.idempotencyKey) {
    // The account lock serialises replays of the same key for the same member.
    const earlier = await tx.execute<EntryRow>(sql`select id, member_id, delta, balance_after, kind from points_entries
      where tenant_id = ${tenantId} and idempotency_key = ${input.idempotencyKey}`);
    if (earlier.rows.length > 0) return toPosted(earlier.rows[0], true);
  }

  balance = await expireDueLots({ tx, tenantId, memberId, balance, now });

  let delta = input.delta;
  let remark = input.remark ?? null;
  if (delta < 0 && balance + delta < 0) {
    if (!input.capAtBalance) {
      throw new AppError('conflict', 'points.insufficient', { values: { balance, required: -delta } });
    }
    const shortfall = -delta - balance;
    delta = -balance;
    remark = [remark, `shortfall ${shortfall}`].filter(Boolean).join('; ');
  }
  if (delta < 0) await consumeLots({ tx, tenantId, memberId, amount: -delta });

  // The balance moves in SQL, within the account's bound; the entry keeps what the database computed.
  const moved = await tx.execute<{ balance: number }>(sql`update points_accounts set balance = balance + ${delta},
      total_earned = total_earned + ${Math.max(delta, 0)},
      total_spent = total_spent + ${Math.max(-delta, 0)},
      entry_count = entry_count + 1,
      updated_at = ${now}
    where tenant_id = ${tenantId} and member_id = ${memberId} and balance + ${delta} <= ${POINTS_BALANCE_MAX}
    returning balance`);
  if (moved.rows.length === 0) {
    throw new AppError('conflict', 'points.balanceLimit', { values: { balance, points: delta, max: POINTS_BALANCE_MAX } });
  }
  const balanceAfter = Number(moved.rows[0].balance);
  const inserted = await tx.execute<EntryRow>(sql`insert into points_entries
    (tenant_id, member_id, delta, balance_after, kind, source_type, source_id, store_id, operator_id,
     occurred_at, expires_at, remark, idempotency_key)
    values (${tenantId}, ${memberId}, ${delta}, ${balanceAfter}, ${kind}, ${input.sourceType},
     ${input.sourceId ?? null}, ${input.storeId ?? null}, ${input.operatorId ?? null}, ${now},
     ${delta > 0 ? (input.expiresAt ?? null) : null}, ${remark}, ${input.idempotencyKey ?? null})
    returning id, member_id, delta, balance_after, kind`);
  const entry = inserted.rows[0];
  if (delta > 0) {
    await tx.execute(sql`insert into points_lots (tenant_id, entry_id, member_id, remaining, expires_at)
      values (${tenantId}, ${entry.id}, ${memberId}, ${delta}, ${input.expiresAt ?? null})`);
  }
  return toPosted(entry, false);
}

/** Expires every due lot of a tenant, member by member, each in its own transaction. */
export async function expireTenantPoints(input: {
  db: { transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T>; execute: DbOrTx['execute'] };
  tenantId: number;
  now?: Date;
  limit?: number;
}): Promise<number> {
  const now = input.now ?? new Date();
  const members = await input.db.execute<{ member_id: number }>(sql`select distinct member_id from points_lots
    where tenant_id = ${input.tenantId} and remaining > 0 and expires_at <= ${now}
    limit ${input.limit ?? 1000}`);
  for (const row of members.rows) {
    await input.db.transaction(async (tx) => {
      const balance = await lockAccount({ tx, tenantId: input.tenantId, memberId: Number(row.member_id) });
      await expireDueLots({ tx, tenantId: input.tenantId, memberId: Number(row.member_id), balance, now });
    });
  }
  return members.rows.length;
}

/**
 * Reads, before the account lock, whether the member may transact (in use; the member row is
 * share-locked so a freeze waits for the posting) and whether any of their lots is due to expire
 * at `now`. When a growth rule is in force the sale's growth step then updates the member row:
 * two sales of one member both holding the share lock deadlock there, PostgreSQL ends one, and
 * `idempotent()` runs that one again after the other (`tests/api/points-hot-member.test.ts`). An
 * exclusive lock here instead made the concurrent points traffic of points-property.test.ts hang.
 * One statement instead of a guard, then a lock, then an expiry scan under the lock.
 */
export async function prepareEarn(input: { tx: DbOrTx; tenantId: number; memberId: number; now: Date }): Promise<{ dueLots: boolean }> {
  const { tx, tenantId, memberId, now } = input;
  const result = await tx.execute<{ state: string; due: boolean }>(sql`select m.state,
      exists (select 1 from points_lots l where l.tenant_id = ${tenantId} and l.member_id = ${memberId}
        and l.remaining > 0 and l.expires_at <= ${now}) as due
    from members m where m.tenant_id = ${tenantId} and m.id = ${memberId} for share of m`);
  if (result.rows.length === 0) throw new AppError('notFound', 'points.memberNotFound');
  const state = String(result.rows[0].state);
  if (state.toLowerCase() !== 'using') throw new AppError('conflict', 'points.memberBlocked', { values: { state } });
  return { dueLots: result.rows[0].due === true };
}

/**
 * Earns points in ONE statement, for a member with no lot due (prepareEarn): the account row is
 * created or moved (its row lock is the only lock, held from this statement to the commit), the
 * entry and its lot are inserted, and `also` (the caller's own writes: the sale row, the
 * idempotency answer) runs in the same statement, reading the entry from the `entry` CTE
 * (`id`, `balance_after`). Returns the entry and what `also` selects as `answer` (jsonb), or
 * throws 409 `points.balanceLimit` when the balance would pass its bound.
 */
export async function earnInOneStatement<A>(input: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  delta: number;
  sourceType: string;
  sourceId: string | null;
  storeId: number | null;
  operatorId: number | null;
  now: Date;
  expiresAt: Date | null;
  /** Further CTEs after `entry` (`name as (…)`, comma-separated), and the `answer` expression. */
  also: { ctes: SQL; answer: SQL };
}): Promise<{ entry: PostedEntry; answer: A }> {
  const { tx, tenantId, memberId, delta, now } = input;
  if (!Number.isSafeInteger(delta) || delta <= 0 || delta > POINTS_PER_POSTING_MAX) throw new Error(`earn of ${delta} points`);
  const result = await tx.execute<{ id: number; balance_after: number; answer: A }>(sql`with acct as (
      insert into points_accounts as a (tenant_id, member_id, balance, total_earned, entry_count, updated_at)
      values (${tenantId}, ${memberId}, ${delta}, ${delta}, 1, ${now})
      on conflict (tenant_id, member_id) do update
        set balance = a.balance + ${delta}, total_earned = a.total_earned + ${delta}, entry_count = a.entry_count + 1, updated_at = ${now}
        where a.balance + ${delta} <= ${POINTS_BALANCE_MAX}
      returning balance
    ), entry as (
      insert into points_entries (tenant_id, member_id, delta, balance_after, kind, source_type, source_id, store_id, operator_id,
        occurred_at, expires_at)
      select ${tenantId}, ${memberId}, ${delta}, acct.balance, 'earn', ${input.sourceType}, ${input.sourceId}, ${input.storeId},
        ${input.operatorId}, ${now}, ${input.expiresAt} from acct
      returning id, balance_after
    ), lot as (
      insert into points_lots (tenant_id, entry_id, member_id, remaining, expires_at)
      select ${tenantId}, entry.id, ${memberId}, ${delta}, ${input.expiresAt} from entry
    ), ${input.also.ctes}
    select entry.id, entry.balance_after, ${input.also.answer} as answer from entry`);
  const row = result.rows[0];
  if (!row) {
    const balance = await tx.execute<{ balance: number }>(sql`select balance from points_accounts
      where tenant_id = ${tenantId} and member_id = ${memberId}`);
    throw new AppError('conflict', 'points.balanceLimit', {
      values: { balance: Number(balance.rows[0]?.balance ?? 0), points: delta, max: POINTS_BALANCE_MAX },
    });
  }
  const entry: PostedEntry = {
    id: Number(row.id),
    memberId,
    delta,
    balanceAfter: Number(row.balance_after),
    kind: 'earn',
    replayed: false,
  };
  return { entry, answer: row.answer };
}
