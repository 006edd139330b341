import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
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
  const result = await tx.execute<Record<string, unknown> & { state: string; due: boolean }>(sql`select m.state,
      exists (select 1 from points_lots l where l.tenant_id = ${tenantId} and l.member_id = ${memberId}
        and l.remaining > 0 and l.expires_at <= ${now}) as due,
      ${memberGrowthColumns({ tenantId, memberId })}, ${today} as today
    from members m where m.tenant_id = ${tenantId} and m.id = ${memberId}`);
  const row = result.rows[0];
  if (!row) throw new AppError('notFound', 'points.memberNotFound');
  const state = String(row.state);
  if (state.toLowerCase() !== 'using') throw new AppError('conflict', 'points.memberBlocked', { values: { state } });
  const byRule = Object.entries((row.today ?? {}) as Record<string, number | string>).map(
    ([rule, n]) => [Number(rule), Number(n)] as const,
  );
  return { dueLots: row.due === true, member: memberGrowthFacts(row, new Map(byRule)) };
}
