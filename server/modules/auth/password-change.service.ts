import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { sessions, users } from '../../db/schema/index';
import { badInput } from '../../http/envelope';
import type { AuthContext } from '../../http/auth-types';
import { hashPassword, verifyPassword } from './password.hasher';
import { checkPasswordPolicy } from './password.policy';
import { consumeResetToken, openSession, revokeUserSessions } from './session.store';
import { loadTenantAndUser, toLoginInfo } from './login-info';
import type { SignedIn } from './login.service';

/** Throws a 400 naming the password field when the new password breaks the tenant's policy. */
export function assertPasswordAllowed(args: { field: string; password: string; login: string; useStrict: boolean }): void {
  const problem = checkPasswordPolicy({ password: args.password, login: args.login, policy: { useStrict: args.useStrict } });
  if (problem) throw badInput('error.fieldsInvalid', [{ field: args.field, key: problem.key, values: problem.values }]);
}

/**
 * Changes the caller's own password. A reset-only session proves itself with the one-time reset
 * token it received at sign-in; a normal session with the old password. The new password must
 * satisfy the policy and differ from the old one. Every session of the user ends, and a fresh
 * normal session replaces the caller's, so a stolen cookie does not survive the change.
 */
export async function changeOwnPassword(args: {
  db: Db;
  auth: AuthContext;
  oldPassword?: string;
  newPassword: string;
  resetToken?: string;
}): Promise<SignedIn> {
  const { db, auth } = args;
  const { tenant, user } = await loadTenantAndUser({ db, tenantId: auth.tenantId, userId: auth.userId });
  const [session] = await db.select({ resetOnly: sessions.passwordResetOnly }).from(sessions)
    .where(eq(sessions.tokenHash, auth.sessionTokenHash));
  assertPasswordAllowed({ field: 'newPassword', password: args.newPassword, login: user.login, useStrict: tenant.useStrict });
  if (await verifyPassword({ password: args.newPassword, stored: user.passwordHash })) {
    throw badInput('error.fieldsInvalid', [{ field: 'newPassword', key: 'auth.password.sameAsOld' }]);
  }
  if (session?.resetOnly) {
    const proven = args.resetToken !== undefined
      && (await consumeResetToken({ db, tokenHash: auth.sessionTokenHash, resetToken: args.resetToken }));
    if (!proven) throw badInput('error.fieldsInvalid', [{ field: 'resetToken', key: 'auth.resetToken.invalid' }]);
  } else if (args.oldPassword === undefined || !(await verifyPassword({ password: args.oldPassword, stored: user.passwordHash }))) {
    throw badInput('error.fieldsInvalid', [{ field: 'oldPassword', key: 'auth.password.oldWrong' }]);
  }

  const passwordHash = await hashPassword(args.newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      mustChangePassword: false,
      version: sql`${users.version} + 1`,
    }).where(and(eq(users.tenantId, tenant.id), eq(users.id, user.id))).returning();
    await revokeUserSessions({ db: tx, tenantId: tenant.id, userId: user.id });
    const lifetimeMinutes = tenant.maxLoginValidityPeriod;
    const opened = await openSession({ db: tx, tenantId: tenant.id, userId: user.id, lifetimeMinutes, resetOnly: false });
    return { info: toLoginInfo({ tenant, user: updated, state: 'normal', resetToken: null }), session: opened, lifetimeMinutes };
  });
}
