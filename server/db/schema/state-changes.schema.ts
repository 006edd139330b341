import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The log of state actions of every declared resource (freeze, unfreeze, audit, stop …): one row
 * per real transition, written by the engine in the same transaction as the conditional update
 * that moved the record, with the reason the action was given. Append-only; detail pages list
 * a record's rows through `GET /v1/<name>/history/:id`.
 *
 * `resource` is the API name of the table's owner (a view's base), so every view of one table
 * shows the same history.
 */
export const stateChanges = pgTable(
  'state_changes',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    resource: text('resource').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** The action's name (its URL segment). */
    action: text('action').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    reason: text('reason'),
    userId: bigint('user_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('state_changes_record_idx').on(t.tenantId, t.resource, t.recordId, t.id)],
);
