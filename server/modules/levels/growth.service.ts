import { sql } from 'drizzle-orm';
import { formatInstant } from '../../crud/zoned-time';
import type { DbOrTx } from '../../db/connection';
import { expiryFor, pointsToReverse, type ExpiryMode } from '../points/points.rules';
import type { LevelChangeResult } from './level-change';
import { evaluateMember, evaluationRuleOf } from './level-evaluation';

/**
 * Growth value, the step of the sale posting that moves levels (DOMAIN.md "Levels and growth").
 * The sale service calls {@link saleGrowthStep} inside the sale's own transaction (so a replayed
 * order, answered by the idempotency rule without running, never earns twice), and
 * {@link returnGrowthStep} inside a return's. The activity engine will run the same step in its
 * sale pipeline.
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

interface GrowthRule {
  readonly id: number;
  readonly yuanPerPoint: string;
  readonly perTransactionCap: number;
  readonly dailyCap: number;
}

async function timeZoneOf(tx: DbOrTx, tenantId: number): Promise<string> {
  const result = await tx.execute<{ time_zone: string }>(sql`select time_zone from tenants where id = ${tenantId}`);
  return result.rows[0]?.time_zone ?? 'Asia/Shanghai';
}

/** The merchant's time zone and day at `now`, and the spending rules valid that day: one statement. */
async function spendingRules(tx: DbOrTx, tenantId: number, now: Date): Promise<{ zone: string; day: string; rules: GrowthRule[] }> {
  const result = await tx.execute<{
    time_zone: string;
    day: string;
    id: number | null;
    yuan_per_point: string | null;
    per_transaction_cap: number | null;
    daily_cap: number | null;
  }>(sql`
    select t.time_zone, d.day, r.id, r.yuan_per_point, r.per_transaction_cap, r.daily_cap
    from tenants t
    cross join lateral (select to_char(${now}::timestamptz at time zone t.time_zone, 'YYYY-MM-DD') as day) d
    left join grow_value_rules r on r.tenant_id = t.id and r.source = 'CONSUMPTION' and r.state = 'ENABLED' and r.yuan_per_point > 0
      and (r.validity_from is null or r.validity_from <= d.day::date) and (r.validity_to is null or r.validity_to >= d.day::date)
    where t.id = ${tenantId}
    order by r.id`);
  const first = result.rows[0];
  const zone = first?.time_zone ?? 'Asia/Shanghai';
  const day = first?.day ?? formatInstant(now, zone).slice(0, 10);
  const rules = result.rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: Number(r.id),
      yuanPerPoint: String(r.yuan_per_point),
      perTransactionCap: Number(r.per_transaction_cap ?? 0),
      dailyCap: Number(r.daily_cap ?? 0),
    }));
  return { zone, day, rules };
}

const MODES: Readonly<Record<string, ExpiryMode>> = { FOREVER: 'never', MONTHS: 'months', YEAR_END: 'yearEnd' };

async function growthExpiry(args: { tx: DbOrTx; tenantId: number; now: Date; zone: string }): Promise<Date | null> {
  const result = await args.tx.execute<{ validity_mode: string; validity_months: number | null }>(sql`
    select validity_mode, validity_months from grow_value_settings where tenant_id = ${args.tenantId}`);
  const row = result.rows[0];
  const mode = MODES[row?.validity_mode ?? 'FOREVER'] ?? 'never';
  return expiryFor({ at: args.now, mode, months: Number(row?.validity_months ?? 12), timeZone: args.zone });
}

/** Whole growth points `amountCents` earns at `yuanPerPoint` yuan each. */
export function growthFor(amountCents: bigint, yuanPerPoint: string): number {
  const [whole, fraction = ''] = yuanPerPoint.split('.');
  const perPointCents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
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
    from (select growth_value as before from members where tenant_id = ${tenantId} and id = ${memberId} for update) b
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
  const rule = await evaluationRuleOf(args.tx, args.tenantId);
  if (rule.mode !== 'REALTIME') return null;
  return evaluateMember({ ...args, rule, cause: 'growth' });
}

/**
 * The growth step of a sale: earns the growth the spending rules give for `amountCents`, and
 * under the real-time rule moves the member's level. Runs in the sale's transaction.
 */
export async function saleGrowthStep(args: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  orderNo: string;
  amountCents: bigint;
  operatorId?: number | null;
  now?: Date;
}): Promise<GrowthStepResult> {
  const { tx, tenantId, memberId } = args;
  const now = args.now ?? new Date();
  const { zone, day, rules } = await spendingRules(tx, tenantId, now);
  const expiresAt = rules.length > 0 ? await growthExpiry({ tx, tenantId, now, zone }) : null;
  if (rules.some((rule) => rule.dailyCap > 0)) {
    // The day's sum is read under the member's row lock (which the growth posting takes anyway),
    // so two sales of one member at the same instant cannot both pass the cap.
    await tx.execute(sql`select 1 from members where tenant_id = ${tenantId} and id = ${memberId} for update`);
  }
  let growth = 0;
  let growthValue: number | null = null;
  for (const rule of rules) {
    let earned = growthFor(args.amountCents, rule.yuanPerPoint);
    if (rule.perTransactionCap > 0) earned = Math.min(earned, rule.perTransactionCap);
    if (rule.dailyCap > 0 && earned > 0) {
      const today = await tx.execute<{ n: number }>(sql`select coalesce(sum(delta), 0)::bigint as n from member_growth_entries
        where tenant_id = ${tenantId} and member_id = ${memberId} and rule_id = ${rule.id} and local_day = ${day} and delta > 0`);
      earned = Math.max(0, Math.min(earned, rule.dailyCap - Number(today.rows[0]?.n ?? 0)));
    }
    if (earned <= 0) continue;
    const posted = await postGrowth({
      tx,
      tenantId,
      memberId,
      delta: earned,
      sourceType: 'transaction',
      sourceId: args.orderNo,
      ruleId: rule.id,
      day,
      now,
      expiresAt,
    });
    growth += posted.delta;
    growthValue = posted.growthValue;
  }
  const levelChange =
    growth > 0
      ? await followLevel({ tx, tenantId, memberId, sourceRef: `order:${args.orderNo}`, operatorId: args.operatorId ?? null, now })
      : null;
  return { growth, growthValue, levelChange };
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
  const zone = await timeZoneOf(tx, tenantId);
  const expiresAt = earned.rows[0]?.expires_at ? new Date(earned.rows[0].expires_at) : null;
  const posted = await postGrowth({
    tx,
    tenantId,
    memberId,
    delta: -share,
    sourceType: 'return',
    sourceId: args.returnNo,
    ruleId: null,
    day: formatInstant(now, zone).slice(0, 10),
    now,
    expiresAt,
  });
  const levelChange =
    posted.delta < 0
      ? await followLevel({ tx, tenantId, memberId, sourceRef: `return:${args.returnNo}`, operatorId: args.operatorId ?? null, now })
      : null;
  return { growth: posted.delta, growthValue: posted.growthValue, levelChange };
}
