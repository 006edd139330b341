/**
 * The top-up promotions' rules the declaration cannot state (issue 28 item 5,
 * resources/promotion/kinds/top-up.ts), called from `activity.hooks.ts`:
 *
 * - on save: the tiers rise strictly, each gives something, and a tier giving coupons needs the
 *   rule's coupon template;
 * - on audit, what one top-up can give one member (`topUpGiving`): the largest tier's gift value
 *   (stored value, or card value for a card top-up), points, and coupons at their worth
 *   (coupons/coupon-worth.ts), which `gift-approval.ts` compares with the merchant's thresholds.
 */
import type { ValueKind } from '../../../resources/define';
import { readTopUpRule } from '../../../resources/promotion/kinds/top-up';
import type { DbOrTx } from '../../db/connection';
import type { FieldError } from '../../http/envelope';
import { couponWorth } from '../coupons/coupon-worth';
import { readTemplate } from '../coupons/template-terms';
import type { Giving } from './gift-approval';

/** The kinds of this rule, and the kind of value each one's gift value is. */
const GIFT_VALUE_KIND: Readonly<Record<string, ValueKind>> = { STORE_VALUE_ACTIVE: 'storedValue', PREPAY_CARD_CHARGE_GIFT: 'cardValue' };

export const isTopUpKind = (kind: string): boolean => Object.hasOwn(GIFT_VALUE_KIND, kind);

type Line = Readonly<Record<string, unknown>>;
const positive = (value: unknown) => value !== null && value !== undefined && Number(value) > 0;

/** The save's problems of a top-up rule (the tiers' order is `ladderIssues`'). */
export function topUpRuleIssues(rule: unknown): FieldError[] {
  const stored = (rule ?? {}) as { topUpTiers?: { tiers?: Line[] }; topUpCouponTemplate?: unknown };
  const tiers = stored.topUpTiers?.tiers ?? [];
  const issues: FieldError[] = [];
  tiers.forEach((tier, i) => {
    if (!positive(tier.giftAmount) && !positive(tier.points) && !positive(tier.couponCount))
      issues.push({ field: `rule.topUpTiers.tiers[${i}].giftAmount`, key: 'activity.topUpTierEmpty' });
  });
  const template = stored.topUpCouponTemplate;
  if ((template === null || template === undefined) && tiers.some((tier) => positive(tier.couponCount)))
    issues.push({ field: 'rule.topUpCouponTemplate', key: 'activity.topUpCouponRequired' });
  return issues;
}

/** What one top-up can give one member at most, per kind of value, in units (cents or points). */
export async function topUpGiving(args: { db: DbOrTx; tenantId: number; kind: string; rule: unknown }): Promise<Giving> {
  const rule = readTopUpRule((args.rule ?? {}) as Parameters<typeof readTopUpRule>[0]);
  const out: Giving = new Map();
  const raise = (kind: ValueKind, units: bigint, unbounded = false) => {
    const now = out.get(kind);
    if (!now || units > now.units) out.set(kind, { units, unbounded });
  };
  const template = rule.couponTemplateId === null ? null : await readTemplate(args.db, args.tenantId, rule.couponTemplateId);
  const worth = template ? await couponWorth({ db: args.db, tenantId: args.tenantId, template }) : null;
  for (const tier of rule.tiers) {
    raise(GIFT_VALUE_KIND[args.kind], tier.giftCents);
    raise('points', BigInt(tier.points));
    if (worth && tier.couponCount > 0) raise(worth.kind, worth.units * BigInt(tier.couponCount), worth.unbounded);
  }
  return out;
}
