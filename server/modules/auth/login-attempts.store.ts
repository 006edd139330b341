import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { loginAttempts } from '../../db/schema/index';

/**
 * Counting failed sign-ins per merchant code + login + client address (`login_attempts`). The
 * count and the lock are kept by what the caller typed, so unknown merchants and logins lock
 * exactly like real ones, and by address, so guessing from one place cannot lock the account
 * for everyone else.
 */

/** Who is trying: the merchant code and login as typed, and the client address. */
export interface AttemptKey {
  readonly tenantCode: string;
  readonly login: string;
  readonly clientAddress: string;
}

/** How many failures in a row lock, and for how long. */
export interface LockoutPolicy {
  readonly threshold: number;
  readonly minutes: number;
}

/**
 * The policy for a merchant code nobody owns: the defaults of the `tenants` table, the policy a
 * new merchant gets, so an unknown code answers like a typical real one.
 */
export const DEFAULT_LOCKOUT: LockoutPolicy = { threshold: 5, minutes: 15 };

// Rows untouched for a day are forgotten (a count that old says nothing about an attack).
const FORGET_AFTER = sql`interval '1 day'`;

const keyIs = (key: AttemptKey) =>
  and(eq(loginAttempts.tenantCode, key.tenantCode), eq(loginAttempts.login, key.login), eq(loginAttempts.clientAddress, key.clientAddress));

/** Seconds the key stays locked; 0 when it is not locked. */
export async function lockedSeconds(args: { db: DbOrTx; key: AttemptKey }): Promise<number> {
  const [row] = await args.db
    .select({ seconds: sql<number>`extract(epoch from ${loginAttempts.lockedUntil} - now())::float8` })
    .from(loginAttempts)
    .where(and(keyIs(args.key), gt(loginAttempts.lockedUntil, sql`now()`)));
  return row ? Math.max(0, Number(row.seconds)) : 0;
}

/**
 * Records one failure in one statement, so concurrent attempts cannot each read the same count:
 * at the threshold the key locks for the policy's minutes and the count starts again. True
 * when the key is locked now.
 */
export async function recordFailure(args: { db: DbOrTx; key: AttemptKey; policy: LockoutPolicy }): Promise<boolean> {
  const { db, key, policy } = args;
  const threshold = Math.max(1, policy.threshold);
  const reached = sql`${loginAttempts.failures} + 1 >= ${threshold}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({
      ...key,
      failures: threshold <= 1 ? 0 : 1,
      lockedUntil: threshold <= 1 ? sql`now() + make_interval(mins => ${policy.minutes})` : null,
    })
    .onConflictDoUpdate({
      target: [loginAttempts.tenantCode, loginAttempts.login, loginAttempts.clientAddress],
      set: {
        failures: sql`case when ${reached} then 0 else ${loginAttempts.failures} + 1 end`,
        lockedUntil: sql`case when ${reached} then now() + make_interval(mins => ${policy.minutes}) else ${loginAttempts.lockedUntil} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ lockedNow: sql<boolean>`coalesce(${loginAttempts.lockedUntil} > now(), false)` });
  await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.updatedAt, sql`now() - ${FORGET_AFTER}`),
        or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, sql`now()`)),
      ),
    );
  return row?.lockedNow === true;
}

/** A success: the key's count starts again. */
export async function clearFailures(args: { db: DbOrTx; key: AttemptKey }): Promise<void> {
  await args.db.delete(loginAttempts).where(keyIs(args.key));
}

/** An administrator's enable or password reset: every address's count and lock for the login go. */
export async function clearLoginLocks(args: { db: DbOrTx; tenantCode: string; login: string }): Promise<void> {
  await args.db.delete(loginAttempts).where(and(eq(loginAttempts.tenantCode, args.tenantCode), eq(loginAttempts.login, args.login)));
}
