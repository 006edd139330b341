import type { DbOrTx } from '../../../db/connection';
import { issueUpTo, issueWithin, type CouponSource } from '../../coupons/issue.service';
import { toCents } from '../../../money/money';
import type { Award } from '../../../../resources/promotion/activity-engine';

/** One coupon award of an activity. */
export type CouponAward = Extract<Award, { type: 'coupon' }>;

/** The coupons one coupon award issued and what they cost the merchant. */
export interface IssuedCouponAward {
  readonly couponIds: number[];
  /** The sum of the issued coupons' face values, in cents (a coupon without one costs nothing). */
  readonly costCents: bigint;
}

/**
 * Issues the coupons of one coupon award in the caller's transaction (through the coupons
 * module's `issueWithin`, whose request number makes it once) and totals their cost. Used by the
 * sale's awards (`sale-plan.ts`) and the member events' and exchanges' givings (`events/give.ts`);
 * a refusal of the coupons module (a template sold out, a frozen member) throws its AppError.
 * With `upTo` it gives as many of the award's coupons as the template and the member's limit let
 * (`issueUpTo`: 1 of 3 when 1 is left) and throws only when none can be given.
 */
export async function issueCouponAward(input: {
  tx: DbOrTx;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  zone: string;
  award: CouponAward;
  memberId: number;
  /** The request number of this award's issue: the same number twice issues once. */
  requestNo: string;
  source: CouponSource;
  /** The activity's number. */
  sourceRef: string;
  /** Give what can be given (a sale's reward) rather than all or nothing (an exchange, a member event). */
  upTo?: boolean;
}): Promise<IssuedCouponAward> {
  const issue = input.upTo ? issueUpTo : issueWithin;
  const issued = await issue({
    tx: input.tx,
    tenantId: input.tenantId,
    operatorId: input.operatorId,
    now: input.now,
    zone: input.zone,
    body: {
      requestNo: input.requestNo,
      templateId: input.award.templateId,
      memberId: input.memberId,
      quantity: input.award.count,
      source: input.source,
      sourceRef: input.sourceRef,
    },
  });
  let costCents = 0n;
  for (const coupon of issued.coupons) costCents += coupon.faceValue === null ? 0n : (toCents(coupon.faceValue) ?? 0n);
  return { couponIds: issued.coupons.map((coupon) => coupon.id), costCents };
}
