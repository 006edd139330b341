import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The keys of applications (the `application` declaration, resources/setting) and the calls made
 * with them (server/modules/applications). A key is never stored, only its SHA-256: the key is
 * shown once, when it is issued.
 */
export const applicationKeys = pgTable(
  'application_keys',
  {
    /** SHA-256 of the whole key (hex); what a call's key is looked up by. */
    keyHash: text('key_hash').primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    /** The key's first characters, shown to tell keys apart; not enough to use it. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    /** The end of a rotated key's overlap: it works until then. Null: the key has no end. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Revoked: refused from the next call on, in every process. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: bigint('revoked_by', { mode: 'number' }),
  },
  (t) => [index('application_keys_application_idx').on(t.tenantId, t.applicationId)],
);

/**
 * One row per call made with a key: who, which operation (the route as declared, not the url
 * with its values), the answer's status and how long it took. Written in batches a moment after
 * the answer (server/modules/applications/application-calls.log.ts); listed on the
 * application's detail, newest first.
 */
export const applicationCalls = pgTable(
  'application_calls',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    keyPrefix: text('key_prefix').notNull(),
    method: text('method').notNull(),
    operation: text('operation').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    calledAt: timestamp('called_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('application_calls_application_idx').on(t.tenantId, t.applicationId, t.id)],
);
