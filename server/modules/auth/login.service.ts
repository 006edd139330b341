import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { tenants, users } from '../../db/schema/index';
import { AppError, badInput } from '../../http/envelope';
import { spendVerificationTime, verifyPassword } from './password.hasher';
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

const locked = (minutes: number) => new AppError('forbidden', 'auth.login.locked', { values: { minutes: Math.max(1, Math.ceil(minutes)) } });

/**
 * Records a failed attempt in one statement, so concurrent attempts cannot each read the same
 * count: at the threshold the account locks and the count starts again.
 */
async function recordFailure(args: { db: Db; tenant: typeof tenants.$inferSelect; userId: number }): Promise<boolean> {
  const { tenant } = args;
  const reachesLimit = sql`${users.failedLogins} + 1 >= ${tenant.lockoutThreshold}`;
  const [row] = await args.db.update(users).set({
    failedLogins: sql`case when ${reachesLimit} then 0 else ${users.failedLogins} + 1 end`,
    lockedUntil: sql`case when ${reachesLimit} then now() + make_interval(mins => ${tenant.lockoutMinutes}) else ${users.lockedUntil} end`,
  }).where(and(eq(users.tenantId, tenant.id), eq(users.id, args.userId)))
    .returning({ lockedNow: sql<boolean>`${users.lockedUntil} > now()` });
  return row?.lockedNow === true;
}

/**
 * Signs a user in. Checks, in order: merchant and login exist, the account is not locked, the
 * password matches (failures count towards the lock), the account is enabled. A password past
 * its validity period, or reset by an administrator, opens a session that may only change it.
 */
export async function signIn(args: { db: Db; tenantCode: string; login: string; password: string }): Promise<SignedIn> {
  const { db } = args;
  const [row] = await db.select({
    tenant: tenants,
    user: users,
    lockedSeconds: sql<number | null>`extract(epoch from ${users.lockedUntil} - now())::float8`,
    passwordExpired: sql<boolean>`${tenants.passwordValidityPeriod} > 0
      and ${users.passwordChangedAt} + make_interval(days => ${tenants.passwordValidityPeriod}) < now()`,
  }).from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(tenants.code, args.tenantCode), eq(users.login, args.login)));
  if (!row) {
    await spendVerificationTime(args.password);
    throw failed();
  }
  const { tenant, user } = row;
  if (row.lockedSeconds !== null && row.lockedSeconds > 0) throw locked(row.lockedSeconds / 60);
  if (!(await verifyPassword({ password: args.password, stored: user.passwordHash }))) {
    if (await recordFailure({ db, tenant, userId: user.id })) throw locked(tenant.lockoutMinutes);
    throw failed();
  }
  // Only now, with the right password, may the caller learn that the account is disabled.
  if (!user.enabled) throw new AppError('forbidden', 'auth.login.disabled');
  await db.update(users).set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(users.tenantId, tenant.id), eq(users.id, user.id)));

  const state: LoginState = user.mustChangePassword ? 'mustChangePassword' : row.passwordExpired ? 'passwordExpired' : 'normal';
  const lifetimeMinutes = tenant.maxLoginValidityPeriod;
  const session = await openSession({ db, tenantId: tenant.id, userId: user.id, lifetimeMinutes, resetOnly: state !== 'normal' });
  return { info: toLoginInfo({ tenant, user, state, resetToken: session.resetToken }), session, lifetimeMinutes };
}
