import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { prepayCardSecretAttempts as attempts } from '../../db/schema/prepay-card-secrets.schema';
import { AppError } from '../../http/envelope';

/**
 * Guessing a card's secret is slowed down per card number (`prepay_card_secret_attempts`, in
 * PostgreSQL so every server process counts the same tries): `threshold` wrong secrets within
 * `windowMinutes` lock the number for `lockMinutes`, during which even the right secret is
 * refused (429, `cards.secretLocked`). The count is kept by the number as typed, so an unknown
 * number locks exactly like a real card. A right secret starts the count again. Every instant is
 * the request's (`now`), so tests place it with their clock.
 */

export const SECRET_LOCKOUT = { threshold: 5, windowMinutes: 15, lockMinutes: 15 } as const;

/** Who is guessing: the tenant and the card number as the till typed it. */
export interface SecretAttemptKey {
  readonly tenantId: number;
  readonly number: string;
}

// Rows untouched for a day are forgotten.
const FORGET_AFTER = sql`interval '1 day'`;

const keyIs = (key: SecretAttemptKey) => and(eq(attempts.tenantId, key.tenantId), eq(attempts.number, key.number));

/** The refusal of a locked number, with the minutes left. */
export const secretLocked = (minutes: number) =>
  new AppError('tooManyRequests', 'cards.secretLocked', { values: { minutes: Math.max(1, Math.ceil(minutes)) } });

/** Refuses (429) while the number is locked. */
export async function refuseWhileLocked(args: { db: DbOrTx; key: SecretAttemptKey; now: Date }): Promise<void> {
  const [row] = await args.db
    .select({ seconds: sql<number>`extract(epoch from ${attempts.lockedUntil} - ${args.now}::timestamptz)::float8` })
    .from(attempts)
    .where(and(keyIs(args.key), gt(attempts.lockedUntil, sql`${args.now}::timestamptz`)));
  if (row) throw secretLocked(Number(row.seconds) / 60);
}

/**
 * Records one wrong secret in one statement (concurrent tries cannot read the same count): a
 * window older than `windowMinutes` starts again at one; reaching the threshold locks the number
 * and empties the count. True when the number is locked now.
 */
export async function recordWrongSecret(args: { db: DbOrTx; key: SecretAttemptKey; now: Date }): Promise<boolean> {
  const { db, key } = args;
  const { threshold, windowMinutes, lockMinutes } = SECRET_LOCKOUT;
  const now = sql`${args.now}::timestamptz`;
  const stale = sql`${attempts.windowStart} <= ${now} - make_interval(mins => ${windowMinutes})`;
  const counted = sql`(case when ${stale} then 0 else ${attempts.failures} end) + 1`;
  const reached = sql`${counted} >= ${threshold}`;
  const [row] = await db
    .insert(attempts)
    .values({ ...key, failures: 1, windowStart: args.now, lockedUntil: null, updatedAt: args.now })
    .onConflictDoUpdate({
      target: [attempts.tenantId, attempts.number],
      set: {
        failures: sql`case when ${reached} then 0 else ${counted} end`,
        windowStart: sql`case when ${stale} or ${reached} then ${now} else ${attempts.windowStart} end`,
        lockedUntil: sql`case when ${reached} then ${now} + make_interval(mins => ${lockMinutes}) else ${attempts.lockedUntil} end`,
        updatedAt: now,
      },
    })
    .returning({ lockedNow: sql<boolean>`coalesce(${attempts.lockedUntil} > ${now}, false)` });
  await db
    .delete(attempts)
    .where(
      and(
        eq(attempts.tenantId, key.tenantId),
        lt(attempts.updatedAt, sql`${now} - ${FORGET_AFTER}`),
        or(isNull(attempts.lockedUntil), lt(attempts.lockedUntil, now)),
      ),
    );
  return row?.lockedNow === true;
}

/** A right secret: the number's count starts again. */
export async function clearWrongSecrets(args: { db: DbOrTx; key: SecretAttemptKey }): Promise<void> {
  await args.db.delete(attempts).where(keyIs(args.key));
}
