/**
 * Claim tokens (issue 28 item 2): what a member's claim carries, so that a captured claim request
 * replayed by a script gets nothing (DOMAIN.md). A token names the tenant, the activity, the
 * member and a random nonce, and ends `CLAIM_TOKEN_MINUTES` after it was made; it is signed with
 * HMAC-SHA-256 under a key derived from the installation's key (`purposeKey('claim-tokens')`,
 * server/crud/secret-box.ts: `SECRET_KEY`, else the key kept in the database), so every process
 * of an installation checks the others' tokens and no one makes one without the key. Nothing is
 * stored when a token is made: it is single-use because its nonce is the claim's number in
 * `activity_awards`, whose unique key lets one claim per nonce give (claim.service.ts).
 *
 * Form: `c1.<payload>.<signature>`, base64url parts; the payload is JSON `{ t, a, m, n, e }`
 * (tenant, activity, member, nonce, end in seconds since the epoch).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { purposeKey } from '../../../crud/secret-box';

const VERSION = 'c1';

/** How long a claim token may be used after it was made. */
export const CLAIM_TOKEN_MINUTES = 10;

/** What a token binds. */
export interface ClaimTokenBody {
  readonly tenantId: number;
  readonly activityId: number;
  readonly memberId: number;
  /** Random, 128 bits: the claim's number. */
  readonly nonce: string;
  readonly expiresAt: Date;
}

const signature = (signed: string): Buffer => createHmac('sha256', purposeKey('claim-tokens')).update(signed).digest();

/** A new token for a member's claim under an activity. */
export function signClaimToken(args: { tenantId: number; activityId: number; memberId: number; now: Date }): {
  token: string;
  body: ClaimTokenBody;
} {
  const nonce = randomBytes(16).toString('base64url');
  const expiresAt = new Date(Math.floor(args.now.getTime() / 1000) * 1000 + CLAIM_TOKEN_MINUTES * 60_000);
  const payload = Buffer.from(
    JSON.stringify({ t: args.tenantId, a: args.activityId, m: args.memberId, n: nonce, e: expiresAt.getTime() / 1000 }),
  ).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return {
    token: `${signed}.${signature(signed).toString('base64url')}`,
    body: { tenantId: args.tenantId, activityId: args.activityId, memberId: args.memberId, nonce, expiresAt },
  };
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** The token's body when its signature holds (whatever its end), else null. */
export function readClaimToken(token: string): ClaimTokenBody | null {
  const [version, payload, sig, ...rest] = token.split('.');
  if (version !== VERSION || payload === undefined || sig === undefined || rest.length > 0) return null;
  const expected = signature(`${version}.${payload}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { t, a, m, n, e } = (body ?? {}) as Record<string, unknown>;
  if (!isInt(t) || !isInt(a) || !isInt(m) || typeof n !== 'string' || n === '' || !isInt(e)) return null;
  return { tenantId: t, activityId: a, memberId: m, nonce: n, expiresAt: new Date(e * 1000) };
}
