import type { DbOrTx } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import type { ActivityKind, Award, SaleFacts } from '../activity.contract';
import type { ActiveSet } from './active-set';
import { awardTotals, recordAward } from './awards';
import { issueCouponAward } from './coupon-awards';
import { peekBudget, takeBudget } from './budgets';
import { evaluateSale, type BudgetGate, type SaleOutcome } from './evaluate-sale';
import { saleFacts, type SaleFactsInput } from './sale-facts';

/**
 * The activities of one sale, from the active set to what was given: `planSale` evaluates (the
 * simulator stops there, budgets only read), `giveSaleAwards` issues the coupons and records
 * each activity's award in the sale's transaction.
 */

/** One activity that fired, as the sale's and the simulator's answers list it. */
export interface FiredAnswer {
  readonly activityId: number;
  readonly number: string;
  readonly name: string;
  readonly kind: ActivityKind;
  readonly awards: readonly Award[];
}

export async function planSale(input: {
  tx: DbOrTx;
  tenantId: number;
  set: ActiveSet;
  sale: SaleFactsInput;
  /** post: budgets are taken; simulate: only read. */
  mode: 'post' | 'simulate';
}): Promise<{ facts: SaleFacts; outcome: SaleOutcome }> {
  const { tx, tenantId } = input;
  const facts = await saleFacts(tx, tenantId, input.set, input.sale);
  const gate =
    (take: typeof takeBudget): BudgetGate =>
    (activity, awards) => {
      const { points, coupons } = awardTotals(awards);
      return take({ tx, tenantId, activity, memberId: facts.memberId, localDate: facts.localDate, points, coupons });
    };
  const peek = gate(peekBudget);
  const outcome = await evaluateSale({ active: input.set.activities, facts, peek, take: input.mode === 'post' ? gate(takeBudget) : peek });
  return { facts, outcome };
}

/**
 * Issues the coupons of every activity that fired (`issueCouponAward`, through the coupons module,
 * source ACTIVITY, once per order, activity and template) and records each giving in
 * `activity_awards`. A coupon the template can no longer give (sold out, expired, stopped) is left
 * out of that activity's awards in a savepoint: the sale itself is never refused for it.
 */
export async function giveSaleAwards(input: {
  tx: DbOrTx;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  zone: string;
  facts: SaleFacts;
  outcome: SaleOutcome;
  amountCents: bigint;
}): Promise<FiredAnswer[]> {
  const { tx, tenantId, facts } = input;
  const answers: FiredAnswer[] = [];
  for (const { activity, awards } of input.outcome.fired) {
    const given: Award[] = [];
    const couponIds: number[] = [];
    let cost = 0n;
    for (const award of awards) {
      if (award.type !== 'coupon') {
        given.push(award);
        continue;
      }
      try {
        const issued = await tx.transaction((savepoint) =>
          issueCouponAward({
            tx: savepoint,
            tenantId,
            operatorId: input.operatorId,
            now: input.now,
            zone: input.zone,
            award,
            memberId: facts.memberId,
            requestNo: `${facts.orderNo}:${activity.id}:${award.templateId}`,
            source: 'ACTIVITY',
            sourceRef: activity.number,
          }),
        );
        couponIds.push(...issued.couponIds);
        cost += issued.costCents;
        given.push(award);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
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
      awards: given,
      couponIds,
      salesAmountCents: input.amountCents,
      costCents: cost,
      costPartyId: activity.costPartyId,
    });
    if (recorded === null)
      throw new AppError('conflict', 'activityEngine.alreadyGiven', { values: { number: activity.number, orderNo: facts.orderNo } });
    answers.push({ activityId: activity.id, number: activity.number, name: activity.name, kind: activity.kind, awards: given });
  }
  return answers;
}

/** The answer's list of what fired, from an outcome (the simulator's, before anything is given). */
export function firedAnswers(outcome: SaleOutcome): FiredAnswer[] {
  return outcome.fired.map(({ activity, awards }) => ({
    activityId: activity.id,
    number: activity.number,
    name: activity.name,
    kind: activity.kind,
    awards,
  }));
}
