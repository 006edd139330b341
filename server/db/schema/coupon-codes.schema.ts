import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
