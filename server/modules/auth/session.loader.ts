import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { sessions, tenants, users } from '../../db/schema/index';
import { loadUserGrants } from './user-grants';
import type { AuthContext } from '../../http/auth-types';

/** A live session as the access hook sees it. */
export interface LoadedSession {
  readonly auth: AuthContext;
  /** The session may only change the password (expired, or reset by an administrator). */
  readonly resetOnly: boolean;
  /** The tenant's licence has not expired. */
  readonly licenseValid: boolean;
  /**
   * How long, from the load, this answer stays true by itself: until the session's absolute end,
   * its idle end, or the licence's end (whichever comes first). Bounds the session cache.
   */
  readonly validForMs: number;
}

// Writing last_seen_at on every call would turn every read into a write; a minute of slack on
// an idle timeout counted in minutes changes nothing a user notices.
const TOUCH_AFTER_SECONDS = 60;

/**
 * Loads the session behind a token hash, or null when it is unknown, revoked, past its absolute
 * lifetime, idle for longer than the tenant allows, or its user has been disabled. Times are
 * compared on the database clock, so several API processes agree.
 */
export async function loadSession(args: { db: Db; tokenHash: string }): Promise<LoadedSession | null> {
  const { db, tokenHash } = args;
  const [row] = await db
    .select({
      tenantId: sessions.tenantId,
      userId: sessions.userId,
      resetOnly: sessions.passwordResetOnly,
      alive: sql<boolean>`${sessions.expiresAt} > now()`,
      idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::float8`,
      idleLimitMinutes: tenants.idleTimeoutMinutes,
      licenseValid: sql<boolean>`coalesce(${tenants.licenseExpiresAt} > now(), false)`,
      secondsLeft: sql<number>`extract(epoch from ${sessions.expiresAt} - now())::float8`,
      licenseSecondsLeft: sql<number | null>`extract(epoch from ${tenants.licenseExpiresAt} - now())::float8`,
      login: users.login,
      name: users.name,
      enabled: users.enabled,
      marketingCenterIds: users.marketingCenterIds,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  if (!row) return null;
  const idle = row.idleSeconds > row.idleLimitMinutes * 60;
  if (!row.alive || idle || !row.enabled) {
    // Mark it dead so it stays dead even if the tenant later lengthens its timeouts.
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  const touched = row.idleSeconds > TOUCH_AFTER_SECONDS;
  if (touched) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  const grants = row.resetOnly ? [] : await loadUserGrants({ db, tenantId: row.tenantId, userId: row.userId });
  const idleLeft = row.idleLimitMinutes * 60 - (touched ? 0 : row.idleSeconds);
  const licenseLeft = row.licenseValid ? (row.licenseSecondsLeft ?? 0) : Infinity;
  return {
    resetOnly: row.resetOnly,
    licenseValid: row.licenseValid,
    validForMs: Math.max(0, Math.min(row.secondsLeft, idleLeft, licenseLeft) * 1000 - 1000),
    auth: {
      tenantId: row.tenantId,
      userId: row.userId,
      login: row.login,
      name: row.name,
      grants,
      marketingCenterIds: row.marketingCenterIds ?? null,
      sessionTokenHash: tokenHash,
    },
  };
}
