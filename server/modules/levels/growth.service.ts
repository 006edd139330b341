import { sql, type SQL } from 'drizzle-orm';
import { formatInstant } from '../../crud/zoned-time';
import type { DbOrTx } from '../../db/connection';
import { toCents } from '../../money/money';
import { expiryFor, pointsToReverse } from '../points/points.rules';
import { growthConfig, rulesValidOn, type GrowthConfig, type GrowthRuleConfig } from './growth-config';
import type { LevelChangeResult } from './level-change';
import { evaluateMember } from './level-evaluation';

/**
 * Growth value, the step of the sale posting that moves levels (DOMAIN.md "Levels and growth").
 * The sale service plans the step ({@link planSaleGrowth}) and writes it inside the sale's own
 * transaction, in its one statement ({@link growthWriteCtes}) or through {@link applySaleGrowth}
 * when the level may move (so a replayed order, answered by the idempotency rule without
 * running, never earns twice), and calls {@link returnGrowthStep} inside a return's.
 *
 * - Each enabled spending rule (grow-value-rule, source CONSUMPTION, valid on the merchant's
 *   day) earns floor(amount / yuan per point), within its cap per transaction and the member's
 *   cap per day under that rule; the rules' earnings add up.
 * - The growth value settings (grow-value-setting) decide when an entry stops counting
 *   (`expires_at` of the entry).
 * - A return takes back the returned share of the order's growth (cumulative floors, as the
 *   points), never below zero.
 * - Under the real-time evaluation rule the member's level follows at once (cause `growth`, the
 *   order as its source); under the monthly rule the monthly job moves it.
 */

/** The largest growth value a member holds (the member declaration's bound). */
export const GROWTH_VALUE_MAX = 999_999_999;

export interface GrowthStepResult {
  /** Growth value this step added (negative for a return). */
  readonly growth: number;
  /** The member's growth value after the step; null when the step did not move it (read it from the member). */
  readonly growthValue: number | null;
  /** The level change the step caused, when there was one. */
  readonly levelChange: LevelChangeResult | null;
}

/** Whole growth points `amountCents` earns at `yuanPerPoint` yuan each. */
export function growthFor(amountCents: bigint, yuanPerPoint: string): number {
  const perPointCents = toCents(yuanPerPoint) ?? 0n;
  if (perPointCents <= 0n || amountCents <= 0n) return 0;
  const points = amountCents / perPointCents;
  return points > BigInt(GROWTH_VALUE_MAX) ? GROWTH_VALUE_MAX : Number(points);
}

/** Adds one entry and moves the member's growth value, never below 0 nor above the bound. */
async function postGrowth(args: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  delta: number;
  sourceType: 'transaction' | 'return';
  sourceId: string;
  ruleId: number | null;
  day: string;
  now: Date;
  expiresAt: Date | null;
}): Promise<{ delta: number; growthValue: number }> {
  const { tx, tenantId, memberId } = args;
  const moved = await tx.execute<{ before: number; after: number }>(sql`
    update members m set growth_value = least(greatest(m.growth_value + ${args.delta}, 0), ${GROWTH_VALUE_MAX})
    from (select growth_value as before from members where tenant_id = ${tenantId} and id = ${memberId} for no key update) b
    where m.tenant_id = ${tenantId} and m.id = ${memberId}
    returning b.before, m.growth_value as after`);
  const row = moved.rows[0];
  const delta = Number(row.after) - Number(row.before);
  if (delta !== 0) {
    await tx.execute(sql`insert into member_growth_entries
      (tenant_id, member_id, delta, growth_after, source_type, source_id, rule_id, local_day, occurred_at, expires_at)
      values (${tenantId}, ${memberId}, ${delta}, ${Number(row.after)}, ${args.sourceType}, ${args.sourceId}, ${args.ruleId},
        ${args.day}, ${args.now}, ${args.expiresAt})`);
  }
  return { delta, growthValue: Number(row.after) };
}

async function followLevel(args: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  sourceRef: string;
  operatorId: number | null;
  now: Date;
}): Promise<LevelChangeResult | null> {
  const { evaluation } = await growthConfig(args.tx, args.tenantId);
  if (evaluation.mode !== 'REALTIME') return null;
  return evaluateMember({ ...args, rule: evaluation, cause: 'growth' });
}

/** The merchant's local day of `now` ('YYYY-MM-DD'). */
export function localDay(now: Date, zone: string): string {
  return formatInstant(now, zone).slice(0, 10);
}

/** What a sale's growth step knows of the member, read under the member's row lock. */
export interface MemberGrowthFacts {
  readonly growthValue: number;
  readonly level: number | null;
  /** The type of the member's level (null: no level, or a level that no longer exists). */
  readonly levelType: string | null;
  /** Growth each rule with a daily cap has given the member today. */
  readonly todayByRule: ReadonlyMap<number, number>;
}

/** The SQL, for a statement selecting from `members m`, of the member's growth facts (columns growth_value, level, level_type). */
export function memberGrowthColumns(args: { tenantId: number; memberId: number }): SQL {
  return sql`m.growth_value, m.level, (select l.level_type from member_levels l where l.tenant_id = ${args.tenantId} and l.id = m.level) as level_type`;
}

/**
 * Growth each capped rule has given the member on `day`, (rule_id, n) per rule. Read in a
 * statement after the one that locked the member's row, so the sales that held the lock before
 * are all counted.
 */
export function growthTodaySql(args: { tenantId: number; memberId: number; day: string; capRuleIds: readonly number[] }): SQL {
  return sql`select rule_id, sum(delta)::bigint as n
    from member_growth_entries where tenant_id = ${args.tenantId} and member_id = ${args.memberId} and local_day = ${args.day}
      and delta > 0 and rule_id = any(${`{${args.capRuleIds.join(',')}}`}::bigint[]) group by rule_id`;
}

/** The facts from a row of {@link memberGrowthColumns} and the day's growth by rule. */
export function memberGrowthFacts(row: Record<string, unknown>, todayByRule: ReadonlyMap<number, number>): MemberGrowthFacts {
  return {
    growthValue: Number(row.growth_value ?? 0),
    level: row.level === null || row.level === undefined ? null : Number(row.level),
    levelType: row.level_type === null || row.level_type === undefined ? null : String(row.level_type),
    todayByRule,
  };
}

/** What a sale's growth step writes, decided from the configuration and the locked member. */
export interface SaleGrowthPlan {
  readonly day: string;
  readonly expiresAt: Date | null;
  /** One growth entry per rule that gives something, with the member's growth value after it. */
  readonly entries: readonly { readonly ruleId: number; readonly delta: number; readonly after: number }[];
  readonly growth: number;
  /** The member's growth value after the sale. */
  readonly growthValue: number;
  /** Whether the real-time rule may move the member's level (the level step then runs in full). */
  readonly levelMayMove: boolean;
}

/**
 * Each rule valid today earns floor(amount / yuan per point), within its cap per transaction and
 * what is left of the member's cap per day under it; the member's growth value stays within its
 * bound. Pure: the caller holds the member's row lock while it decides and writes.
 */
export function planSaleGrowth(args: {
  config: GrowthConfig;
  rules: readonly GrowthRuleConfig[];
  day: string;
  now: Date;
  amountCents: bigint;
  member: MemberGrowthFacts;
}): SaleGrowthPlan {
  const { config, member } = args;
  let value = member.growthValue;
  const entries: { ruleId: number; delta: number; after: number }[] = [];
  for (const rule of args.rules) {
    let earned = growthFor(args.amountCents, rule.yuanPerPoint);
    if (rule.perTransactionCap > 0) earned = Math.min(earned, rule.perTransactionCap);
    if (rule.dailyCap > 0) earned = Math.max(0, Math.min(earned, rule.dailyCap - (member.todayByRule.get(rule.id) ?? 0)));
    const after = Math.min(value + earned, GROWTH_VALUE_MAX);
    if (after === value) continue;
    entries.push({ ruleId: rule.id, delta: after - value, after });
    value = after;
  }
  const growth = value - member.growthValue;
  const expiresAt =
    entries.length > 0 ? expiryFor({ at: args.now, mode: config.expiry.mode, months: config.expiry.months, timeZone: config.zone }) : null;
  return { day: args.day, expiresAt, entries, growth, growthValue: value, levelMayMove: growth > 0 && levelMayMove(config, member, value) };
}

/** Whether evaluateMember could move a member with these facts to another level at this growth value. */
function levelMayMove(config: GrowthConfig, member: MemberGrowthFacts, growthValue: number): boolean {
  if (config.evaluation.mode !== 'REALTIME') return false;
  // Paid and special levels are bought or assigned: growth does not move their holders.
  if (member.level !== null && member.levelType !== null && member.levelType !== 'FREE') return false;
  const reached = config.ladder.filter((level) => level.growthThreshold <= growthValue);
  const target = reached[reached.length - 1];
  return target !== undefined && target.id !== member.level;
}

/**
 * The CTEs writing a plan (`sale_growth`, `sale_growth_entries`): the member's growth value and
 * one entry per rule. The sale's one-statement posting runs them in its own statement.
 */
export function growthWriteCtes(args: { tenantId: number; memberId: number; orderNo: string; now: Date; plan: SaleGrowthPlan }): SQL {
  const { tenantId, memberId, plan } = args;
  const list = (values: readonly number[]) => `{${values.join(',')}}`;
  return sql`sale_growth as (update members set growth_value = ${plan.growthValue} where tenant_id = ${tenantId} and id = ${memberId}),
    sale_growth_entries as (insert into member_growth_entries
      (tenant_id, member_id, delta, growth_after, source_type, source_id, rule_id, local_day, occurred_at, expires_at)
      select ${tenantId}, ${memberId}, g.delta, g.after, 'transaction', ${args.orderNo}, g.rule_id, ${plan.day}, ${args.now}, ${plan.expiresAt}
      from unnest(${list(plan.entries.map((e) => e.delta))}::bigint[], ${list(plan.entries.map((e) => e.after))}::bigint[],
        ${list(plan.entries.map((e) => e.ruleId))}::bigint[]) as g(delta, after, rule_id))`;
}

/** The rules of a sale on the merchant's day of `now`, and the ids of those with a daily cap. */
export function saleGrowthRules(config: GrowthConfig, now: Date): { day: string; rules: GrowthRuleConfig[]; capRuleIds: number[] } {
  const day = localDay(now, config.zone);
  const rules = rulesValidOn(config, day);
  return { day, rules, capRuleIds: rules.filter((rule) => rule.dailyCap > 0).map((rule) => rule.id) };
}

/**
 * The growth step of a sale whose plan is made (planSaleGrowth, on the member's row the sale
 * has locked): writes the member's growth and its entries, and under the real-time rule moves the
 * member's level (incentives, history). Runs in the sale's transaction; the sale's one-statement
 * posting writes the same CTEs itself when the level stays.
 */
export async function applySaleGrowth(args: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  orderNo: string;
  operatorId?: number | null;
  now: Date;
  plan: SaleGrowthPlan;
}): Promise<GrowthStepResult> {
  const { tx, tenantId, memberId, plan, now } = args;
  if (plan.entries.length === 0) return { growth: 0, growthValue: null, levelChange: null };
  await tx.execute(sql`with ${growthWriteCtes({ tenantId, memberId, orderNo: args.orderNo, now, plan })} select 1`);
  const levelChange = plan.levelMayMove
    ? await followLevel({ tx, tenantId, memberId, sourceRef: `order:${args.orderNo}`, operatorId: args.operatorId ?? null, now })
    : null;
  return { growth: plan.growth, growthValue: plan.growthValue, levelChange };
}

/**
 * The growth step of a return: takes back the returned share of the growth the order earned
 * (never below zero), and under the real-time rule lets the level follow (a drop only as the
 * rule allows). Runs in the return's transaction.
 */
export async function returnGrowthStep(args: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  orderNo: string;
  returnNo: string;
  orderAmountCents: bigint;
  returnedBeforeCents: bigint;
  returningCents: bigint;
  operatorId?: number | null;
  now?: Date;
}): Promise<GrowthStepResult> {
  const { tx, tenantId, memberId } = args;
  const now = args.now ?? new Date();
  const earned = await tx.execute<{ n: number; expires_at: Date | null }>(sql`select coalesce(sum(delta), 0)::bigint as n,
      min(expires_at) as expires_at from member_growth_entries
    where tenant_id = ${tenantId} and member_id = ${memberId} and source_type = 'transaction' and source_id = ${args.orderNo}`);
  const orderGrowth = Number(earned.rows[0]?.n ?? 0);
  const share = pointsToReverse({
    transactionPoints: orderGrowth,
    transactionAmountCents: args.orderAmountCents,
    returnedBeforeCents: args.returnedBeforeCents,
    returningCents: args.returningCents,
  });
  if (share <= 0) return { growth: 0, growthValue: null, levelChange: null };
  const { zone } = await growthConfig(tx, tenantId);
  const expiresAt = earned.rows[0]?.expires_at ? new Date(earned.rows[0].expires_at) : null;
  const posted = await postGrowth({
    tx,
    tenantId,
    memberId,
    delta: -share,
    sourceType: 'return',
    sourceId: args.returnNo,
    ruleId: null,
    day: localDay(now, zone),
    now,
    expiresAt,
  });
  const levelChange =
    posted.delta < 0
      ? await followLevel({ tx, tenantId, memberId, sourceRef: `return:${args.returnNo}`, operatorId: args.operatorId ?? null, now })
      : null;
  return { growth: posted.delta, growthValue: posted.growthValue, levelChange };
}
