import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import * as core from '../ledger/core';
import { creditInOneStatement, creditManyInOneStatement } from '../ledger/one-statement-credit';
import { expireDueLotsOf } from '../ledger/lot-expiry';
import { POINTS_BOOK, POINTS_PER_POSTING_MAX } from '../ledger/points.book';
import type { EntryMeta } from '../ledger/book';
import type { ValueChannel } from '../ledger/ledger.types';

/**
 * Points on the one ledger algorithm (`../ledger/core.ts`) over the points book
 * (`../ledger/points.book.ts`): the points-shaped inputs and answers (whole points as JS
 * numbers, exact because every figure is bounded, points.rules.ts). Every change is an
 * append-only entry; the account balance moves in the same statement, with the account row
 * locked, so the balance always equals the sum of the member's entries and of their lots.
 *
 * Callers pass the transaction they are in (an adjustment document's audit, a sales
 * transaction, a batch operation) so the posting commits or rolls back with their own work, and
 * guard the member themselves (`member-guard.ts`) before the account lock.
 */

export type PointsKind = 'earn' | 'spend' | 'adjust' | 'reverse' | 'expire';

/** The source types of points entries: transaction | return | adjustment | activity | exchange | batch | coupon. */
export interface PostPointsInput extends EntryMeta<Exclude<PointsKind, 'expire'>, ValueChannel> {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly memberId: number;
  /** Signed whole number of points; zero is refused, and so is more than POINTS_PER_POSTING_MAX either way. */
  readonly delta: number;
  /** The request field the points come from, named in a 400 (default `points`). */
  readonly field?: string;
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

const toPosted = (entry: core.PostedRow): PostedEntry => ({
  id: entry.id,
  memberId: Number(entry.row.member_id),
  delta: Number(entry.deltas[0]),
  balanceAfter: Number(entry.afters[0]),
  kind: entry.row.kind as PointsKind,
  replayed: entry.replayed,
});

/** Locks the member's account row (creating it at zero first) and returns its balance. */
export async function lockAccount(input: { tx: DbOrTx; tenantId: number; memberId: number }): Promise<number> {
  const account = await core.lockAccount(POINTS_BOOK, { tx: input.tx, tenantId: input.tenantId, holder: { memberId: input.memberId } });
  return Number(account.portions[0]);
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
  const account = { key: memberId, portions: [BigInt(input.balance)], frozen: false };
  const after = await core.expireDue(POINTS_BOOK, { tx, tenantId, holder: { memberId }, account, now });
  return Number(after.portions[0]);
}

/** Posts one change of points. Throws 409 `points.insufficient` when a spend exceeds the balance. */
export async function postPoints(input: PostPointsInput): Promise<PostedEntry> {
  const field = input.field ?? 'points';
  if (!Number.isSafeInteger(input.delta) || input.delta === 0) {
    throw new AppError('badInput', 'points.invalidDelta', { fields: [{ field, key: 'points.invalidDelta' }] });
  }
  if (Math.abs(input.delta) > POINTS_PER_POSTING_MAX) {
    const values = { max: POINTS_PER_POSTING_MAX, points: Math.abs(input.delta) };
    throw new AppError('badInput', 'points.postingTooLarge', { values, fields: [{ field, key: 'points.postingTooLarge', values }] });
  }
  const delta = BigInt(input.delta);
  const entry = await core.post(
    POINTS_BOOK,
    { ...input, holder: { memberId: input.memberId }, lotExpiresAt: input.expiresAt ?? null },
    () => [delta],
  );
  return toPosted(entry);
}

/**
 * Earns the same points for many members at once (a group send's batch), each once by its own
 * idempotency key: the members with a lot due (their expiry comes first) and any whose balance
 * would pass its bound are posted one by one (`postPoints`, which refuses the latter); the others
 * in ONE statement (`creditManyInOneStatement`). The members must be locked and in use (the
 * caller's guard). Answers each member's entry. A key used before fails the statement: the caller
 * rolls back its savepoint and posts one by one, which answers the first entry.
 */
export async function earnForMany(input: {
  tx: DbOrTx;
  tenantId: number;
  memberIds: readonly number[];
  delta: number;
  idempotencyKey: (memberId: number) => string;
  sourceType: string;
  sourceId: string | null;
  storeId: number | null;
  operatorId: number | null;
  remark: string | null;
  expiresAt: Date | null;
  now: Date;
}): Promise<Map<number, PostedEntry>> {
  const { tx, tenantId, delta, now } = input;
  if (!Number.isSafeInteger(delta) || delta <= 0 || delta > POINTS_PER_POSTING_MAX) throw new Error(`earn of ${delta} points`);
  const posted = new Map<number, PostedEntry>();
  if (input.memberIds.length === 0) return posted;
  const due = await tx.execute<{ member_id: string }>(sql`select distinct member_id from points_lots
    where tenant_id = ${tenantId} and member_id = any(${`{${input.memberIds.join(',')}}`}::bigint[])
      and remaining > 0 and expires_at <= ${now}`);
  const alone = new Set(due.rows.map((row) => Number(row.member_id)));
  const meta = {
    kind: 'earn' as const,
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    storeId: input.storeId,
    operatorId: input.operatorId,
    remark: input.remark,
  };
  const credited = await creditManyInOneStatement(POINTS_BOOK, {
    tx,
    tenantId,
    holders: input.memberIds
      .filter((id) => !alone.has(id))
      .map((memberId) => ({ holder: { memberId }, key: memberId, idempotencyKey: input.idempotencyKey(memberId) })),
    amount: BigInt(delta),
    meta,
    now,
    expiresAt: input.expiresAt,
  });
  for (const memberId of input.memberIds) {
    const entry = credited.get(memberId);
    posted.set(
      memberId,
      entry
        ? { id: entry.id, memberId, delta, balanceAfter: Number(entry.afters[0]), kind: 'earn', replayed: false }
        : await postPoints({
            ...meta,
            tx,
            tenantId,
            memberId,
            delta,
            idempotencyKey: input.idempotencyKey(memberId),
            expiresAt: input.expiresAt,
            now,
          }),
    );
  }
  return posted;
}

/** Expires every due lot of a tenant, member by member, each in its own transaction; answers how many members. */
export function expireTenantPoints(input: { db: Db; tenantId: number; now?: Date; limit?: number }): Promise<number> {
  return expireDueLotsOf(POINTS_BOOK, { db: input.db, tenantId: input.tenantId, now: input.now ?? new Date(), limit: input.limit ?? 1000 });
}

/**
 * Earns points in ONE statement, for a member with no lot due (`prepareSale`, sale-prepare.ts): the one-statement
 * credit of the points book (`../ledger/one-statement-credit.ts`). `also` (the caller's own
 * writes: the sale row, the idempotency answer) reads the entry from the `entry` CTE (`id`,
 * `balance_after`). Returns the entry and what `also` selects as `answer` (jsonb), or throws 409
 * `points.balanceLimit` when the balance would pass its bound.
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
  const holder = { memberId };
  const meta = {
    kind: 'earn',
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    storeId: input.storeId,
    operatorId: input.operatorId,
  };
  const credited = await creditInOneStatement<typeof holder, A>(POINTS_BOOK, {
    tx,
    tenantId,
    holder,
    amount: BigInt(delta),
    meta,
    now,
    expiresAt: input.expiresAt,
    also: input.also,
  });
  if (!credited) {
    const account = await core.lockAccount(POINTS_BOOK, { tx, tenantId, holder });
    throw POINTS_BOOK.errors.balanceLimit(account.portions[0], BigInt(delta));
  }
  const entry: PostedEntry = {
    id: Number(credited.row.id),
    memberId,
    delta,
    balanceAfter: Number(credited.row.balance_after),
    kind: 'earn',
    replayed: false,
  };
  return { entry, answer: credited.answer };
}
