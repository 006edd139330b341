import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { prepareCredit } from '../ledger/one-statement-credit';
import { POINTS_BOOK } from '../ledger/points.book';
import { growthTodaySql, memberGrowthColumns, memberGrowthFacts, type MemberGrowthFacts } from '../levels/growth.service';

/**
 * The member's row lock a sale takes before anything else, in its idempotency key's claim
 * (idempotent's `lockFirst`): the member first, then the points account, the order every posting
 * keeps. When growth rules are in force the sale writes the row (its growth value), so it is
 * taken `for no key update` at once: two sales of one member then queue on it instead of both
 * holding a share lock and deadlocking when each asks to write. Without growth rules `for share`
 * lets sales of one member run side by side up to the account row; a freeze waits for them.
 */
export function saleMemberLock(input: { tenantId: number; memberId: number; writesMember: boolean }): SQL {
  const mode = input.writesMember ? sql`for no key update` : sql`for share`;
  return sql`select 1 from members where tenant_id = ${input.tenantId} and id = ${input.memberId} ${mode}`;
}

/**
 * Every read of a sale before its writes, in ONE statement, run once the member's row is locked
 * (saleMemberLock), so it sees every sale of the member committed before: whether the member may
 * transact (in use), whether any of their points lots is due to expire at `now`, and what the
 * growth step needs (growth value, level, today's growth under each capped rule).
 */
export async function prepareSale(input: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  now: Date;
  /** The growth rules in force today; null when there is none. */
  growth: { day: string; capRuleIds: readonly number[] } | null;
}): Promise<{ dueLots: boolean; member: MemberGrowthFacts }> {
  const { tx, tenantId, memberId, now } = input;
  const capRuleIds = input.growth?.capRuleIds ?? [];
  const today =
    input.growth && capRuleIds.length > 0
      ? sql`(select coalesce(jsonb_object_agg(g.rule_id, g.n), '{}'::jsonb) from (${growthTodaySql({ tenantId, memberId, day: input.growth.day, capRuleIds })}) g)`
      : sql`'{}'::jsonb`;
  const { dueLots, row } = await prepareCredit(POINTS_BOOK, {
    tx,
    tenantId,
    holder: { memberId },
    memberId,
    now,
    columns: sql`${memberGrowthColumns({ tenantId, memberId })}, ${today} as today`,
    locked: true,
  });
  const byRule = Object.entries((row.today ?? {}) as Record<string, number | string>).map(
    ([rule, n]) => [Number(rule), Number(n)] as const,
  );
  return { dueLots, member: memberGrowthFacts(row, new Map(byRule)) };
}
