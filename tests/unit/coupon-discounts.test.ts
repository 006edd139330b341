import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUPON_LINE_TYPES } from '../../resources/coupons/coupon-line-types';
import { apportion } from '../../server/modules/coupons/discounts/apportion';
import type { Basket, BasketLine, GoodsScope } from '../../server/modules/coupons/discounts/basket';
import { evaluateCoupon, type ApportionSubject, type CouponTerms } from '../../server/modules/coupons/discounts/evaluate';
import { DISCOUNT_OF, type CouponValue } from '../../server/modules/coupons/discounts/line-types';

/**
 * The discount functions of the ten §4 line types (server/modules/coupons/discounts/), against
 * examples worked by hand, and a property over random baskets: never negative, never above the
 * basket, and the apportioned lines (with the freight part) add up to the discount exactly.
 */

const line = (lineNo: number, goodsId: number, qty: number, yuan: string, extra: Partial<BasketLine> = {}): BasketLine => ({
  lineNo,
  goodsId,
  categoryIds: [goodsId * 10],
  brandId: null,
  quantityMilli: BigInt(Math.round(qty * 1000)),
  amountCents: BigInt(yuan.replace('.', '')),
  ...extra,
});
const ALL: GoodsScope = { mode: 'ALL', goods: [], categories: [], brands: [] };
// Basket: goods 1 ×2 = 30.00, goods 2 ×1 = 45.50, goods 3 ×3 = 24.50; freight 8.00. Total 100.00.
const basket: Basket = { lines: [line(1, 1, 2, '30.00'), line(2, 2, 1, '45.50'), line(3, 3, 3, '24.50')], freightCents: 800n };
const terms = (value: CouponValue, more: Partial<CouponTerms> = {}): CouponTerms => ({
  value,
  scope: ALL,
  thresholdCents: 0n,
  subject: 'FAV',
  ...more,
});
const off = (t: CouponTerms, b: Basket = basket) => {
  const outcome = evaluateCoupon(t, b);
  if (!outcome.applicable) return { reason: outcome.reason };
  return {
    discount: outcome.discountCents,
    lines: Object.fromEntries(outcome.lines.map((s) => [s.lineNo, s.cents])),
    freight: outcome.freightCents,
    points: outcome.points,
  };
};

describe('coupon discounts, worked by hand', () => {
  it('cash: the face value over the order, apportioned by amount with the cents left to the largest fractions', () => {
    // 10.00 over 30.00 / 45.50 / 24.50 of 100.00: 3.00, 4.55, 2.45 exactly.
    expect(off(terms({ type: 'all_cash', faceCents: 1000n }))).toEqual({
      discount: 1000n,
      lines: { 1: 300n, 2: 455n, 3: 245n },
      freight: 0n,
      points: 0,
    });
    // 0.01 goes to the line with the largest share (45.50).
    expect(off(terms({ type: 'all_cash', faceCents: 1n }))).toEqual({
      discount: 1n,
      lines: { 1: 0n, 2: 1n, 3: 0n },
      freight: 0n,
      points: 0,
    });
    // 2.00 over 1.00 / 1.00 / 1.00: 0.66 each and two cents left, to the first two lines (equal fractions).
    const even: Basket = { lines: [line(1, 1, 1, '1.00'), line(2, 2, 1, '1.00'), line(3, 3, 1, '1.00')], freightCents: 0n };
    expect(off(terms({ type: 'all_cash', faceCents: 200n }), even).lines).toEqual({ 1: 67n, 2: 67n, 3: 66n });
    // 1.00 over three equal lines: 0.34, 0.33, 0.33 (the first line wins the tie).
    expect(off(terms({ type: 'all_cash', faceCents: 100n }), even).lines).toEqual({ 1: 34n, 2: 33n, 3: 33n });
    // Never more than the goods: a 500.00 coupon on 100.00 takes 100.00.
    expect(off(terms({ type: 'random_cash', faceCents: 50000n })).discount).toBe(10000n);
  });

  it('goods cash: only the goods of its scope, and the threshold on them', () => {
    const scope: GoodsScope = { mode: 'INCLUDE', goods: [2], categories: [30], brands: [] };
    // Goods 2 (45.50) and category 30 (goods 3, 24.50): 70.00 applicable; 20.00 apportioned 13.00 / 7.00.
    expect(off(terms({ type: 'goods_cash', faceCents: 2000n }, { scope }))).toEqual({
      discount: 2000n,
      lines: { 2: 1300n, 3: 700n },
      freight: 0n,
      points: 0,
    });
    expect(off(terms({ type: 'goods_cash', faceCents: 2000n }, { scope, thresholdCents: 7001n }))).toEqual({ reason: 'threshold' });
    expect(off(terms({ type: 'goods_cash', faceCents: 2000n }, { scope, thresholdCents: 7000n })).discount).toBe(2000n);
    // Excluding goods 2: 54.50 applicable.
    const exclude: GoodsScope = { mode: 'EXCLUDE', goods: [2], categories: [], brands: [] };
    expect(off(terms({ type: 'goods_cash', faceCents: 6000n }, { scope: exclude }))).toEqual({
      discount: 5450n,
      lines: { 1: 3000n, 3: 2450n },
      freight: 0n,
      points: 0,
    });
  });

  it('discount: 8.5 tenths takes 15 % rounded down to the cent, at most the cap', () => {
    // 15 % of 100.00 = 15.00.
    expect(off(terms({ type: 'all_discount', rateTenths: 85n, capCents: null })).discount).toBe(1500n);
    expect(off(terms({ type: 'all_discount', rateTenths: 85n, capCents: 1000n })).discount).toBe(1000n);
    // 12 % of 45.50 = 5.46; of 24.51 = 2.9412 -> 2.94.
    const scope: GoodsScope = { mode: 'INCLUDE', goods: [2], categories: [], brands: [] };
    expect(off(terms({ type: 'goods_discount', rateTenths: 88n, capCents: null }, { scope }))).toEqual({
      discount: 546n,
      lines: { 2: 546n },
      freight: 0n,
      points: 0,
    });
    const odd: Basket = { lines: [line(1, 1, 1, '24.51')], freightCents: 0n };
    expect(off(terms({ type: 'rfm_type', rateTenths: 88n, capCents: null }), odd).discount).toBe(294n);
  });

  it('pick-up: the goods themselves up to the quantity; nothing when they are not in the basket', () => {
    // Goods 3: 3 units for 24.50; one unit free = 24.50 / 3 = 8.1666 -> 8.16.
    expect(off(terms({ type: 'goods', goodsId: 3, quantity: 1n }))).toEqual({ discount: 816n, lines: { 3: 816n }, freight: 0n, points: 0 });
    // Five units asked, three in the basket: all of them.
    expect(off(terms({ type: 'goods', goodsId: 3, quantity: 5n })).discount).toBe(2450n);
    expect(off(terms({ type: 'goods', goodsId: 9, quantity: 1n }))).toEqual({ reason: 'nothingToTake' });
  });

  it('freight: waived up to the cap, taken off the freight and not off a line', () => {
    expect(off(terms({ type: 'freight', capCents: null }))).toEqual({ discount: 800n, lines: {}, freight: 800n, points: 0 });
    expect(off(terms({ type: 'freight', capCents: 500n }))).toEqual({ discount: 500n, lines: {}, freight: 500n, points: 0 });
    expect(off(terms({ type: 'freight', capCents: null }), { ...basket, freightCents: 0n })).toEqual({ reason: 'nothingToTake' });
  });

  it('exchange: one unit at the exchange price; special price: units at the special price up to the quantity', () => {
    // Goods 1: 2 units for 30.00, one unit 15.00 bought at 9.90: 5.10 off.
    expect(off(terms({ type: 'exchange_goods', goodsId: 1, priceCents: 990n }))).toEqual({
      discount: 510n,
      lines: { 1: 510n },
      freight: 0n,
      points: 0,
    });
    // An exchange price above the goods' price takes nothing.
    expect(off(terms({ type: 'exchange_goods', goodsId: 1, priceCents: 2000n }))).toEqual({ reason: 'nothingToTake' });
    // Two units at 10.00: goods 1's two units cost 30.00 -> 10.00 off.
    expect(off(terms({ type: 'special_price', priceCents: 1000n, quantity: 2n })).discount).toBe(1000n);
    // Four units: goods 1 (two, 10.00 off), goods 2 (one 45.50 at 10.00: 35.50 off), goods 3 (one 8.16 below 10.00: nothing).
    expect(off(terms({ type: 'special_price', priceCents: 1000n, quantity: 4n }))).toEqual({
      discount: 4550n,
      lines: { 1: 1000n, 2: 3550n },
      freight: 0n,
      points: 0,
    });
  });

  it('points: nothing off the basket, the points given', () => {
    expect(off(terms({ type: 'points', points: 200 }))).toEqual({ discount: 0n, lines: {}, freight: 0n, points: 200 });
  });

  it('PAY apportions over every line of the order; FAV and COLLOCATION over the lines it was taken from', () => {
    const scope: GoodsScope = { mode: 'INCLUDE', goods: [2], categories: [], brands: [] };
    const value: CouponValue = { type: 'goods_cash', faceCents: 1000n };
    expect(off(terms(value, { scope, subject: 'FAV' })).lines).toEqual({ 2: 1000n });
    expect(off(terms(value, { scope, subject: 'COLLOCATION' })).lines).toEqual({ 2: 1000n });
    expect(off(terms(value, { scope, subject: 'PAY' })).lines).toEqual({ 1: 300n, 2: 455n, 3: 245n });
  });

  it('has one function for each of the ten line types', () => {
    expect(Object.keys(DISCOUNT_OF).sort()).toEqual(COUPON_LINE_TYPES.map((t) => t.value).sort());
  });
});

const cents = fc.bigInt({ min: 0n, max: 10_000_000n });
const basketArb: fc.Arbitrary<Basket> = fc
  .record({
    lines: fc.array(
      fc.record({
        goodsId: fc.integer({ min: 1, max: 5 }),
        brandId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        quantityMilli: fc.bigInt({ min: 1n, max: 50_000n }),
        amountCents: cents,
      }),
      { minLength: 1, maxLength: 12 },
    ),
    freightCents: fc.bigInt({ min: 0n, max: 5_000n }),
  })
  .map(({ lines, freightCents }) => ({
    lines: lines.map((l, i) => ({ ...l, lineNo: i + 1, categoryIds: [l.goodsId * 10] })),
    freightCents,
  }));
const goodsId = fc.integer({ min: 1, max: 5 });
const valueArb: fc.Arbitrary<CouponValue> = fc.oneof(
  fc.record({
    type: fc.constantFrom('all_cash' as const, 'goods_cash' as const, 'random_cash' as const),
    faceCents: fc.bigInt({ min: 1n, max: 20_000_000n }),
  }),
  fc.record({
    type: fc.constantFrom('all_discount' as const, 'goods_discount' as const, 'rfm_type' as const),
    rateTenths: fc.bigInt({ min: 1n, max: 99n }),
    capCents: fc.option(fc.bigInt({ min: 1n, max: 5_000_000n }), { nil: null }),
  }),
  fc.record({ type: fc.constant('goods' as const), goodsId, quantity: fc.bigInt({ min: 1n, max: 20n }) }),
  fc.record({ type: fc.constant('freight' as const), capCents: fc.option(fc.bigInt({ min: 1n, max: 5_000n }), { nil: null }) }),
  fc.record({ type: fc.constant('exchange_goods' as const), goodsId, priceCents: cents }),
  fc.record({ type: fc.constant('points' as const), points: fc.integer({ min: 1, max: 1000 }) }),
  fc.record({ type: fc.constant('special_price' as const), priceCents: cents, quantity: fc.bigInt({ min: 1n, max: 20n }) }),
);
const scopeArb: fc.Arbitrary<GoodsScope> = fc.record({
  mode: fc.constantFrom('ALL' as const, 'INCLUDE' as const, 'EXCLUDE' as const),
  goods: fc.subarray([1, 2, 3, 4, 5]),
  categories: fc.subarray([10, 20, 30]),
  brands: fc.subarray([1, 2, 3]),
});
const subjectArb = fc.constantFrom<ApportionSubject>('FAV', 'PAY', 'COLLOCATION');

describe('coupon discounts over random baskets', () => {
  it('are never negative, never above the basket, and apportion to the cent', () => {
    fc.assert(
      fc.property(basketArb, valueArb, scopeArb, subjectArb, cents, (b, value, scope, subject, thresholdCents) => {
        const outcome = evaluateCoupon({ value, scope, thresholdCents, subject }, b);
        if (!outcome.applicable) return;
        const total = b.lines.reduce((sum, l) => sum + l.amountCents, 0n) + b.freightCents;
        expect(outcome.discountCents >= 0n).toBe(true);
        expect(outcome.discountCents <= total).toBe(true);
        expect(outcome.freightCents <= b.freightCents).toBe(true);
        const shares = outcome.lines.reduce((sum, s) => sum + s.cents, 0n);
        expect(shares + outcome.freightCents).toBe(outcome.discountCents);
        for (const share of outcome.lines) {
          const of = b.lines.find((l) => l.lineNo === share.lineNo)!;
          expect(share.cents >= 0n && share.cents <= of.amountCents).toBe(true);
        }
      }),
      { numRuns: 2000, seed: 1207 },
    );
  });

  it('apportion by the largest remainder adds up exactly for any total up to the lines', () => {
    fc.assert(
      fc.property(basketArb, fc.double({ min: 0, max: 1, noNaN: true }), (b, fraction) => {
        const sum = b.lines.reduce((s, l) => s + l.amountCents, 0n);
        const total = (sum * BigInt(Math.floor(fraction * 1000))) / 1000n;
        const shares = apportion(
          total,
          b.lines.map((l) => ({ lineNo: l.lineNo, cents: l.amountCents })),
        );
        expect(shares.reduce((s, x) => s + x.cents, 0n)).toBe(total);
      }),
      { numRuns: 1000, seed: 77 },
    );
  });
});
