/**
 * The pure evaluation of the member-event and exchange kinds (issue 13): which activity applies
 * to an event, and what it gives. No I/O; `fire.ts` does the giving.
 */
import type { ActivityRule, Award, Exclusion, PreparedActivity, Reward, SaleFacts } from '../../../../resources/promotion/activity-engine';
import { selectionExclusion } from '../engine/select';

/**
 * A member event as the activities see it, in the merchant's calendar: the sale's facts that
 * scope an activity (the store is the member's registration store, or the exchange's store; the
 * channel is the code of the activity's channel whose type is the member's registration channel,
 * `member-events.ts` `factsFor`).
 */
export type EventFacts = Pick<
  SaleFacts,
  'memberId' | 'levelId' | 'storeId' | 'areaId' | 'marketingCenterId' | 'channelCode' | 'at' | 'localDate' | 'weekday' | 'localTime'
>;

/** The awards of a reward, `times` over (an exchange of 3 gives 3 times the coupons). */
export function rewardAwards(reward: Reward, times = 1): Award[] {
  const awards: Award[] = [];
  if (reward.points > 0) awards.push({ type: 'points', points: reward.points * times });
  if (reward.couponTemplateId !== null && reward.couponCount > 0) {
    awards.push({ type: 'coupon', templateId: reward.couponTemplateId, count: reward.couponCount * times });
  }
  return awards;
}

const inList = (list: readonly number[], value: number) => list.length === 0 || list.includes(value);

/**
 * Why an activity does not apply to an event (null = it applies): the engine's selection of a
 * sale (`engine/select.ts`: window, weekdays, times of day, then scope), an event being a sale
 * without lines or payments.
 */
export function eventExclusion(activity: PreparedActivity, facts: EventFacts): Exclusion | null {
  return selectionExclusion(activity, { ...facts, orderNo: '', lines: [], payments: [], defaultCentsPerPoint: 0n });
}

/** Whether an exclusion is of time (window, weekday, time of day) rather than of scope. */
export const isTimeExclusion = (exclusion: Exclusion | null): boolean =>
  exclusion === 'outsideWindow' || exclusion === 'weekday' || exclusion === 'timeOfDay';

/** What a member event gives, by kind; the invite gift gives the inviter and the invitee each their part. */
export type MemberEvent =
  | { readonly kind: 'REGISTER_GIFT' }
  | { readonly kind: 'ACTIVATE_GIFT' }
  | { readonly kind: 'BIRTHDAY_GIFT' }
  | { readonly kind: 'INVITE_GIFT'; readonly role: 'inviter' | 'invitee' }
  | { readonly kind: 'UPGRADE_GIFT'; readonly toLevelId: number; readonly direction: 'up' | 'down' | 'same' };

/** The awards of a member event under a rule; empty when the rule does not give for this event. */
export function memberEventAwards(rule: ActivityRule, event: MemberEvent): Award[] {
  if (rule.kind !== event.kind) return [];
  switch (rule.kind) {
    case 'REGISTER_GIFT':
    case 'ACTIVATE_GIFT':
    case 'BIRTHDAY_GIFT':
      return rewardAwards(rule.reward);
    case 'INVITE_GIFT':
      return event.kind === 'INVITE_GIFT' ? rewardAwards(event.role === 'inviter' ? rule.inviter : rule.invitee) : [];
    case 'UPGRADE_GIFT': {
      if (event.kind !== 'UPGRADE_GIFT' || event.direction !== 'up') return [];
      // An empty list of levels: any level reached upwards.
      return inList(rule.toLevelIds, event.toLevelId) ? rewardAwards(rule.reward) : [];
    }
    default:
      return [];
  }
}

/** An exchange: the points it costs and what it gives, `quantity` times over. */
export interface ExchangeEvaluation {
  readonly pointsCost: number;
  readonly awards: readonly Award[];
}

/** The points an exchange of `quantity` costs and gives; null when the rule is not an exchange. */
export function evaluateExchange(rule: ActivityRule, quantity: number): ExchangeEvaluation | null {
  if (rule.kind === 'SCORE_GAIN_COUPON') return { pointsCost: rule.pointsCost * quantity, awards: rewardAwards(rule.reward, quantity) };
  if (rule.kind === 'SCORE_EXCHANGE_GOODS') {
    return {
      pointsCost: rule.pointsCost * quantity,
      awards: [{ type: 'gift', goodsCode: rule.goodsCode, quantity: rule.quantity * quantity }],
    };
  }
  return null;
}
