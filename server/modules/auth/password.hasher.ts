import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt, which is memory-hard: guessing costs memory as well as time, so
 * graphics cards and custom chips gain little. The stored string names its own parameters
 * (`scrypt$N=…,r=…,p=…$salt$hash`), so the cost can be raised later without breaking the
 * passwords already stored.
 */

/**
 * One of the parameter sets OWASP lists as equivalent to its scrypt minimum (2^17, 8, 1): it
 * needs 16 MiB per hash instead of 128 MiB, which keeps concurrent sign-ins within memory.
 * N is configurable (`PASSWORD_HASH_COST`, log2 of N) so the tests can hash cheaply.
 */
const DEFAULT_LOG2_N = 14;
let cost: { N: number; r: number; p: number } = { N: 2 ** DEFAULT_LOG2_N, r: 8, p: 5 };
// A hash of no account's password, made at the current cost (see spendVerificationTime).
let dummyHash: Promise<string> | null = null;

/**
 * Sets the cost of new hashes (log2 of N; the server passes `config.passwordHashCost`). Hashes
 * already stored keep their own cost, so this never breaks a sign-in.
 */
export function configurePasswordHashing(log2N: number): void {
  if (cost.N === 2 ** log2N) return;
  cost = { ...cost, N: 2 ** log2N };
  // The decoy for unknown logins must cost what a real verification costs.
  dummyHash = null;
}

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';
// Room for the parameters a stored hash may name; node refuses anything above maxmem.
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(args: { password: string; salt: Buffer; length: number; cost: ScryptOptions }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(args.password.normalize('NFC'), args.salt, args.length, { ...args.cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with a fresh random salt into the self-describing stored form. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = cost;
  const key = await derive({ password, salt, length: KEY_LENGTH, cost: { N, r, p } });
  return `${PREFIX}$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** The parameters, salt and key of a stored hash, or null when it is not one of ours. */
function parseStored(stored: string): { cost: { N: number; r: number; p: number }; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== PREFIX) return null;
  const params = Object.fromEntries(parts[1].split(',').map((pair) => pair.split('=') as [string, string]));
  const cost = { N: Number(params.N), r: Number(params.r), p: Number(params.p) };
  if (![cost.N, cost.r, cost.p].every((value) => Number.isInteger(value) && value > 0)) return null;
  return { cost, salt: Buffer.from(parts[2], 'base64'), key: Buffer.from(parts[3], 'base64') };
}

/**
 * True when the password matches the stored hash. The comparison takes the same time whatever
 * the first differing byte, so response times reveal nothing about the stored key.
 */
export async function verifyPassword(args: { password: string; stored: string }): Promise<boolean> {
  const parsed = parseStored(args.stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive({ password: args.password, salt: parsed.salt, length: parsed.key.length, cost: parsed.cost });
  return timingSafeEqual(key, parsed.key);
}

/**
 * Spends the time of one verification on an unknown account, so a sign-in for a login that
 * does not exist answers as slowly as one with a wrong password.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-account-password');
  await verifyPassword({ password, stored: await dummyHash });
}
