import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * The members of a static customer group (groupType STATIC, issue 29 item 2): a list imported
 * from member numbers or mobiles (POST /v1/customer-group/import), one row per group and member
 * (the primary key keeps a member in a group once), with the line of the list it came from.
 * A static group's selection is these rows (server/modules/audiences/audience.compute.ts).
 */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.groupId, t.memberId] }), index('customer_group_members_member').on(t.tenantId, t.memberId)],
);
