import type { DbOrTx } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import type { ActivityKind, Award, PreparedActivity, SaleFacts } from '../../../../resources/promotion/activity-engine';
import type { ActiveSet } from './active-set';
import { awardTotals, recordAward } from './awards';
import { issueCouponAward } from './coupon-awards';
import { peekBudget, takeBudget } from './budgets';
import { evaluateSale, givenAsEvaluated, type GateAnswer, type GiveGate, type SaleOutcome } from './evaluate-sale';
import { saleFacts, type SaleFactsInput } from './sale-facts';

/**
 * The activities of one sale, from the active set to what was given: `planSale` evaluates and
 * gives (coupons issued and budgets taken, activity by activity, in the sale's transaction),
 * `recordSaleAwards` records each activity's giving once the sale's points are posted. The
 * simulator runs the same sale and rolls it back (../../sale/sale.service.ts `simulateSale`).
 */

/** One activity that fired, as the sale's and the simulator's answers list it. */
export interface FiredAnswer {
  readonly activityId: number;
  readonly number: string;
  readonly name: string;
  readonly kind: ActivityKind;
  readonly awards: readonly Award[];
}

/** Thrown inside a giving's savepoint to roll it back while keeping its answer. */
class RolledBack extends Error {
  constructor(readonly answer: GateAnswer) {
    super('rolled back');
  }
}

interface GivingContext {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly operatorId: number | null;
  readonly zone: string;
  readonly facts: SaleFacts;
}

/**
 * One activity's giving in the caller's savepoint: each coupon award issues what its template and
 * the member's limit still let (`issueUpTo`: 1 of 3 when 1 is left), then the budget is taken for
 * what was given, never for what was not. Nothing of a reward given (every coupon refused):
 * `rewardUnavailable`, no budget taken. A budget that does not fit what was given refuses it.
 */
async function giveActivity(ctx: GivingContext, activity: PreparedActivity, awards: readonly Award[]): Promise<GateAnswer> {
  const { tx, tenantId, facts } = ctx;
  const given: Award[] = [];
  const couponIds: number[] = [];
  let costCents = 0n;
  let unavailable: AppError | null = null;
  for (const award of awards) {
    if (award.type !== 'coupon') {
      given.push(award);
      continue;
    }
    try {
      const issued = await issueCouponAward({
        tx,
        tenantId,
        operatorId: ctx.operatorId,
        now: facts.at,
        zone: ctx.zone,
        award,
        memberId: facts.memberId,
        requestNo: `${facts.orderNo}:${activity.id}:${award.templateId}`,
        source: 'ACTIVITY',
        sourceRef: activity.number,
        upTo: true,
      });
      given.push({ ...award, count: issued.couponIds.length });
      couponIds.push(...issued.couponIds);
      costCents += issued.costCents;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unavailable ??= error;
    }
  }
  if (unavailable && given.length === 0) return { refusal: 'rewardUnavailable', detail: unavailable.key, detailValues: unavailable.values };
  const { points, coupons } = awardTotals(given);
  const refusal = await takeBudget({ tx, tenantId, activity, memberId: facts.memberId, localDate: facts.localDate, points, coupons });
  return refusal ? { refusal } : { refusal: null, given: { awards: given, couponIds, costCents } };
}

/**
 * The two gates of a sale. Without coupon awards nothing can fall short of the evaluation: the
 * budget alone decides (read, or taken). With coupons the giving runs in a savepoint, rolled back
 * when refused (the coupons issued go back) and always when only peeking.
 */
function gatesOf(ctx: GivingContext): { peek: GiveGate; give: GiveGate } {
  const budgetOnly = async (take: typeof takeBudget, activity: PreparedActivity, awards: readonly Award[]): Promise<GateAnswer> => {
    const { points, coupons } = awardTotals(awards);
    const { tx, tenantId, facts } = ctx;
    const refusal = await take({ tx, tenantId, activity, memberId: facts.memberId, localDate: facts.localDate, points, coupons });
    return refusal ? { refusal } : givenAsEvaluated(awards);
  };
  const inSavepoint = async (activity: PreparedActivity, awards: readonly Award[], keep: boolean): Promise<GateAnswer> => {
    try {
      return await ctx.tx.transaction(async (tx) => {
        const answer = await giveActivity({ ...ctx, tx }, activity, awards);
        if (answer.refusal !== null || !keep) throw new RolledBack(answer);
        return answer;
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.answer;
      throw error;
    }
  };
  const hasCoupons = (awards: readonly Award[]) => awards.some((award) => award.type === 'coupon');
  return {
    peek: (activity, awards) => (hasCoupons(awards) ? inSavepoint(activity, awards, false) : budgetOnly(peekBudget, activity, awards)),
    give: (activity, awards) => (hasCoupons(awards) ? inSavepoint(activity, awards, true) : budgetOnly(takeBudget, activity, awards)),
  };
}

/** Evaluates the sale's activities and gives what fires (coupons issued, budgets taken), in the sale's transaction. */
export async function planSale(input: {
  tx: DbOrTx;
  tenantId: number;
  operatorId: number | null;
  set: ActiveSet;
  sale: SaleFactsInput;
}): Promise<{ facts: SaleFacts; outcome: SaleOutcome }> {
  const { tx, tenantId } = input;
  const facts = await saleFacts(tx, tenantId, input.set, input.sale);
  const gates = gatesOf({ tx, tenantId, operatorId: input.operatorId, zone: input.set.timeZone, facts });
  const outcome = await evaluateSale({ active: input.set.activities, facts, ...gates });
  return { facts, outcome };
}

/**
 * Records in `activity_awards` what every activity that fired gave (its coupons were issued and
 * its budget taken by `planSale`); a giving already recorded for this order is a conflict.
 */
export async function recordSaleAwards(input: {
  tx: DbOrTx;
  tenantId: number;
  facts: SaleFacts;
  outcome: SaleOutcome;
  amountCents: bigint;
}): Promise<FiredAnswer[]> {
  const { tx, tenantId, facts } = input;
  for (const { activity, awards, couponIds, costCents } of input.outcome.fired) {
    const recorded = await recordAward({
      tx,
      tenantId,
      activityId: activity.id,
      memberId: facts.memberId,
      sourceType: 'sale',
      sourceNo: facts.orderNo,
      at: facts.at,
      localDay: facts.localDate,
      storeId: facts.storeId,
      awards,
      couponIds,
      salesAmountCents: input.amountCents,
      costCents,
      costPartyId: activity.costPartyId,
    });
    if (recorded === null)
      throw new AppError('conflict', 'activityEngine.alreadyGiven', { values: { number: activity.number, orderNo: facts.orderNo } });
  }
  return firedAnswers(input.outcome);
}

/** The answer's list of what fired, from an outcome. */
export function firedAnswers(outcome: SaleOutcome): FiredAnswer[] {
  return outcome.fired.map(({ activity, awards }) => ({
    activityId: activity.id,
    number: activity.number,
    name: activity.name,
    kind: activity.kind,
    awards,
  }));
}
