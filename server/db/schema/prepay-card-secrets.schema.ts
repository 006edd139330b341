import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
