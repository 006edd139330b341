import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import type { Exclusion, PreparedActivity } from '../../../../resources/promotion/activity-engine';

/**
 * An activity's budget, held on counter rows of `activity_budgets` (one per bucket) raised by
 * conditional upserts inside the giving transaction: the upsert locks the bucket's row, a
 * concurrent taker waits and re-reads it, so no budget is ever passed. Only the buckets the
 * activity limits are written (an unlimited activity writes nothing).
 *
 * A take is all or nothing: the whole award fits every limit, or nothing is taken and the reason
 * says which limit stopped it (the day's, the member's, the total's). Returns do not give budget back.
 */

export type BudgetRefusal = Extract<Exclusion, 'budgetSpent' | 'memberLimit' | 'dailyLimit'>;

export interface BudgetTake {
  readonly activity: Pick<PreparedActivity, 'id' | 'budget'>;
  readonly memberId: number;
  /** The merchant's calendar day of the sale or event (YYYY-MM-DD). */
  readonly localDate: string;
  readonly points: number;
  readonly coupons: number;
}

interface Bucket {
  readonly key: string;
  readonly refusal: BudgetRefusal;
  readonly times: number | null;
  readonly points: number | null;
  readonly coupons: number | null;
}

/** The buckets an activity limits, tightest first (the order locks are taken in, for every taker). */
export function bucketsOf(take: Pick<BudgetTake, 'activity' | 'memberId' | 'localDate'>): Bucket[] {
  const { budget } = take.activity;
  const buckets: Bucket[] = [];
  if (budget.perMemberPerDayTimes !== null)
    buckets.push({
      key: `day:${take.memberId}:${take.localDate}`,
      refusal: 'dailyLimit',
      times: budget.perMemberPerDayTimes,
      points: null,
      coupons: null,
    });
  if (budget.perMemberTimes !== null)
    buckets.push({ key: `member:${take.memberId}`, refusal: 'memberLimit', times: budget.perMemberTimes, points: null, coupons: null });
  if (budget.totalTimes !== null || budget.totalPoints !== null || budget.totalCoupons !== null)
    buckets.push({
      key: 'total',
      refusal: 'budgetSpent',
      times: budget.totalTimes,
      points: budget.totalPoints,
      coupons: budget.totalCoupons,
    });
  return buckets;
}

/** True when one more take of `points` / `coupons` keeps the counters within the bucket's limits. */
export function fitsBucket(
  bucket: Bucket,
  used: { times: number; points: number; coupons: number },
  take: { points: number; coupons: number },
): boolean {
  return (
    (bucket.times === null || used.times + 1 <= bucket.times) &&
    (bucket.points === null || used.points + take.points <= bucket.points) &&
    (bucket.coupons === null || used.coupons + take.coupons <= bucket.coupons)
  );
}

function within(bucket: Bucket): ReturnType<typeof sql> {
  const parts = [sql`true`];
  if (bucket.times !== null) parts.push(sql`activity_budgets.times + 1 <= ${bucket.times}`);
  if (bucket.points !== null) parts.push(sql`activity_budgets.points + excluded.points <= ${bucket.points}`);
  if (bucket.coupons !== null) parts.push(sql`activity_budgets.coupons + excluded.coupons <= ${bucket.coupons}`);
  return sql.join(parts, sql` and `);
}

/**
 * Takes one giving of `points` and `coupons` from every bucket the activity limits, in the
 * caller's transaction. Null when taken; otherwise the limit that refused it, and nothing taken.
 */
export async function takeBudget(input: BudgetTake & { tx: DbOrTx; tenantId: number }): Promise<BudgetRefusal | null> {
  const { tx, tenantId } = input;
  const taken: Bucket[] = [];
  for (const bucket of bucketsOf(input)) {
    const fresh = fitsBucket(bucket, { times: 0, points: 0, coupons: 0 }, input);
    const result = fresh
      ? await tx.execute(sql`insert into activity_budgets (tenant_id, activity_id, bucket, times, points, coupons)
          values (${tenantId}, ${input.activity.id}, ${bucket.key}, 1, ${input.points}, ${input.coupons})
          on conflict (tenant_id, activity_id, bucket) do update set times = activity_budgets.times + 1,
            points = activity_budgets.points + excluded.points, coupons = activity_budgets.coupons + excluded.coupons
          where ${within(bucket)}
          returning 1`)
      : { rows: [] };
    if (result.rows.length === 0) {
      for (const back of taken) await giveBack(tx, tenantId, input, back);
      return bucket.refusal;
    }
    taken.push(bucket);
  }
  return null;
}

/**
 * {@link takeBudget} for many members at once (a group send's batch), each taking one giving of
 * `points` and `coupons`, in a fixed number of statements: each bucket per member (the day's,
 * the member's) by one multi-row conditional upsert, then the total's row locked and as many
 * members given from it, in member order, as it has left (so a budget spent mid-batch gives
 * exactly the budget). A member refused by a later bucket gets back what earlier ones took.
 * Answers each refused member's refusal; every other member of `memberIds` took the budget.
 */
export async function takeBudgetForMany(input: {
  tx: DbOrTx;
  tenantId: number;
  activity: Pick<PreparedActivity, 'id' | 'budget'>;
  memberIds: readonly number[];
  localDate: string;
  points: number;
  coupons: number;
}): Promise<Map<number, BudgetRefusal>> {
  const { tx, tenantId, activity, localDate, points, coupons } = input;
  const refused = new Map<number, BudgetRefusal>();
  const takenBy = new Map<number, Bucket[]>(input.memberIds.map((id) => [id, []]));
  const left = () => [...takenBy.keys()].sort((a, b) => a - b);
  // The buckets per member come before the total (bucketsOf's order), so a refusal gives back only those: one update.
  const refuse = async (memberIds: readonly number[], refusal: BudgetRefusal) => {
    const back = memberIds.flatMap((memberId) => {
      const keys = takenBy
        .get(memberId)!
        .map((bucket) => bucketsOf({ activity, memberId, localDate }).find((b) => b.refusal === bucket.refusal)!.key);
      takenBy.delete(memberId);
      refused.set(memberId, refusal);
      return keys;
    });
    if (back.length > 0)
      await tx.execute(sql`update activity_budgets set times = times - 1, points = points - ${points}, coupons = coupons - ${coupons}
        where tenant_id = ${tenantId} and activity_id = ${activity.id} and bucket = any(${textArray(back)}::text[])`);
  };
  const fresh = { times: 0, points: 0, coupons: 0 };
  for (const kind of bucketsOf({ activity, memberId: 0, localDate })) {
    const members = left();
    if (members.length === 0) break;
    if (!fitsBucket(kind, fresh, { points, coupons })) {
      await refuse(members, kind.refusal);
      continue;
    }
    if (kind.key === 'total') {
      await tx.execute(sql`insert into activity_budgets (tenant_id, activity_id, bucket, times, points, coupons)
        values (${tenantId}, ${activity.id}, 'total', 0, 0, 0) on conflict (tenant_id, activity_id, bucket) do nothing`);
      const found = await tx.execute<{ times: string; points: string; coupons: string }>(sql`select times, points, coupons
        from activity_budgets where tenant_id = ${tenantId} and activity_id = ${activity.id} and bucket = 'total' for update`);
      const used = { times: Number(found.rows[0].times), points: Number(found.rows[0].points), coupons: Number(found.rows[0].coupons) };
      const room = (limit: number | null, spent: number, each: number) =>
        limit === null || each === 0 ? Number.MAX_SAFE_INTEGER : Math.max(0, Math.floor((limit - spent) / each));
      const fit = Math.min(
        members.length,
        room(kind.times, used.times, 1),
        room(kind.points, used.points, points),
        room(kind.coupons, used.coupons, coupons),
      );
      if (fit > 0)
        await tx.execute(sql`update activity_budgets set times = times + ${fit}, points = points + ${fit * points},
            coupons = coupons + ${fit * coupons}
          where tenant_id = ${tenantId} and activity_id = ${activity.id} and bucket = 'total'`);
      for (const memberId of members.slice(0, fit)) takenBy.get(memberId)!.push(kind);
      await refuse(members.slice(fit), kind.refusal);
      continue;
    }
    // A bucket per member: its key names the member (`day:<id>:<date>`, `member:<id>`).
    const keyOf = (memberId: number) => bucketsOf({ activity, memberId, localDate }).find((b) => b.refusal === kind.refusal)!.key;
    const keys = new Map(members.map((memberId) => [keyOf(memberId), memberId]));
    const taken = await tx.execute<{
      bucket: string;
    }>(sql`insert into activity_budgets (tenant_id, activity_id, bucket, times, points, coupons)
      select ${tenantId}, ${activity.id}, b.bucket, 1, ${points}, ${coupons}
      from unnest(${textArray([...keys.keys()])}::text[]) as b(bucket) order by b.bucket
      on conflict (tenant_id, activity_id, bucket) do update set times = activity_budgets.times + 1,
        points = activity_budgets.points + excluded.points, coupons = activity_budgets.coupons + excluded.coupons
      where ${within(kind)}
      returning bucket`);
    const took = new Set(taken.rows.map((row) => row.bucket));
    for (const [key, memberId] of keys) if (took.has(key)) takenBy.get(memberId)!.push(kind);
    await refuse(
      [...keys].filter(([key]) => !took.has(key)).map(([, memberId]) => memberId),
      kind.refusal,
    );
  }
  return refused;
}

/** A PostgreSQL array literal of bucket keys (letters, digits, `:` and `-`). */
const textArray = (values: readonly string[]): string => `{${values.map((v) => `"${v}"`).join(',')}}`;

async function giveBack(tx: DbOrTx, tenantId: number, take: BudgetTake, bucket: Bucket): Promise<void> {
  await tx.execute(sql`update activity_budgets set times = times - 1, points = points - ${take.points}, coupons = coupons - ${take.coupons}
    where tenant_id = ${tenantId} and activity_id = ${take.activity.id} and bucket = ${bucket.key}`);
}

/**
 * What `takeBudget` would answer now, without taking (the simulator): reads the counters, no lock.
 */
export async function peekBudget(input: BudgetTake & { tx: DbOrTx; tenantId: number }): Promise<BudgetRefusal | null> {
  const buckets = bucketsOf(input);
  if (buckets.length === 0) return null;
  const keys = buckets.map((bucket) => bucket.key);
  const result = await input.tx.execute<{ bucket: string; times: number; points: number; coupons: number }>(sql`
    select bucket, times, points, coupons from activity_budgets
    where tenant_id = ${input.tenantId} and activity_id = ${input.activity.id} and bucket in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
  const used = new Map(
    result.rows.map((row) => [row.bucket, { times: Number(row.times), points: Number(row.points), coupons: Number(row.coupons) }]),
  );
  for (const bucket of buckets) {
    if (!fitsBucket(bucket, used.get(bucket.key) ?? { times: 0, points: 0, coupons: 0 }, input)) return bucket.refusal;
  }
  return null;
}
