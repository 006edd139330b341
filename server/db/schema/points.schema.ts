import { sql } from 'drizzle-orm';
import { channelCheck } from './channels';
import { bigint, check, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, integer } from 'drizzle-orm/pg-core';

/**
 * The points ledger (DOMAIN.md "Points"). Entries are append-only; the account's balance moves
 * in the same transaction as its entry and can never go below zero (a CHECK backs the code).
 * Lots are the grants still holding points, consumed oldest-expiring first and expired by date.
 *
 * Every figure is bounded so that an int8 read back as a JS number is exact (2^53 ≈ 9.007e15):
 * at most 1,000,000,000 points per entry and lot (POINTS_PER_POSTING_MAX in points.rules.ts),
 * at most 1,000,000,000,000 per account balance (POINTS_BALANCE_MAX), lifetime totals at most
 * 2^53 − 1. The code checks first and answers 400 / 409; the CHECKs make it impossible.
 */

const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
const memberId = () => bigint('member_id', { mode: 'number' }).notNull();

export const pointsAccounts = pgTable(
  'points_accounts',
  {
    tenantId: tenantId(),
    memberId: memberId(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    totalEarned: bigint('total_earned', { mode: 'number' }).notNull().default(0),
    /** Points taken by spends, reversals and negative adjustments (not expiry). */
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    /** Points expired (the `expire` entries). total_spent + total_expired = −(sum of negative entries). */
    totalExpired: bigint('total_expired', { mode: 'number' }).notNull().default(0),
    /** How many entries the member has: the ledger's count without reading them. */
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.memberId] }),
    check('points_accounts_balance_non_negative', sql`${t.balance} >= 0`),
    check('points_accounts_balance_bound', sql`${t.balance} <= 1000000000000`),
    check('points_accounts_totals_exact', sql`${t.totalEarned} <= 9007199254740991 and ${t.totalSpent} <= 9007199254740991`),
    check('points_accounts_expired_exact', sql`${t.totalExpired} <= 9007199254740991`),
  ],
);

export const pointsEntries = pgTable(
  'points_entries',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    memberId: memberId(),
    /** Signed change: positive earns, negative spends. */
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** earn | spend | adjust | reverse | expire */
    kind: text('kind').notNull(),
    /** transaction | return | adjustment | activity | exchange | expiry | batch */
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id'),
    storeId: bigint('store_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** For grants: when the granted points expire (null = never). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    remark: text('remark'),
    /** A caller's key that makes a posting happen once; replays return the first entry. */
    idempotencyKey: text('idempotency_key'),
    /** §4 channel the points moved through: store | weixin | alipay | third | weixinApp (null: not said). */
    channel: text('channel'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('points_entries_member_idx').on(t.tenantId, t.memberId, t.id),
    index('points_entries_time_idx').on(t.tenantId, t.occurredAt),
    index('points_entries_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    // Deleting a store is refused while entries name it (server/crud/platform-references.ts).
    index('points_entries_store_idx').on(t.tenantId, t.storeId),
    uniqueIndex('points_entries_idem_uq')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('points_entries_delta_bound', sql`${t.delta} between -1000000000 and 1000000000`),
    check('points_entries_channel', channelCheck(t.channel)),
  ],
);

export const pointsLots = pgTable(
  'points_lots',
  {
    tenantId: tenantId(),
    /** The id of the granting entry. */
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    memberId: memberId(),
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entryId] }),
    index('points_lots_member_idx')
      .on(t.tenantId, t.memberId, t.expiresAt, t.entryId)
      .where(sql`${t.remaining} > 0`),
    index('points_lots_expiry_idx')
      .on(t.tenantId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check('points_lots_remaining_non_negative', sql`${t.remaining} >= 0`),
    check('points_lots_remaining_bound', sql`${t.remaining} <= 1000000000`),
  ],
);

/** The basic points rule and expiry policy of a tenant (settings object, one row per tenant). */
export const pointsSettings = pgTable('points_settings', {
  tenantId: bigint('tenant_id', { mode: 'number' }).primaryKey(),
  /** Yuan of spend that earn one point. */
  yuanPerPoint: numeric('yuan_per_point', { precision: 12, scale: 2 }).notNull().default('1.00'),
  /** never | months | yearEnd */
  expiryMode: text('expiry_mode').notNull().default('never'),
  expiryMonths: integer('expiry_months').notNull().default(12),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sales transaction received from a till, kept so a replay answers what the first call did. */
export const salesTransactions = pgTable(
  'sales_transactions',
  {
    tenantId: tenantId(),
    /** The row's number: the store member transactions analysis lists and pages the sales by it. */
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    /** Null for a walk-in customer's sale (recorded for the members' share in the fuel reports). */
    memberId: bigint('member_id', { mode: 'number' }),
    storeId: bigint('store_id', { mode: 'number' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    returnedAmount: numeric('returned_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    reversedPoints: bigint('reversed_points', { mode: 'number' }).notNull().default(0),
    lines: jsonb('lines').notNull(),
    response: jsonb('response').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orderNo] }),
    // Deleting a store is refused while transactions name it (server/crud/platform-references.ts).
    index('sales_transactions_store_idx').on(t.tenantId, t.storeId),
    // The analysis of store member transactions (/data-table/trans-analysis): pages by id, ranges by time.
    uniqueIndex('sales_transactions_id_uq').on(t.tenantId, t.id),
    index('sales_transactions_time_idx').on(t.tenantId, t.occurredAt),
    // A member's spend and visits over a look-back window (tags and customer groups, server/modules/audiences).
    index('sales_transactions_member_time_idx').on(t.tenantId, t.memberId, t.occurredAt),
  ],
);

/** A return against a transaction; its number makes the reversal happen once. */
export const salesReturns = pgTable(
  'sales_returns',
  {
    tenantId: tenantId(),
    returnNo: text('return_no').notNull(),
    orderNo: text('order_no').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reversedPoints: bigint('reversed_points', { mode: 'number' }).notNull(),
    response: jsonb('response').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.returnNo] })],
);
