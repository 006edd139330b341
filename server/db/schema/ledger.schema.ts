import { sql } from 'drizzle-orm';
import { channelCheck } from './channels';
import { bigint, check, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The money ledger (server/modules/ledger/README.md): stored value of members and balances of
 * prepaid cards, one shape for both. An account belongs to one holder (a member or a card) and
 * keeps two portions apart, principal (money paid in) and gift (given free); entries are
 * append-only and carry both deltas and both portions after them, so the account always equals
 * the sum of its entries. Money is numeric(14,2), moved in SQL, never below zero (CHECKs back
 * the code).
 */

const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

// The account table, `value_accounts`, is the declared resource `store-value-account`
// (resources/deposit/store-value-account.resource.ts, derived into resource-tables.ts): its list,
// filters, totals and freeze / unfreeze come from the engine. Its CHECKs (portions >= 0, balance =
// principal + gift, one holder) and the unique account per holder are the hand-written migration
// `ledger-account-checks`.

export const valueEntries = pgTable(
  'value_entries',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    holderKind: text('holder_kind').notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    cardId: bigint('card_id', { mode: 'number' }),
    principalDelta: money('principal_delta').notNull(),
    giftDelta: money('gift_delta').notNull(),
    principalAfter: money('principal_after').notNull(),
    giftAfter: money('gift_after').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** init | recharge | pay | refund | adjust | sale | topup | expire | void */
    kind: text('kind').notNull(),
    /** §4 channel: store | weixin | alipay | third | weixinApp */
    channel: text('channel'),
    /** recharge | payment | refund | adjustment | init | card-sale | card-topup | card-adjust | batch … */
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id'),
    storeId: bigint('store_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    remark: text('remark'),
    /** A caller's key that makes a posting happen once per tenant; replays return the first entry. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('value_entries_account_idx').on(t.tenantId, t.accountId, t.id),
    index('value_entries_member_idx')
      .on(t.tenantId, t.memberId, t.id)
      .where(sql`${t.memberId} is not null`),
    index('value_entries_card_idx')
      .on(t.tenantId, t.cardId, t.id)
      .where(sql`${t.cardId} is not null`),
    index('value_entries_time_idx').on(t.tenantId, t.occurredAt),
    // A member's recharges of one day, for the daily limit (server/modules/stored-value).
    index('value_entries_recharge_day_idx')
      .on(t.tenantId, t.memberId, t.occurredAt)
      .where(sql`${t.kind} = 'recharge'`),
    index('value_entries_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    // Deleting a store is refused while entries name it (server/crud/platform-references.ts).
    index('value_entries_store_idx').on(t.tenantId, t.storeId),
    uniqueIndex('value_entries_idem_uq')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('value_entries_channel', channelCheck(t.channel)),
    check('value_entries_moves', sql`${t.principalDelta} <> 0 or ${t.giftDelta} <> 0`),
    check(
      'value_entries_afters',
      sql`${t.principalAfter} >= 0 and ${t.giftAfter} >= 0 and ${t.balanceAfter} = ${t.principalAfter} + ${t.giftAfter}`,
    ),
  ],
);

/** A payment a till may refund later: one per (tenant, requestNo); refunds add up to at most the amount. */
export const valuePayments = pgTable(
  'value_payments',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    requestNo: text('request_no').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    holderKind: text('holder_kind').notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    cardId: bigint('card_id', { mode: 'number' }),
    amount: money('amount').notNull(),
    principalPaid: money('principal_paid').notNull(),
    giftPaid: money('gift_paid').notNull(),
    refundedPrincipal: money('refunded_principal').notNull().default('0'),
    refundedGift: money('refunded_gift').notNull().default('0'),
    refunded: money('refunded').generatedAlwaysAs(sql`refunded_principal + refunded_gift`),
    /**
     * Money off the bill by a balance-payment promotion (issue 28 item 6): the bill was
     * `amount + discount`, the holder paid `amount`. Refunds take it back in proportion to what
     * they give back (`refunded_discount`, cumulative, all of it when the payment is refunded in full).
     */
    discount: money('discount').notNull().default('0'),
    refundedDiscount: money('refunded_discount').notNull().default('0'),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    /**
     * When the latest of the gift lots this payment spent expires (null: one of them never
     * expires, or it spent no gift): a refund's gift goes back as a lot expiring then.
     */
    giftExpiresAt: timestamp('gift_expires_at', { withTimezone: true }),
    channel: text('channel'),
    sourceType: text('source_type').notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('value_payments_request_uq').on(t.tenantId, t.requestNo),
    index('value_payments_account_idx').on(t.tenantId, t.accountId),
    index('value_payments_store_idx').on(t.tenantId, t.storeId),
    check('value_payments_amount', sql`${t.amount} > 0 and ${t.amount} = ${t.principalPaid} + ${t.giftPaid}`),
    check('value_payments_portions', sql`${t.principalPaid} >= 0 and ${t.giftPaid} >= 0`),
    check(
      'value_payments_refunds',
      sql`${t.refundedPrincipal} >= 0 and ${t.refundedGift} >= 0
        and ${t.refundedPrincipal} <= ${t.principalPaid} and ${t.refundedGift} <= ${t.giftPaid}`,
    ),
    check('value_payments_discount', sql`${t.discount} >= 0 and ${t.refundedDiscount} >= 0 and ${t.refundedDiscount} <= ${t.discount}`),
  ],
);

/** One refund of a payment, once per (tenant, refundNo). */
export const valueRefunds = pgTable(
  'value_refunds',
  {
    tenantId: tenantId(),
    refundNo: text('refund_no').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    principal: money('principal').notNull(),
    gift: money('gift').notNull(),
    /** The payment's discount this refund took back (its share of the payment's `discount`). */
    discount: money('discount').notNull().default('0'),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.refundNo] }),
    index('value_refunds_payment_idx').on(t.tenantId, t.paymentId),
    index('value_refunds_store_idx').on(t.tenantId, t.storeId),
    check(
      'value_refunds_amount',
      sql`${t.amount} > 0 and ${t.amount} = ${t.principal} + ${t.gift} and ${t.principal} >= 0 and ${t.gift} >= 0`,
    ),
  ],
);

/**
 * The gift portion in lots: one per entry that added gift (a recharge's or an adjustment's gift,
 * a refund's gift back), spent oldest first, expired at `expires_at` (null: never) by an `expire`
 * entry that takes its remaining off. An account's gift = the sum of its lots' remaining.
 */
export const valueGiftLots = pgTable(
  'value_gift_lots',
  {
    tenantId: tenantId(),
    /** The entry that gave the gift. */
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    remaining: money('remaining').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entryId] }),
    index('value_gift_lots_open_idx')
      .on(t.tenantId, t.accountId, t.entryId)
      .where(sql`${t.remaining} > 0`),
    // The hourly expiry job finds due lots of every tenant.
    index('value_gift_lots_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0 and ${t.expiresAt} is not null`),
    check('value_gift_lots_remaining', sql`${t.amount} > 0 and ${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);
