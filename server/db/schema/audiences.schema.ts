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

/**
 * Members whose data a system tag's rule reads changed since the tags last looked at them (issue 29
 * item 1, "after the events that change them"): a sale, a return, a points balance, a member's
 * level / state / channel / birthday / registering store, a tag a person, a file or the API put
 * on or took off. Triggers add the row in the changing transaction, only for merchants that have
 * a system tag (migration 0062); the job `audiences.recompute-changed` re-evaluates each system
 * tag for these members only and removes the rows in the same transaction.
 */
export const audienceChangedMembers = pgTable(
  'audience_changed_members',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.memberId] })],
);
