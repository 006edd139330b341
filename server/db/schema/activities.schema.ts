import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The activity engine's own tables (server/modules/activities/engine/, README "Engine").
 *
 * `activity_budgets`: the counters an activity's budget is held on, one row per bucket
 * (`total`, `member:<id>`, `day:<member id>:<YYYY-MM-DD>`), raised with one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE counter + n <= limit` in the transaction that gives:
 * the row lock serialises concurrent takers, so a budget is never passed (never count-then-insert).
 *
 * `activity_awards`: one row per activity per order / event per member: what it gave (points,
 * coupons with their ids, gifts), what it drove (the sale's amount) and cost, and what a return
 * took back. The unique key makes an activity give once per order or event; the evaluation reads
 * its figures from here.
 */

export const activityBudgets = pgTable(
  'activity_budgets',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    bucket: text('bucket').notNull(),
    times: integer('times').notNull().default(0),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    coupons: integer('coupons').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.activityId, t.bucket] })],
);

export const activityAwards = pgTable(
  'activity_awards',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** sale | birthday | register | activate | invite | upgrade | exchange */
    sourceType: text('source_type').notNull(),
    /** The order number, event key or exchange request number. */
    sourceNo: text('source_no').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The merchant's calendar day of `occurred_at` (the evaluation's "by day"). */
    localDay: date('local_day', { mode: 'string' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    coupons: integer('coupons').notNull().default(0),
    gifts: integer('gifts').notNull().default(0),
    /** The awards as the answer listed them (resources/promotion/activity-engine.ts `Award[]`). */
    awards: jsonb('awards').notNull().default([]),
    /** Ids of the coupons given, voided by a return while unused. */
    couponIds: jsonb('coupon_ids').notNull().default([]),
    /** The sale's amount this activity drove (0 for events). */
    salesAmount: numeric('sales_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** What it cost the merchant: the face value of the coupons given. */
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull().default('0'),
    costPartyId: bigint('cost_party_id', { mode: 'number' }),
    /** Why it was given when an event has a cause (the level change of an upgrade gift). */
    cause: text('cause'),
    reversedPoints: bigint('reversed_points', { mode: 'number' }).notNull().default(0),
    /** The share of `cost` a refund took back (a payment discount refunded with its payment). */
    reversedCost: numeric('reversed_cost', { precision: 14, scale: 2 }).notNull().default('0'),
    voidedCoupons: integer('voided_coupons').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('activity_awards_once_uq').on(t.tenantId, t.activityId, t.sourceType, t.sourceNo, t.memberId),
    index('activity_awards_day_idx').on(t.tenantId, t.activityId, t.localDay),
    index('activity_awards_source_idx').on(t.tenantId, t.sourceType, t.sourceNo),
    check('activity_awards_points_bound', sql`${t.points} between 0 and 1000000000`),
  ],
);

/**
 * `top_up_reversals`: what one refund of a top-up (a stored-value recharge, a card top-up) took
 * back of one top-up promotion's giving (`activity_awards` of source `recharge` / `card-topup`),
 * one row per (award, refund), written in the refund's transaction
 * (server/modules/activities/events/top-up-reversal.ts). `*_due` is the refund's share of the
 * giving (cumulative floors: the last refund of the whole top-up takes the rest); `*_taken` what
 * could be taken (the gift value and points the member still held, the coupons still unused); the
 * difference is the shortfall the member kept (spent gift, spent points, used coupons). The unique
 * key makes each refund take back once.
 */
export const topUpReversals = pgTable(
  'top_up_reversals',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    awardId: bigint('award_id', { mode: 'number' }).notNull(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** recharge | card-topup */
    sourceType: text('source_type').notNull(),
    /** The top-up's own number (the recharge's request number, `<document>:<line>`). */
    sourceNo: text('source_no').notNull(),
    refundNo: text('refund_no').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    valueDue: numeric('value_due', { precision: 14, scale: 2 }).notNull().default('0'),
    valueTaken: numeric('value_taken', { precision: 14, scale: 2 }).notNull().default('0'),
    pointsDue: bigint('points_due', { mode: 'number' }).notNull().default(0),
    pointsTaken: bigint('points_taken', { mode: 'number' }).notNull().default(0),
    couponsDue: integer('coupons_due').notNull().default(0),
    couponsVoided: integer('coupons_voided').notNull().default(0),
    /** The coupons this refund voided. */
    voidedCouponIds: jsonb('voided_coupon_ids').notNull().default([]),
    /** What the refund took off the giving's cost (gift value + the voided coupons' share of their face value). */
    costTaken: numeric('cost_taken', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('top_up_reversals_once_uq').on(t.tenantId, t.awardId, t.refundNo),
    index('top_up_reversals_source_idx').on(t.tenantId, t.sourceType, t.sourceNo),
    check(
      'top_up_reversals_within',
      sql`${t.valueTaken} between 0 and ${t.valueDue} and ${t.pointsTaken} between 0 and ${t.pointsDue}
      and ${t.couponsVoided} between 0 and ${t.couponsDue}`,
    ),
  ],
);
