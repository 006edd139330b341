import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { sessions } from '../../db/schema/index';
import { hashToken, newToken } from './session.token';
import { invalidateAuthCaches } from './session.cache';

/** A session just opened: the cookie token, and the one-time reset token of a reset-only one. */
export interface OpenedSession {
  readonly token: string;
  readonly tokenHash: string;
  readonly resetToken: string | null;
}

/**
 * Opens a session. A reset-only session (expired password, or reset by an administrator) may do
 * nothing but change the password, and comes with a one-time reset token.
 */
export async function openSession(args: {
  db: DbOrTx;
  tenantId: number;
  userId: number;
  lifetimeMinutes: number;
  resetOnly: boolean;
}): Promise<OpenedSession> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const resetToken = args.resetOnly ? newToken() : null;
  await args.db.insert(sessions).values({
    tokenHash,
    tenantId: args.tenantId,
    userId: args.userId,
    expiresAt: sql`now() + make_interval(mins => ${args.lifetimeMinutes})`,
    passwordResetOnly: args.resetOnly,
    resetTokenHash: resetToken ? hashToken(resetToken) : null,
  });
  return { token, tokenHash, resetToken };
}

/** Ends one session. */
export async function revokeSession(args: { db: DbOrTx; tokenHash: string }): Promise<void> {
  invalidateAuthCaches({ tokenHash: args.tokenHash });
  await args.db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, args.tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user (disabled, password reset or changed elsewhere). */
export async function revokeUserSessions(args: { db: DbOrTx; tenantId: number; userId: number }): Promise<void> {
  invalidateAuthCaches({ tenantId: args.tenantId });
  await args.db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tenantId, args.tenantId), eq(sessions.userId, args.userId), isNull(sessions.revokedAt)));
}

/**
 * Uses up the reset token of a reset-only session: true only for the first caller with the right
 * token, because the conditional update clears it in the same statement.
 */
export async function consumeResetToken(args: { db: DbOrTx; tokenHash: string; resetToken: string }): Promise<boolean> {
  const rows = await args.db
    .update(sessions)
    .set({ resetTokenHash: null })
    .where(and(eq(sessions.tokenHash, args.tokenHash), eq(sessions.resetTokenHash, hashToken(args.resetToken))))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length === 1;
}
