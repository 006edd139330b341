import { bigint, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * How many coupons of a template each member holds (server/modules/coupons/issue.service.ts):
 * the counter the per-member limit is held on. Issuing raises it with one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE issued + n <= limit`, which locks the member's row, so
 * concurrent issues to one member can never pass the limit (never count-then-insert).
 */
export const couponMemberCounts = pgTable(
  'coupon_member_counts',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    issued: integer('issued').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.templateId, t.memberId] })],
);
