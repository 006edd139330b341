import { sql } from 'drizzle-orm';
import { AppError } from '../../http/envelope';
import type { Book } from './book';

/** A member's points account. */
export interface PointsHolder {
  readonly memberId: number;
}

/**
 * Bounds that keep every points figure exact as a JS number (2^53 ≈ 9.007e15): at most
 * POINTS_PER_POSTING_MAX points move in one posting, an account holds at most POINTS_BALANCE_MAX
 * (a CHECK on points_accounts backs the code). Money amounts are bounded by the money kernel.
 */
export const POINTS_PER_POSTING_MAX = 1_000_000_000;
export const POINTS_BALANCE_MAX = 1_000_000_000_000;

const points = (value: bigint) => Number(value);

/**
 * Points: whole points in int8, one portion (the balance) held entirely in lots (`points_lots`),
 * one account per member (`points_accounts`, keyed by tenant and member), lifetime totals earned /
 * spent / expired and an entry count on the account, 409 `points.*` refusals with the numbers as
 * JSON numbers (every figure is bounded, above, so they are exact).
 */
export const POINTS_BOOK: Book<PointsHolder> = {
  unit: 'points',
  webhookEvent: 'POINTS_POSTED',
  amount: { sqlType: 'bigint', toSql: (value) => value.toString(), fromSql: (value) => BigInt(String(value)) },
  tables: { accounts: 'points_accounts', entries: 'points_entries', lots: 'points_lots' },
  accountKey: 'member_id',
  portions: [{ account: 'balance', delta: 'delta', after: 'balance_after' }],
  lotPortion: 0,
  counters: [
    { column: 'total_earned', portion: 0, direction: 'in' },
    { column: 'total_spent', portion: 0, direction: 'out', kinds: 'notExpire' },
    { column: 'total_expired', portion: 0, direction: 'out', kinds: 'expire' },
  ],
  entryCount: 'entry_count',
  touched: ['updated_at'],
  limit: BigInt(POINTS_BALANCE_MAX),
  lots: { owner: 'member_id', ownerInEntry: 'member_id' },
  entryExpiresAt: 'expires_at',
  expirySource: 'expiry',
  upsert: { conflict: '(tenant_id, member_id)', ownerColumns: ['member_id'], ownerValues: (holder) => [sql`${holder.memberId}::bigint`] },
  errors: {
    memberNotFound: () => new AppError('notFound', 'points.memberNotFound'),
    memberBlocked: (state) => new AppError('conflict', 'points.memberBlocked', { values: { state } }),
    insufficient: (balance, required) =>
      new AppError('conflict', 'points.insufficient', { values: { balance: points(balance), required: points(required) } }),
    portionInsufficient: (_portion, balance, required) =>
      new AppError('conflict', 'points.insufficient', { values: { balance: points(balance), required: points(required) } }),
    balanceLimit: (balance, amount) =>
      new AppError('conflict', 'points.balanceLimit', {
        values: { balance: points(balance), points: points(amount), max: POINTS_BALANCE_MAX },
      }),
    // Points accounts have no state: a frozen member is refused by the member guard.
    accountFrozen: () => new AppError('conflict', 'points.memberBlocked'),
  },

  holderWhere: (holder) => sql`member_id = ${holder.memberId}`,
  holderKey: (_tenantId, holder) => sql`${holder.memberId}`,
  memberOf: (holder) => holder.memberId,
  async createAccount(tx, tenantId, holder) {
    await tx.execute(
      sql`insert into points_accounts (tenant_id, member_id) values (${tenantId}, ${holder.memberId}) on conflict do nothing`,
    );
  },
  entryOwnerColumns: ['member_id'],
  entryOwnerValues: (holder) => [sql`${holder.memberId}::bigint`],
  holderOfAccount: (row) => ({ memberId: Number(row.member_id) }),
  defaultLotExpiry: () => Promise.resolve(null),
};
