import { createHash, randomBytes } from 'node:crypto';

/** A fresh random token (32 bytes, base64url) as the cookie or the reset link carries it. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a token, hex. Only this is stored, so a leaked sessions table cannot be replayed
 * as cookies; a plain hash suffices because the token already has 256 bits of randomness.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
