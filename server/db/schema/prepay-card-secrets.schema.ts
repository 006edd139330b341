import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The secrets of prepaid cards (server/modules/cards/card-secret.ts), kept apart from the declared
 * `prepay_cards` table so no record answer, export or filter can ever carry them: one row per
 * card, the scrypt hash of its 16-digit secret with a random per-card salt. The secret in clear
 * exists only in the answer of the request that made the card and in that batch's printing file.
 */
export const prepayCardSecrets = pgTable(
  'prepay_card_secrets',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    cardId: bigint('card_id', { mode: 'number' }).notNull(),
    /** `scrypt$<log2 N>$<salt base64>$<hash base64>`. */
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.cardId] })],
);

/**
 * Wrong secrets per card number as the till typed it (server/modules/cards/card-secret-attempts.ts),
 * and the lock they lead to. Keyed by the number rather than the card's id, so an unknown number
 * counts and locks exactly like a real one (the till's answers must not tell them apart). Shared
 * by every server process through the database.
 */
export const prepayCardSecretAttempts = pgTable(
  'prepay_card_secret_attempts',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    /** Wrong secrets since `windowStart`. */
    failures: integer('failures').notNull().default(0),
    /** The first wrong secret of the current window. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.number] }), index('prepay_card_secret_attempts_updated_idx').on(t.updatedAt)],
);
