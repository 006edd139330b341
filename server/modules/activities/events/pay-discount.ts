/**
 * Running the balance-payment promotions (issue 28 item 6, resources/promotion/kinds/balance-pay.ts)
 * where a member pays from stored value (../../stored-value/stored-value.service.ts `pay`), in the
 * payment's own transaction, before the payment spends: what they take off is what the payment
 * spends less. README.md beside this file, "Payment discounts".
 *
 * Of the activities of the pay kinds in the active set whose window and scope hold, one gives: the
 * one taking the most off (ties: the lowest id), as payment offers never stack with each other.
 * Its amount is its rule's (tiers or rate, the per-payment cap), then held to what is left of the
 * member's cap: the member's discounts of the activity less what refunds took back, read under a
 * transaction lock on (activity, member), so concurrent payments of one member never pass the
 * cap. The giving goes through `giveOnce` (the budget's times and limits, the `activity_awards`
 * record: cost = the discount, sales = the bill), keyed by the payment's request number: once.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import { centsToString, dbCents } from '../../../money/money';
import type { Award, PayKind, PreparedActivity, RuleOf } from '../../../../resources/promotion/activity-engine';
import { discountAward, payDiscountEvaluation } from '../../../../resources/promotion/kinds/balance-pay';
import { storeArea } from './exchange.service';
import { eventExclusion } from './evaluate';
import { giveOnce, isRefusal } from './give';
import { activeOfKind, factsFor, memberContext, type FiredActivity, type GiftLog } from './member-events';

/** The award source of a payment discount. */
export const PAY_SOURCE = 'pay';

export interface PayEvent {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  /** The pay kinds of what is paid from (the stored-value kinds for stored value). */
  readonly kinds: readonly PayKind[];
  readonly memberId: number;
  /** The bill, in cents. */
  readonly amountCents: bigint;
  /** The bill used coupons (offers not given with coupons give nothing). */
  readonly couponsUsed: boolean;
  /** The payment's request number. */
  readonly sourceNo: string;
  readonly now: Date;
  readonly storeId: number;
  readonly operatorId: number | null;
  /** The activities to run instead of the active set (the simulator's). */
  readonly activities?: readonly PreparedActivity[];
  readonly log?: GiftLog;
}

/** What a payment is given off, and by which activity (none: 0 and null). */
export interface PayDiscount {
  readonly discountCents: bigint;
  readonly fired: FiredActivity | null;
}

type PayRule = RuleOf<PayKind>;
const isPayRule = (rule: PreparedActivity['rule'], kinds: readonly PayKind[]): rule is PayRule =>
  (kinds as readonly string[]).includes(rule.kind);

/** The member's discounts of an activity less what refunds took back, in cents (under the caller's lock). */
async function memberDiscountUsed(tx: DbOrTx, tenantId: number, activityId: number, memberId: number): Promise<bigint> {
  const found = await tx.execute<{ used: string }>(sql`select coalesce(sum(cost - reversed_cost), 0)::text as used from activity_awards
    where tenant_id = ${tenantId} and activity_id = ${activityId} and member_id = ${memberId} and source_type = ${PAY_SOURCE}`);
  return dbCents(found.rows[0]?.used ?? '0');
}

/** Serialises the payments of one member under one activity until the transaction ends (the member's cap). */
async function lockMemberCap(tx: DbOrTx, tenantId: number, activityId: number, memberId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pay-discount:${tenantId}:${activityId}:${memberId}`}, 0))`);
}

/** Runs the payment offers on one payment (see the file's comment); the discount to spend less by. */
export async function firePayDiscount(input: PayEvent): Promise<PayDiscount> {
  const { tx, tenantId } = input;
  const none: PayDiscount = { discountCents: 0n, fired: null };
  const activities = input.activities ?? (await Promise.all(input.kinds.map((kind) => activeOfKind(tx, tenantId, kind)))).flat();
  if (activities.length === 0) return none;
  const context = await memberContext(tx, tenantId, input.memberId, input.now);
  if (!context) return none;
  const areaId = await storeArea(tx, tenantId, input.storeId);
  const candidates: { activity: PreparedActivity; rule: PayRule; offCents: bigint }[] = [];
  for (const activity of activities) {
    const rule = activity.rule;
    if (!isPayRule(rule, input.kinds)) continue;
    const facts = await factsFor(tx, tenantId, activity, { ...context.facts, storeId: input.storeId, areaId });
    if (eventExclusion(activity, facts) !== null) continue;
    const evaluation = payDiscountEvaluation(rule, { amountCents: input.amountCents, couponsUsed: input.couponsUsed });
    const award = evaluation.awards[0];
    if (!evaluation.fired || award?.type !== 'discount') continue;
    candidates.push({ activity, rule, offCents: dbCents(award.amount) });
  }
  candidates.sort((a, b) => (a.offCents !== b.offCents ? (a.offCents > b.offCents ? -1 : 1) : a.activity.id - b.activity.id));
  for (const { activity, rule, offCents } of candidates) {
    let off = offCents;
    if (rule.memberCapCents !== null) {
      await lockMemberCap(tx, tenantId, activity.id, input.memberId);
      const left = rule.memberCapCents - (await memberDiscountUsed(tx, tenantId, activity.id, input.memberId));
      if (left < off) off = left;
      if (off <= 0n) {
        input.log?.({ activityId: activity.id, memberId: input.memberId, reason: 'memberCap' });
        continue;
      }
    }
    const awards: Award[] = [discountAward(off)];
    try {
      const result = await giveOnce({
        tx,
        tenantId,
        activity,
        memberId: input.memberId,
        awards,
        source: PAY_SOURCE,
        sourceNo: input.sourceNo,
        now: input.now,
        localDate: context.facts.localDate,
        zone: context.zone,
        storeId: input.storeId,
        operatorId: input.operatorId,
        cause: `pay:${input.sourceNo}`,
        salesAmountCents: input.amountCents,
      });
      if (!result.given) continue;
      const { id, number, name, kind } = activity;
      return { discountCents: off, fired: { activityId: id, number, name, kind, memberId: input.memberId, awards } };
    } catch (error) {
      if (!isRefusal(error)) throw error;
      input.log?.({ activityId: activity.id, memberId: input.memberId, reason: error.key });
    }
  }
  return none;
}

/**
 * A refund of a discounted payment: the awards of the payment keep the share of their discount
 * taken back (`reversed_cost`, cumulative), which frees the member's cap and the evaluation's cost.
 */
export async function reversePayDiscount(input: {
  tx: DbOrTx;
  tenantId: number;
  requestNo: string;
  /** The payment's discount taken back by this refund and those before it, in cents. */
  reversedCents: bigint;
}): Promise<void> {
  await input.tx.execute(sql`update activity_awards set reversed_cost = least(cost, ${centsToString(input.reversedCents)}::numeric)
    where tenant_id = ${input.tenantId} and source_type = ${PAY_SOURCE} and source_no = ${input.requestNo}`);
}
