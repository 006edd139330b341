import { field } from '../../define';
import { centsToString } from '../../money/cents';
import type { Award, SaleEvaluation } from '../activity-engine';
import { fired, notMet } from './goods-scope';
import { thresholdTiers } from './ladders';
import { ascendingBy, cents, int } from './rule-reading';

/**
 * The rule of the top-up promotions (issue 28 item 5): pay X, get Y on a stored-value recharge
 * (`store-value-active.kind.ts`) or a prepaid card top-up (`prepay-card-charge-gift.kind.ts`),
 * declared once and shared by both kinds. Tiers rise strictly; the highest tier not above the
 * amount topped up gives (a tier from 0 gives on any amount). Each tier gives gift value (the
 * gift portion of the stored value or of the card), points, and / or coupons of the rule's one
 * template. Once per member, or on every top-up; the shared budget's per-member limits apply.
 */
export const topUpRule = {
  topUpTiers: thresholdTiers({
    label: ['充值档位', 'Top-up tiers'],
    lines: ['档位', 'Tiers'],
    help: [
      '门槛从低到高；取不高于充值金额的最高一档；门槛为 0 则任意金额都送',
      'Thresholds rising; the highest tier not above the amount gives; a threshold of 0 gives on any amount',
    ],
    fields: {
      threshold: field.money({ label: ['充值满(元)', 'Top-up from (yuan)'], required: true, min: 0, max: 99999999 }),
      giftAmount: field.money({ label: ['赠送金额(元)', 'Gift value (yuan)'], defaultValue: '0', min: 0, max: 1_000_000 }),
      points: field.integer({ label: ['赠送积分', 'Points given'], defaultValue: 0, min: 0, max: 10_000_000 }),
      couponCount: field.integer({ label: ['赠券张数', 'Coupons given'], defaultValue: 0, min: 0, max: 100 }),
    },
  }),
  // Effective templates only: the activity's hook refuses any other (activity.couponTemplateNotEffective).
  topUpCouponTemplate: field.relation({
    label: ['赠送券', 'Coupon given'],
    help: ['档位赠券张数大于 0 时必选', 'Required when a tier gives coupons'],
    resource: 'coupon-template',
    inList: false,
    pickable: { field: 'state', in: ['EFFECTIVE'] },
  }),
  topUpRepeat: field.enum({
    label: ['赠送次数', 'How often'],
    required: true,
    options: {
      EVERY: { label: ['每次充值都送', 'Every top-up'], color: 'green' },
      ONCE: { label: ['每位会员仅首次', 'Once per member'], color: 'blue' },
    },
    defaultValue: 'EVERY',
    width: 130,
  }),
} as const;

/** One tier as the engine reads it: money in cents. */
export interface TopUpTier {
  readonly thresholdCents: bigint;
  readonly giftCents: bigint;
  readonly points: number;
  readonly couponCount: number;
}

/** The rule as the engine reads it (what both kinds' `read` return). */
export interface TopUpRule {
  readonly tiers: readonly TopUpTier[];
  readonly couponTemplateId: number | null;
  readonly once: boolean;
}

/** The stored members of the shared rule. */
interface StoredTopUpRule {
  readonly topUpTiers?: {
    readonly tiers:
      | readonly {
          readonly threshold: string | number;
          readonly giftAmount?: string | number | null;
          readonly points?: number | null;
          readonly couponCount?: number | null;
        }[]
      | null;
  } | null;
  readonly topUpCouponTemplate?: number | string | null;
  readonly topUpRepeat?: string | null;
}

/** Both kinds' `read`: tiers ascending in cents, the template as a number. */
export function readTopUpRule(rule: StoredTopUpRule): TopUpRule {
  const tiers = (rule.topUpTiers?.tiers ?? [])
    .map((t) => ({
      thresholdCents: cents(t.threshold),
      giftCents: cents(t.giftAmount),
      points: int(t.points),
      couponCount: int(t.couponCount),
    }))
    .sort(ascendingBy((t) => t.thresholdCents));
  const template = rule.topUpCouponTemplate;
  return {
    tiers,
    couponTemplateId: template === null || template === undefined ? null : Number(template),
    once: rule.topUpRepeat === 'ONCE',
  };
}

/** The award of gift value (yuan as exact text, `12.50`). */
export const valueAward = (giftCents: bigint): Award => ({ type: 'value', amount: centsToString(giftCents) });

/**
 * What a top-up of `amountCents` gives under a rule (pure): the highest tier whose threshold is
 * not above the amount (the threshold itself counts), or the reason the simulator shows.
 */
export function topUpEvaluation(rule: TopUpRule, amountCents: bigint): SaleEvaluation {
  let tier: TopUpTier | null = null;
  for (const t of rule.tiers) if (t.thresholdCents <= amountCents) tier = t;
  if (!tier) return notMet('activities.reason.amountBelow', { amount: centsToString(amountCents) });
  const awards: Award[] = [];
  if (tier.giftCents > 0n) awards.push(valueAward(tier.giftCents));
  if (tier.points > 0) awards.push({ type: 'points', points: tier.points });
  if (tier.couponCount > 0 && rule.couponTemplateId !== null)
    awards.push({ type: 'coupon', templateId: rule.couponTemplateId, count: tier.couponCount });
  return awards.length === 0 ? notMet('activities.reason.nothingToGive') : fired(awards);
}
