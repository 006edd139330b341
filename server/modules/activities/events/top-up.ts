/**
 * Firing the top-up promotions (issue 28 item 5, resources/promotion/kinds/top-up.ts) where a
 * top-up happens: a member's stored-value recharge (STORE_VALUE_ACTIVE,
 * ../../stored-value/stored-value.service.ts) and the audit of a prepaid card top-up document
 * (PREPAY_CARD_CHARGE_GIFT, ../../cards/card-topup.hooks.ts), in the top-up's own transaction.
 *
 * Each activity of the kind in the active set whose window and scope hold (the member's level,
 * centre and channel; the top-up's store and its area, else the member's registration store)
 * gives the highest tier not above the amount through `giveOnce`: the shared budget and limits
 * (all or nothing), the points and coupons to the member, the gift value through the caller's
 * ledger, the record in `activity_awards`. Once per top-up: the giving's number is the top-up's
 * own key (`sourceNo`), so a replay gives nothing more; an activity given once per member uses
 * the number `once`, whose unique award decides concurrent top-ups. A gift that cannot be given
 * (template sold out, budget spent) is skipped: the top-up itself goes on.
 */
import type { DbOrTx } from '../../../db/connection';
import type { PreparedActivity, TopUpKind } from '../../../../resources/promotion/activity-engine';
import { topUpEvaluation } from '../../../../resources/promotion/kinds/top-up';
import { storeArea } from './exchange.service';
import { eventExclusion } from './evaluate';
import { giveOnce, isRefusal, type Giving } from './give';
import { activeOfKind, factsFor, memberContext, type FiredActivity, type GiftLog } from './member-events';

/** The award number of an activity given once per member. */
export const ONCE_NUMBER = 'once';

export interface TopUpEvent {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly kind: TopUpKind;
  /** The member topped up (the card's holder for a card). */
  readonly memberId: number;
  /** The principal topped up, in cents (a gift the till adds is not counted). */
  readonly amountCents: bigint;
  /** The top-up's own key (the recharge's request number, `<document number>:<line>` of a card top-up). */
  readonly sourceNo: string;
  readonly source: 'recharge' | 'card-topup';
  readonly now: Date;
  readonly storeId: number | null;
  readonly operatorId: number | null;
  /** Posts a gift value award to the ledger of what was topped up. */
  readonly postGiftValue: NonNullable<Giving['postGiftValue']>;
  /** The activities to run instead of the active set (the simulator's). */
  readonly activities?: readonly PreparedActivity[];
  readonly log?: GiftLog;
}

/** Gives what every applicable top-up activity of the event's kind gives; answers those that gave. */
export async function fireTopUp(input: TopUpEvent): Promise<FiredActivity[]> {
  const { tx, tenantId } = input;
  const activities = (input.activities ?? (await activeOfKind(tx, tenantId, input.kind))).filter((a) => a.kind === input.kind);
  if (activities.length === 0) return [];
  const context = await memberContext(tx, tenantId, input.memberId, input.now);
  if (!context) return [];
  const storeId = input.storeId ?? context.facts.storeId;
  const areaId = input.storeId ? await storeArea(tx, tenantId, input.storeId) : context.facts.areaId;
  const fired: FiredActivity[] = [];
  for (const activity of activities) {
    if (activity.rule.kind !== input.kind) continue;
    const facts = await factsFor(tx, tenantId, activity, { ...context.facts, storeId, areaId });
    if (eventExclusion(activity, facts) !== null) continue;
    const evaluation = topUpEvaluation(activity.rule, input.amountCents);
    if (!evaluation.fired) continue;
    try {
      const result = await giveOnce({
        tx,
        tenantId,
        activity,
        memberId: input.memberId,
        awards: evaluation.awards,
        source: input.source,
        sourceNo: activity.rule.once ? ONCE_NUMBER : input.sourceNo,
        now: input.now,
        localDate: context.facts.localDate,
        zone: context.zone,
        storeId,
        operatorId: input.operatorId,
        cause: `${input.source}:${input.sourceNo}`,
        postGiftValue: input.postGiftValue,
      });
      if (result.given) {
        const { id, number, name, kind } = activity;
        fired.push({ activityId: id, number, name, kind, memberId: input.memberId, awards: evaluation.awards });
      }
    } catch (error) {
      if (!isRefusal(error)) throw error;
      input.log?.({ activityId: activity.id, memberId: input.memberId, reason: error.key });
    }
  }
  return fired;
}
