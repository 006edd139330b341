import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';

/**
 * Encryption at rest of `secret` fields (channel credentials): AES-256-GCM with a random 96-bit
 * IV per value, stored as `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts; the key id is
 * the first 8 hex digits of the key's SHA-256, so a value sealed under another key is told apart
 * instead of failing obscurely).
 *
 * The key: `SECRET_KEY` when set (any text; 32 bytes are derived from it with HKDF-SHA-256), so
 * every process of an installation and every restore of its database share it and the database
 * alone does not open the secrets. When unset, a random 32-byte key is created once per
 * installation and kept in the database (`installation_keys`, name `field-secrets`), not in
 * DATA_DIR: several API processes on one `DATABASE_URL` must agree on it, and a DATA_DIR is per
 * machine. That protects against reading the secret columns alone (a leaked export, a log), not
 * against a dump of the whole database: set `SECRET_KEY` in production.
 */

const KEY_NAME = 'field-secrets';
const VERSION = 'v1';

let activeKey: Buffer | null = null;

const b64 = (b: Buffer) => b.toString('base64url');
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** The 32-byte key derived from a `SECRET_KEY` text. */
export function deriveSecretKey(text: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(text, 'utf8'), Buffer.from('loyalty-console'), Buffer.from('field-secrets'), 32));
}

/**
 * Loads the key every `secret` field is sealed with: from `SECRET_KEY`, else the installation's
 * random key in the database (created on first use; concurrent starts agree on one).
 */
export async function loadSecretKey(args: { db: Db; secretKey?: string }): Promise<void> {
  if (args.secretKey !== undefined && args.secretKey !== '') {
    activeKey = deriveSecretKey(args.secretKey);
    return;
  }
  const fresh = randomBytes(32).toString('base64');
  await args.db.execute(sql`INSERT INTO installation_keys (name, value) VALUES (${KEY_NAME}, ${fresh}) ON CONFLICT (name) DO NOTHING`);
  const rows = await args.db.execute<{ value: string }>(sql`SELECT value FROM installation_keys WHERE name = ${KEY_NAME}`);
  activeKey = Buffer.from(rows.rows[0].value, 'base64');
}

function key(): Buffer {
  if (!activeKey) throw new Error('secret fields: the key is not loaded (loadSecretKey)');
  return activeKey;
}

/**
 * A key for one purpose derived from the installation's key (HKDF-SHA-256, `info` the purpose):
 * what a signature the server checks later is made with (claim tokens), never the sealing key itself.
 */
export function purposeKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key(), Buffer.from('loyalty-console'), Buffer.from(purpose), 32));
}

/** Seals a secret's text for storage. */
export function sealSecret(plain: string): string {
  const k = key();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, keyId(k), b64(iv), b64(cipher.getAuthTag()), b64(data)].join('.');
}

/**
 * The text of a sealed secret, for the server module that uses the credential (never for an
 * answer). Null when the value was sealed under another key or was tampered with.
 */
export function openSecret(sealed: string): string | null {
  const k = key();
  const [version, id, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || id !== keyId(k) || iv === undefined || tag === undefined || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What answers show instead of a secret. */
export const SECRET_MASK = '••••';

/**
 * The mask of a stored secret: `••••` and its last four characters when it has at least 12 (so
 * at most a third of it shows), else `••••` alone; `••••` too when it cannot be opened.
 */
export function maskSecret(sealed: string): string {
  const plain = openSecret(sealed);
  if (plain === null) return SECRET_MASK;
  const chars = [...plain];
  return chars.length >= 12 ? `${SECRET_MASK}${chars.slice(-4).join('')}` : SECRET_MASK;
}
