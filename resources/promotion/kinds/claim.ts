import { field } from '../../define';
import type { Award } from '../activity-engine';
import { int } from './rule-reading';

/**
 * The rule of the coupon claims (issue 28 item 2, entry `wechat-receive-coupon`): a member claims
 * a set of coupons (a count of one template, at most 10: a claim call gives at most 10, DOMAIN.md)
 * in the mini program; declared once for the claim kinds. The stock is the activity's coupon
 * budget (`budget.totalCoupons`, required for a claim kind), the per-member and per-day limits its
 * times per member and per member per day, the claim window the activity's window: the engine's
 * budgets hold them under concurrency (server/modules/activities/engine/budgets.ts). A claim
 * carries a signed, single-use token bound to the member (server/modules/activities/claims/).
 */
export const claimRule = {
  // Effective templates only: the activity's hook refuses any other (activity.couponTemplateNotEffective).
  claimTemplate: field.relation({
    label: ['领取券', 'Coupon claimed'],
    resource: 'coupon-template',
    required: true,
    width: 160,
    pickable: { field: 'state', in: ['EFFECTIVE'] },
  }),
  claimCount: field.integer({
    label: ['每次领取张数', 'Coupons per claim'],
    help: ['一次领取最多 10 张', 'At most 10 coupons per claim'],
    required: true,
    defaultValue: 1,
    min: 1,
    max: 10,
    width: 120,
  }),
} as const;

/** The most coupons one claim gives (DOMAIN.md: a claim call gives at most 10 coupons). */
export const CLAIM_MAX_COUPONS = 10;

/** The claim rule as the engine reads it. */
export interface ClaimRule {
  readonly couponTemplateId: number;
  readonly couponCount: number;
  /** Only members this customer group selects at the claim may claim (splash-screen coupons); absent: anyone in scope. */
  readonly groupId?: number;
}

/** The stored members of the claim rule. */
interface StoredClaimRule {
  readonly claimTemplate?: number | string | null;
  readonly claimCount?: number | null;
}

/** The claim kinds' `read`. */
export const readClaimRule = (rule: StoredClaimRule): ClaimRule => ({
  couponTemplateId: Number(rule.claimTemplate ?? 0),
  couponCount: Math.min(int(rule.claimCount, 1), CLAIM_MAX_COUPONS),
});

/** What one claim gives. */
export const claimAwards = (rule: ClaimRule): readonly Award[] => [
  { type: 'coupon', templateId: rule.couponTemplateId, count: rule.couponCount },
];
