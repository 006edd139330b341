import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-tenant number sequences (card template numbers, and any other business number that must
 * never be handed out twice). A number is drawn with one statement,
 * `INSERT … ON CONFLICT (tenant_id, name) DO UPDATE SET value = value + 1 RETURNING value`, so
 * concurrent callers, even in different API processes, serialise on the counter's row and each
 * gets its own value. Every number is drawn by server/crud/numbering.ts (a declaration's
 * `numbering`, and card-template's allocateTemplateNumber endpoint).
 */
export const counters = pgTable(
  'counters',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    /** Name of the sequence (`card-template`). */
    name: text('name').notNull(),
    /** The last value handed out. */
    value: bigint('value', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);
