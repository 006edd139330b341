import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys of the installation, created once and shared by every API process of one database. Today
 * one row: `field-secrets`, the random AES-256 key `secret` fields are sealed with when
 * `SECRET_KEY` is unset (server/crud/secret-box.ts explains the choice). Base64 text.
 */
export const installationKeys = pgTable('installation_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
