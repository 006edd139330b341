import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { sessions, users } from '../../db/schema/index';
import { badInput } from '../../http/envelope';
import type { AuthContext } from '../../http/auth-types';
import { hashPassword, verifyPassword } from './password.hasher';
import { checkPasswordPolicy } from './password.policy';
import { consumeResetToken, openSession, revokeUserSessions } from './session.store';
import { loadTenantAndUser, toLoginInfo } from './login-info';
import { locked, lockoutOf, type SignedIn } from './login.service';
import { clearFailures, lockedSeconds, recordFailure, type AttemptKey } from './login-attempts.store';
import { hashToken } from './session.token';

/** Throws a 400 naming the password field when the new password breaks the tenant's policy. */
export function assertPasswordAllowed(args: { field: string; password: string; login: string; useStrict: boolean }): void {
  const problem = checkPasswordPolicy({ password: args.password, login: args.login, policy: { useStrict: args.useStrict } });
  if (problem) throw badInput('error.fieldsInvalid', [{ field: args.field, key: problem.key, values: problem.values }]);
}

/**
 * Changes the caller's own password. A reset-only session proves itself with the one-time reset
 * token it received at sign-in; a normal session with the old password, checked before anything
 * else so no other answer (a policy breach, "same as the old one") hints at whether a guess was
 * right. Wrong old passwords count towards the same lock as failed sign-ins (per login and
 * client address). The new password must satisfy the policy and differ from the old one. Every
 * session of the user ends, and a fresh normal session replaces the caller's, so a stolen cookie
 * does not survive the change.
 */
export async function changeOwnPassword(args: {
  db: Db;
  auth: AuthContext;
  oldPassword?: string;
  newPassword: string;
  resetToken?: string;
  clientAddress: string;
}): Promise<SignedIn> {
  const { db, auth } = args;
  const { tenant, user } = await loadTenantAndUser({ db, tenantId: auth.tenantId, userId: auth.userId });
  const [session] = await db
    .select({ resetOnly: sessions.passwordResetOnly, resetTokenHash: sessions.resetTokenHash })
    .from(sessions)
    .where(eq(sessions.tokenHash, auth.sessionTokenHash));
  const invalidToken = () => badInput('error.fieldsInvalid', [{ field: 'resetToken', key: 'auth.resetToken.invalid' }]);
  if (session?.resetOnly) {
    // Checked here, used up only once the change is certain, so a refused new password does
    // not cost the user their token.
    if (args.resetToken === undefined || session.resetTokenHash === null || hashToken(args.resetToken) !== session.resetTokenHash) {
      throw invalidToken();
    }
  } else {
    const key: AttemptKey = { tenantCode: tenant.code, login: user.login, clientAddress: args.clientAddress };
    const lockSeconds = await lockedSeconds({ db, key });
    if (lockSeconds > 0) throw locked(lockSeconds / 60);
    if (args.oldPassword === undefined || !(await verifyPassword({ password: args.oldPassword, stored: user.passwordHash }))) {
      if (await recordFailure({ db, key, policy: lockoutOf(tenant) })) throw locked(tenant.lockoutMinutes);
      throw badInput('error.fieldsInvalid', [{ field: 'oldPassword', key: 'auth.password.oldWrong' }]);
    }
    await clearFailures({ db, key });
  }
  assertPasswordAllowed({ field: 'newPassword', password: args.newPassword, login: user.login, useStrict: tenant.useStrict });
  if (await verifyPassword({ password: args.newPassword, stored: user.passwordHash })) {
    throw badInput('error.fieldsInvalid', [{ field: 'newPassword', key: 'auth.password.sameAsOld' }]);
  }

  const passwordHash = await hashPassword(args.newPassword);
  return db.transaction(async (tx) => {
    if (session?.resetOnly && !(await consumeResetToken({ db: tx, tokenHash: auth.sessionTokenHash, resetToken: args.resetToken! }))) {
      throw invalidToken();
    }
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        mustChangePassword: false,
        version: sql`${users.version} + 1`,
      })
      .where(and(eq(users.tenantId, tenant.id), eq(users.id, user.id)))
      .returning();
    await revokeUserSessions({ db: tx, tenantId: tenant.id, userId: user.id });
    const lifetimeMinutes = tenant.maxLoginValidityPeriod;
    const opened = await openSession({ db: tx, tenantId: tenant.id, userId: user.id, lifetimeMinutes, resetOnly: false });
    return { info: toLoginInfo({ tenant, user: updated, state: 'normal', resetToken: null }), session: opened, lifetimeMinutes };
  });
}
