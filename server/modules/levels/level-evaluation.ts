import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { applyLevelChange, type LevelChangeCause, type LevelChangeResult } from './level-change';

/**
 * Which free level a member's growth value earns, and when the member moves there (the
 * level-valuate-rule settings object, resources/member/level-valuate-rule.resource.ts):
 *
 * - a new member starts on the entry level: the enabled free level of the lowest rank;
 * - the target of a growth value is the enabled free level of the highest rank whose threshold
 *   the value reaches; a member on a paid or special level is not moved by growth;
 * - a rise happens at once (real-time rule, on every growth change) or at the monthly
 *   evaluation (monthly rule); a drop only when the rule allows dropping and the protection
 *   months since the member reached the level held have passed.
 *
 * Every move goes through `applyLevelChange` (cause recorded, incentives paid once).
 */

export interface EvaluationRule {
  readonly mode: 'REALTIME' | 'MONTHLY';
  readonly monthlyDay: number;
  readonly canDowngrade: boolean;
  readonly protectionMonths: number;
}

/** The tenant's evaluation rule, or the declared defaults before its first save. */
export async function evaluationRuleOf(tx: DbOrTx, tenantId: number): Promise<EvaluationRule> {
  const result = await tx.execute<{ mode: string; monthly_day: number | null; can_downgrade: boolean; protection_months: number }>(sql`
    select mode, monthly_day, can_downgrade, protection_months from level_valuate_rules where tenant_id = ${tenantId}`);
  const row = result.rows[0];
  if (!row) return { mode: 'REALTIME', monthlyDay: 1, canDowngrade: true, protectionMonths: 12 };
  return {
    mode: row.mode === 'MONTHLY' ? 'MONTHLY' : 'REALTIME',
    monthlyDay: Number(row.monthly_day ?? 1),
    canDowngrade: Boolean(row.can_downgrade),
    protectionMonths: Number(row.protection_months ?? 0),
  };
}

export interface FreeLevel {
  readonly id: number;
  readonly rankOrder: number;
  readonly growthThreshold: number;
}

/** The tenant's enabled free levels, lowest rank first. */
export async function freeLadder(tx: DbOrTx, tenantId: number): Promise<FreeLevel[]> {
  const result = await tx.execute<{ id: number; rank_order: number; growth_threshold: number | null }>(sql`
    select id, rank_order, growth_threshold from member_levels
    where tenant_id = ${tenantId} and level_type = 'FREE' and state = 'ENABLED'
    order by rank_order, id`);
  return result.rows.map((r) => ({ id: Number(r.id), rankOrder: Number(r.rank_order), growthThreshold: Number(r.growth_threshold ?? 0) }));
}

/** The entry level of a tenant (lowest-rank enabled free level), or null when it has none. */
export async function entryLevelOf(tx: DbOrTx, tenantId: number): Promise<number | null> {
  const [entry] = await freeLadder(tx, tenantId);
  return entry?.id ?? null;
}

/** Gives a member who holds no level yet the entry level (cause `register`). */
export async function assignEntryLevel(args: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  operatorId?: number | null;
  now?: Date;
}): Promise<LevelChangeResult | null> {
  const entry = await entryLevelOf(args.tx, args.tenantId);
  if (entry === null) return null;
  return applyLevelChange({
    tx: args.tx,
    tenantId: args.tenantId,
    memberId: args.memberId,
    toLevelId: entry,
    cause: 'register',
    growthValue: 0,
    operatorId: args.operatorId ?? null,
    now: args.now,
    registering: true,
  });
}

/** Adds months to an instant (the protection period). */
function addMonths(at: Date, months: number): Date {
  const out = new Date(at);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

/**
 * Moves a member to the free level their growth value earns, when the rule allows: rises
 * always, drops only with `canDowngrade` once the protection months have passed. Answers the
 * change made, or null when the member stays. The caller's transaction holds the member's work.
 */
export async function evaluateMember(args: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  rule: EvaluationRule;
  cause: Extract<LevelChangeCause, 'growth' | 'evaluation'>;
  sourceRef?: string | null;
  operatorId?: number | null;
  now?: Date;
}): Promise<LevelChangeResult | null> {
  const { tx, tenantId, memberId, rule } = args;
  const now = args.now ?? new Date();
  const member = await tx.execute<{ level: number | null; growth_value: number; level_type: string | null; rank_order: number | null }>(sql`
    select m.level, m.growth_value, l.level_type, l.rank_order from members m
    left join member_levels l on l.tenant_id = m.tenant_id and l.id = m.level
    where m.tenant_id = ${tenantId} and m.id = ${memberId} for no key update of m`);
  const row = member.rows[0];
  if (!row) return null;
  // Paid and special levels are bought or assigned: growth does not move their holders.
  if (row.level !== null && row.level_type !== null && row.level_type !== 'FREE') return null;
  const growth = Number(row.growth_value ?? 0);
  const ladder = await freeLadder(tx, tenantId);
  const reached = ladder.filter((l) => l.growthThreshold <= growth);
  const target = reached[reached.length - 1];
  if (!target || target.id === Number(row.level)) return null;
  if (row.level !== null && row.rank_order !== null && target.rankOrder < Number(row.rank_order)) {
    if (!rule.canDowngrade) return null;
    const since = await tx.execute<{ at: Date }>(sql`select max(occurred_at) as at from member_level_changes
      where tenant_id = ${tenantId} and member_id = ${memberId} and to_level_id = ${row.level}`);
    const reachedAt = since.rows[0]?.at ? new Date(since.rows[0].at) : null;
    if (reachedAt && addMonths(reachedAt, rule.protectionMonths) > now) return null;
  }
  return applyLevelChange({
    tx,
    tenantId,
    memberId,
    toLevelId: target.id,
    cause: args.cause,
    growthValue: growth,
    sourceRef: args.sourceRef ?? null,
    operatorId: args.operatorId ?? null,
    now: args.now,
  });
}
