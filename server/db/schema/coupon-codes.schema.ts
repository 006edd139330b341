import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * `coupon_codes`: the codes of a coupon code export campaign (EXPORT_CODE_SEND_COUPON, issue 28
 * item 1; server/modules/activities/codes/README.md), generated in bulk when the campaign is
 * audited. A code is unique per tenant (the unique index, whatever its campaign); it becomes a
 * member's coupon when bound: `member_id`, `coupon_id` and `bound_at` are set once, by one
 * conditional update in the transaction that issues the coupon.
 */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    couponId: bigint('coupon_id', { mode: 'number' }),
    boundAt: timestamp('bound_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('coupon_codes_code').on(t.tenantId, t.code),
    index('coupon_codes_activity').on(t.tenantId, t.activityId, t.id),
  ],
);

/**
 * `third_party_cancels`: each cancel a partner's application made through the API
 * (server/modules/activities/third-party, `POST /v1/third-coupon/cancel`), written in the cancel's
 * transaction (so once per its request number, as the cancel itself): the issue it cancelled, the
 * member, the coupons it voided and the reason. The list 作废券 (cancel-coupon) and its detail read it.
 */
export const thirdPartyCancels = pgTable(
  'third_party_cancels',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    requestNo: text('request_no').notNull(),
    issueRequestNo: text('issue_request_no').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    couponIds: jsonb('coupon_ids').notNull(),
    reason: text('reason'),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('third_party_cancels_request').on(t.tenantId, t.applicationId, t.requestNo),
    index('third_party_cancels_activity').on(t.tenantId, t.activityId, t.id),
  ],
);
