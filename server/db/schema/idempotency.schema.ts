import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The idempotency keys of the requests that move value (server/modules/idempotency/README.md):
 * one row per (tenant, operation, key), inserted first in the transaction that does the work
 * and given its answer before that transaction commits, so the work and the stored answer
 * commit together or not at all.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    /** What the key is for: `points.transaction`, `points.spend`, `points.return`, … */
    operation: text('operation').notNull(),
    /** The caller's number (order number, request number, return number). */
    key: text('key').notNull(),
    /**
     * SHA-256 (hex) of the canonical request; a replay with another hash is refused with 409.
     * Null only for keys recorded before hashes were kept (migration 0011): their replays answer
     * the stored result, as they always did.
     */
    requestHash: text('request_hash'),
    /** The first answer, returned unchanged to every replay. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.operation, t.key] })],
);
