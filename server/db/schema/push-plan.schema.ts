import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The messages of push plans (PUSH_PLAN activities, issue 29 item 3;
 * server/modules/activities/push-plans/README.md): one row per run, member and channel (the
 * primary key; the run names the plan), written before the platform is asked, in the transaction
 * that serves the member, so a job delivered again finds it and never sends it twice. SENDING
 * until the gateway answered, then SENT (with the gateway's call), FAILED (the platform's code),
 * or SUPPRESSED from the start with the reason (resources/contract/push-plan.types.ts).
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    /** The row's own key (the report pages by it). */
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    channel: text('channel').notNull(),
    result: text('result').notNull(),
    reason: text('reason'),
    errorCode: text('error_code'),
    /** The gateway's call (`channel_calls.id`) once the platform was asked. */
    callId: bigint('call_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.runId, t.memberId, t.channel] }),
    uniqueIndex('push_deliveries_id').on(t.tenantId, t.id),
    // The frequency cap: a member's messages that went out (or are going), by time. Only those: a
    // suppressed message, most of a large plan's, is no touch and adds no entry.
    index('push_deliveries_member')
      .on(t.tenantId, t.memberId, t.createdAt)
      .where(sql`${t.result} in ('SENDING', 'SENT')`),
    check('push_deliveries_result', sql`${t.result} in ('SENDING', 'SENT', 'SUPPRESSED', 'FAILED')`),
  ],
);

/**
 * The splash-screen offers a member was shown (OPEN_SCREEN_COUPON, issue 29 item 4): one row per
 * member, campaign and local day of the merchant, written when the app is first answered with the
 * campaign that day. Each row is one marketing touch: the per-member caps per day and per week of
 * the push plans count these beside the push runs that reached the member, in both directions
 * (server/modules/activities/claims/README.md "Splash-screen coupons").
 */
export const splashOfferViews = pgTable(
  'splash_offer_views',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.memberId, t.activityId, t.localDay] }),
    // The caps: a member's touches by time.
    index('splash_offer_views_member').on(t.tenantId, t.memberId, t.shownAt),
  ],
);
