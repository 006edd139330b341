import type { CouponLineType } from '../../../../resources/coupons/coupon-line-types';
import type { LineShare } from './apportion';
import { MILLI, maxOf, minOf, mulDivCeil, mulDivFloor, sumCents, type Basket, type BasketLine } from './basket';

/**
 * The value part of a template (resources/coupons/coupon-template.resource.ts), per line type, as
 * the discount functions read it: cents and whole numbers. A random cash coupon's face value is
 * the one drawn when it was issued.
 */
export type CouponValue =
  | { readonly type: 'all_cash' | 'goods_cash' | 'random_cash'; readonly faceCents: bigint }
  | { readonly type: 'all_discount' | 'goods_discount' | 'rfm_type'; readonly rateTenths: bigint; readonly capCents: bigint | null }
  | { readonly type: 'goods'; readonly goodsId: number; readonly quantity: bigint }
  | { readonly type: 'freight'; readonly capCents: bigint | null }
  | { readonly type: 'exchange_goods'; readonly goodsId: number; readonly priceCents: bigint }
  | { readonly type: 'points'; readonly points: number }
  | { readonly type: 'special_price'; readonly priceCents: bigint; readonly quantity: bigint };

/** What a coupon takes: the discount, the lines it comes from, the part taken off the freight, points given. */
export interface Taken {
  readonly discountCents: bigint;
  /**
   * The lines the discount is taken from, each weighted by what it gives (its amount, or the
   * exact part taken off it); apportioned over them for FAV and COLLOCATION.
   */
  readonly from: readonly LineShare[];
  /** The part of `discountCents` taken off the freight, not off a line. */
  readonly freightCents: bigint;
  readonly points: number;
}

const onLines = (discountCents: bigint, from: readonly LineShare[]): Taken => ({ discountCents, from, freightCents: 0n, points: 0 });
/** Lines weighted by their amounts. */
export const byAmount = (lines: readonly BasketLine[]): LineShare[] => lines.map((l) => ({ lineNo: l.lineNo, cents: l.amountCents }));

/** The face value, never more than the applicable goods cost. */
function cash(value: { faceCents: bigint }, eligible: readonly BasketLine[]): Taken {
  return onLines(minOf(value.faceCents, sumCents(eligible)), byAmount(eligible));
}

/** The share not paid (8.5 tenths: 15 %), rounded down to the cent, at most the cap. */
function rate(value: { rateTenths: bigint; capCents: bigint | null }, eligible: readonly BasketLine[]): Taken {
  const off = mulDivFloor(sumCents(eligible), 100n - value.rateTenths, 100n);
  return onLines(value.capCents === null ? off : minOf(off, value.capCents), byAmount(eligible));
}

/**
 * Up to `units` thousandths of the lines (in line order) at what they cost, each portion's value
 * (`perUnitOff` of its cost and thousandths) taken off.
 */
function portions(lines: readonly BasketLine[], units: bigint, perUnitOff: (cost: bigint, milli: bigint) => bigint): Taken {
  let left = units;
  let off = 0n;
  const from: LineShare[] = [];
  for (const line of lines) {
    if (left === 0n) break;
    const take = minOf(left, line.quantityMilli);
    const cost = mulDivFloor(line.amountCents, take, line.quantityMilli);
    const lineOff = minOf(cost, maxOf(0n, perUnitOff(cost, take)));
    left -= take;
    if (lineOff > 0n) {
      off += lineOff;
      from.push({ lineNo: line.lineNo, cents: lineOff });
    }
  }
  return onLines(off, from);
}

const ofGoods = (lines: readonly BasketLine[], goodsId: number) => lines.filter((l) => l.goodsId === goodsId);

/**
 * One pure function per §4 line type: what a coupon of that type takes off a basket, given the
 * lines its goods scope allows (`eligible`, in line order) and the whole basket. Hand-worked
 * examples: tests/unit/coupon-discounts.test.ts.
 */
export const DISCOUNT_OF: {
  readonly [T in CouponLineType]: (value: Extract<CouponValue, { type: T }>, eligible: readonly BasketLine[], basket: Basket) => Taken;
} = {
  all_cash: cash,
  goods_cash: cash,
  random_cash: cash,
  all_discount: rate,
  goods_discount: rate,
  rfm_type: rate,
  // Pick-up: the goods themselves, up to the quantity, free.
  goods: (value, eligible) => portions(ofGoods(eligible, value.goodsId), value.quantity * MILLI, (cost) => cost),
  // Freight: waived up to the cap.
  freight: (value, _eligible, basket) => {
    const off = value.capCents === null ? basket.freightCents : minOf(basket.freightCents, value.capCents);
    return { discountCents: off, from: [], freightCents: off, points: 0 };
  },
  // Exchange: one unit of the goods at the exchange price.
  exchange_goods: (value, eligible) =>
    portions(ofGoods(eligible, value.goodsId), MILLI, (cost, milli) => cost - mulDivCeil(value.priceCents, milli, MILLI)),
  // Points: nothing off the basket; the member gets the points when it is redeemed.
  points: (value) => ({ discountCents: 0n, from: [], freightCents: 0n, points: value.points }),
  // Special price: up to the quantity of applicable units at the special unit price.
  special_price: (value, eligible) =>
    portions(eligible, value.quantity * MILLI, (cost, milli) => cost - mulDivCeil(value.priceCents, milli, MILLI)),
};

/** The discount of a coupon's value on a basket, through its type's function. */
export function takenBy(value: CouponValue, eligible: readonly BasketLine[], basket: Basket): Taken {
  const fn = DISCOUNT_OF[value.type] as (v: CouponValue, e: readonly BasketLine[], b: Basket) => Taken;
  return fn(value, eligible, basket);
}
