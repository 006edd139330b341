import { randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * Card secrets (卡密): 16 random digits, shown once when the card is made (and in its batch's
 * printing file), stored only as `scrypt$<log2 N>$<salt>$<hash>` with a random 16-byte salt per
 * card (table prepay_card_secrets). The cost is low (N = 2^12) because a batch hashes thousands
 * at once and the secret is random, not a person's password; the salt keeps one precomputation
 * from serving every card.
 */

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number }) => Promise<Buffer>;

const LOG2_N = 12;
const KEY_BYTES = 32;

/** A new secret: 16 decimal digits from the CSPRNG. */
export function newCardSecret(): string {
  let digits = '';
  for (let i = 0; i < 16; i += 1) digits += String(randomInt(10));
  return digits;
}

/** The stored form of a secret. */
export async function hashCardSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, KEY_BYTES, { N: 2 ** LOG2_N });
  return `scrypt$${LOG2_N}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether `secret` is the one `stored` was made from (constant time). */
export async function cardSecretMatches(secret: string, stored: string): Promise<boolean> {
  const [scheme, log2, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(secret, Buffer.from(salt, 'base64'), expected.length, { N: 2 ** Number(log2) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
