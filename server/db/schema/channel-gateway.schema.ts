import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The channel gateway's tables (server/modules/channels): every call made (or that would have
 * been made) to an outside platform, and the access tokens a platform hands out, shared by every
 * API process.
 */

/**
 * One row per call through the gateway: the merchant, who asked (a user, or null for the server
 * itself), the channel and operation, what was sent (credentials left out), what came back, how
 * it ended and how long it took. NOT_CONNECTED rows are the calls a channel without credentials
 * would have made.
 */
export const channelCalls = pgTable(
  'channel_calls',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    operation: text('operation').notNull(),
    /** OK, FAILED (the platform or the network refused), REFUSED (a rule here stopped it), NOT_CONNECTED. */
    outcome: text('outcome').notNull(),
    /** The platform's own error code (`40001`, `isv.BUSINESS_LIMIT_CONTROL`), or ours (`quietHours`). */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    request: jsonb('request').notNull(),
    response: jsonb('response'),
    userId: bigint('user_id', { mode: 'number' }),
    durationMs: integer('duration_ms').notNull(),
    calledAt: timestamp('called_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('channel_calls_channel_idx').on(t.tenantId, t.channel, t.id),
    check('channel_calls_outcome_check', sql`${t.outcome} in ('OK', 'FAILED', 'REFUSED', 'NOT_CONNECTED')`),
  ],
);

/**
 * A platform's access token for one merchant (WeChat's `access_token`): fetched by one process
 * under an advisory lock and read by all, so concurrent calls refresh it once.
 */
export const channelTokens = pgTable(
  'channel_tokens',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    channel: text('channel').notNull(),
    /** Which credentials it was issued for (the app id): a changed app id never reuses it. */
    issuedFor: text('issued_for').notNull(),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.channel] })],
);
