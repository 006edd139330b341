import { centsToString } from '../../money/money';
import { storeAllowed, insideWindows } from './coupon-windows';
import type { CouponSettings } from './coupon-settings';
import type { Basket } from './discounts/basket';
import { evaluateCoupon } from './discounts/evaluate';
import { termsOf, type TemplateRow } from './template-terms';

/** Why a coupon cannot be used on a basket (the reasons the check answers and a redemption refuses with). */
export type NotUsableReason = 'store' | 'time' | 'points' | 'threshold' | 'nothingToTake';

/** What a coupon takes off a basket, as the answers carry it (money as 2-decimal text). */
export interface CouponUse {
  readonly discount: string;
  readonly freight: string;
  readonly points: number;
  readonly subject: string;
  readonly lines: readonly { readonly lineNo: number; readonly discount: string }[];
}

/**
 * Whether a coupon of `template` (with its own face value) can be used on the basket at the store
 * and instant, and what it takes: the template's stores, weekday and time windows (in the
 * tenant's zone), points as cash (the settings and the template must both allow it), then its
 * line type's discount with threshold and goods scope. Validity and state are the coupon's own
 * and checked by the caller.
 */
export function useOn(args: {
  template: TemplateRow;
  faceCents: bigint | null;
  basket: Basket;
  storeId: number;
  pointsAsCash: boolean;
  settings: CouponSettings;
  now: Date;
}): { usable: true; use: CouponUse; discountCents: bigint } | { usable: false; reason: NotUsableReason } {
  const { template, settings } = args;
  if (!storeAllowed(template, args.storeId)) return { usable: false, reason: 'store' };
  if (!insideWindows({ template, now: args.now, zone: settings.timeZone })) return { usable: false, reason: 'time' };
  if (args.pointsAsCash && !(settings.stackWithPoints && template.stackWithPoints)) return { usable: false, reason: 'points' };
  const outcome = evaluateCoupon(termsOf(template, args.faceCents), args.basket);
  if (!outcome.applicable) return { usable: false, reason: outcome.reason };
  return {
    usable: true,
    discountCents: outcome.discountCents,
    use: {
      discount: centsToString(outcome.discountCents),
      freight: centsToString(outcome.freightCents),
      points: outcome.points,
      subject: outcome.subject,
      lines: outcome.lines.map((s) => ({ lineNo: s.lineNo, discount: centsToString(s.cents) })),
    },
  };
}

/** Whether two coupons may be used in one order: the settings and both templates must allow stacking. */
export function mayStack(
  settings: CouponSettings,
  a: Pick<TemplateRow, 'stackWithCoupons'>,
  b: Pick<TemplateRow, 'stackWithCoupons'>,
): boolean {
  return settings.stackCoupons && a.stackWithCoupons && b.stackWithCoupons;
}
