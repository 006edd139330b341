import { apportion, type LineShare } from './apportion';
import { eligibleLines, sumCents, type Basket, type GoodsScope } from './basket';
import { byAmount, takenBy, type CouponValue } from './line-types';

/** §4 apportion subjects: how a coupon's discount is booked on the order's lines. */
export type ApportionSubject = 'FAV' | 'PAY' | 'COLLOCATION';

/** What a template says about a coupon's use on a basket, beyond its value. */
export interface CouponTerms {
  readonly value: CouponValue;
  readonly scope: GoodsScope;
  /** The applicable goods must cost at least this, in cents (0: no threshold). */
  readonly thresholdCents: bigint;
  readonly subject: ApportionSubject;
}

export type CouponOutcome =
  | {
      readonly applicable: true;
      readonly discountCents: bigint;
      /** Per line, what it takes, booked as `subject`; adds up with `freightCents` to `discountCents`. */
      readonly lines: readonly LineShare[];
      readonly freightCents: bigint;
      readonly points: number;
      readonly subject: ApportionSubject;
    }
  | { readonly applicable: false; readonly reason: 'threshold' | 'nothingToTake' };

/**
 * What a coupon takes off a basket (pure): the threshold is read on the lines its goods scope
 * allows; the discount comes from its line type's function; the part taken off lines is then
 * apportioned by the largest remainder in cents, so the lines add up to it exactly:
 *
 * - FAV (优惠, a discount): over the lines it was taken from, by what each gave (its amount for
 *   a cash or discount coupon, the exact part for pick-up, exchange and special price);
 * - COLLOCATION (组合, a combination price): over the same lines, booked as the combination's price;
 * - PAY (支付, a payment by coupon): over every line of the order, by their amounts, since a
 *   payment pays for the whole order.
 */
export function evaluateCoupon(terms: CouponTerms, basket: Basket): CouponOutcome {
  const eligible = eligibleLines(basket, terms.scope);
  if (sumCents(eligible) < terms.thresholdCents) return { applicable: false, reason: 'threshold' };
  const taken = takenBy(terms.value, eligible, basket);
  if (taken.discountCents === 0n && taken.points === 0) return { applicable: false, reason: 'nothingToTake' };
  const onLines = taken.discountCents - taken.freightCents;
  const over = terms.subject === 'PAY' ? byAmount([...basket.lines].sort((a, b) => a.lineNo - b.lineNo)) : taken.from;
  return {
    applicable: true,
    discountCents: taken.discountCents,
    lines: onLines === 0n ? [] : apportion(onLines, over),
    freightCents: taken.freightCents,
    points: taken.points,
    subject: terms.subject,
  };
}
