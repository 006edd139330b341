import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Webhooks of applications (server/modules/webhooks): the signing secret of each application's
 * webhook, and the outbox, one row per event and subscribing application, written in the
 * transaction of the change and updated by the deliveries.
 */
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    /** The secret, sealed (server/crud/secret-box.ts): it signs, so it is kept, not hashed. */
    sealed: text('sealed').notNull(),
    /** The secret it replaced: deliveries carry a signature with it too until `previousUntil`. */
    previousSealed: text('previous_sealed'),
    previousUntil: timestamp('previous_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.applicationId] })],
);

/**
 * The outbox: an event for one application's webhook and where its delivery stands. PENDING
 * until the receiver answers 2xx (DELIVERED) or a day of retries has passed (FAILED). Events of
 * one member to one application go out in `id` order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    /** The event's id, the same for every application it goes to and on every attempt: receivers de-duplicate by it. */
    eventId: uuid('event_id').notNull(),
    /** The event's code (resources/setting/webhook-events.ts). */
    event: text('event').notNull(),
    /** The member it concerns: the order is kept per member. Null: no order with other events. */
    memberId: bigint('member_id', { mode: 'number' }),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** The receiver's last HTTP status; null before an answer (or when it never answered). */
    lastStatus: integer('last_status'),
    /** The last failure in words (a timeout, a refused connection, a non-2xx status). */
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** When it may be tried next (PENDING only). */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    /** After it, a failure is the last: a day after the event, or after a resend. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_deliveries_application_idx').on(t.tenantId, t.applicationId, t.id),
    index('webhook_deliveries_pending_idx')
      .on(t.tenantId, t.applicationId, t.memberId, t.id)
      .where(sql`state = 'PENDING'`),
  ],
);

/**
 * How far the events that time alone causes (a coupon expiring, an activity's window starting
 * or ending) have been written: the next run writes those due after `until` (time-events.job.ts).
 */
export const webhookClock = pgTable('webhook_clock', {
  name: text('name').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
