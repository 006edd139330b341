import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { hashToken } from './session.token';

/** The header a call carries its application key in (issue 31 §1); no cookie, no console header. */
export const APPLICATION_KEY_HEADER = 'x-api-key';

/** What every key starts with, so a leaked one is recognised (secret scanners, logs). */
const KEY_MARK = 'lk_';

/** How many characters of a key are kept and shown to tell keys apart (the mark and 8 more). */
const PREFIX_LENGTH = KEY_MARK.length + 8;

/** A key just issued: the key itself (answered once, never stored), its hash and its prefix. */
export interface IssuedKey {
  readonly key: string;
  readonly hash: string;
  readonly prefix: string;
}

/** A new random key: the mark and 240 random bits (40 base64url characters). */
export function newApplicationKey(): IssuedKey {
  const key = `${KEY_MARK}${randomBytes(30).toString('base64url')}`;
  return { key, hash: hashApplicationKey(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

/** SHA-256 of a key (hex): a key has 240 random bits, so a fast hash is enough. */
export const hashApplicationKey = (key: string): string => hashToken(key);

/**
 * The key a call carries, or null when it carries none. Anything in the header is a key (a
 * wrong one is refused as unknown, 401), so a call cannot fall back to a cookie by sending junk.
 */
export function applicationKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[APPLICATION_KEY_HEADER];
  const key = Array.isArray(value) ? value[0] : value;
  return key === undefined ? null : key.trim();
}

/** The cache key of an application key (the session cache holds both; a session's is its bare hash). */
export const keyCacheKey = (keyHash: string): string => `k:${keyHash}`;
