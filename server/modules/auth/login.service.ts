import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { tenants, users } from '../../db/schema/index';
import { AppError, badInput } from '../../http/envelope';
import { spendVerificationTime, verifyPassword } from './password.hasher';
import { clearFailures, DEFAULT_LOCKOUT, lockedSeconds, recordFailure, type AttemptKey, type LockoutPolicy } from './login-attempts.store';
import { openSession, type OpenedSession } from './session.store';
import { toLoginInfo, type LoginInfo, type LoginState } from './login-info';

/** A successful sign-in: what the client is told, and the session to put in the cookie. */
export interface SignedIn {
  readonly info: LoginInfo;
  readonly session: OpenedSession;
  /** Absolute lifetime in minutes, for the cookie's max-age. */
  readonly lifetimeMinutes: number;
}

// One answer for an unknown merchant, an unknown login and a wrong password, so the form does
// not reveal which merchants and accounts exist.
const failed = () => badInput('auth.login.failed');

/** The answer for a locked merchant code + login + address, known or not. */
export const locked = (minutes: number) =>
  new AppError('forbidden', 'auth.login.locked', { values: { minutes: Math.max(1, Math.ceil(minutes)) } });

/** The lockout policy of a tenant row, or the defaults when the merchant code is unknown. */
export const lockoutOf = (tenant: { lockoutThreshold: number; lockoutMinutes: number } | undefined): LockoutPolicy =>
  tenant ? { threshold: tenant.lockoutThreshold, minutes: tenant.lockoutMinutes } : DEFAULT_LOCKOUT;

/**
 * Signs a user in. Checks, in order: the merchant code + login is not locked from this client
 * address, the password matches (failures count towards the lock), the account is enabled. An
 * unknown merchant or login goes through the same steps against a decoy hash, so it answers
 * the same way, in about the same time, and locks the same way. A password past its validity
 * period, or set by an administrator, opens a session that may only change it.
 */
export async function signIn(args: {
  db: Db;
  tenantCode: string;
  login: string;
  password: string;
  clientAddress: string;
}): Promise<SignedIn> {
  const { db } = args;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.code, args.tenantCode));
  const [row] = tenant
    ? await db
        .select({
          user: users,
          passwordExpired: sql<boolean>`${tenant.passwordValidityPeriod} > 0
      and ${users.passwordChangedAt} + make_interval(days => ${tenant.passwordValidityPeriod}) < now()`,
        })
        .from(users)
        // An application's account never signs in (its login has a colon no person's may have).
        .where(and(eq(users.tenantId, tenant.id), eq(users.login, args.login), isNull(users.applicationId)))
    : [];
  const key: AttemptKey = { tenantCode: args.tenantCode, login: args.login, clientAddress: args.clientAddress };
  const policy = lockoutOf(tenant);

  const lockSeconds = await lockedSeconds({ db, key });
  if (lockSeconds > 0) throw locked(lockSeconds / 60);
  let matches = false;
  if (row) matches = await verifyPassword({ password: args.password, stored: row.user.passwordHash });
  else await spendVerificationTime(args.password);
  if (!matches || !row || !tenant) {
    if (await recordFailure({ db, key, policy })) throw locked(policy.minutes);
    throw failed();
  }
  const { user } = row;
  // Only now, with the right password, may the caller learn that the account is disabled.
  if (!user.enabled) throw new AppError('forbidden', 'auth.login.disabled');
  await clearFailures({ db, key });

  const state: LoginState = user.mustChangePassword ? 'mustChangePassword' : row.passwordExpired ? 'passwordExpired' : 'normal';
  const lifetimeMinutes = tenant.maxLoginValidityPeriod;
  const session = await openSession({ db, tenantId: tenant.id, userId: user.id, lifetimeMinutes, resetOnly: state !== 'normal' });
  return { info: toLoginInfo({ tenant, user, state, resetToken: session.resetToken }), session, lifetimeMinutes };
}
