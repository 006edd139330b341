import { describe, expect, it } from 'vitest';
import type { ActivityRule, BasketLine, GoodsScope, PaymentFact, Reward, SaleFacts } from '../../resources/promotion/activity-engine';
import { SALE_KIND_EVALUATORS, SALE_KINDS } from '../../resources/promotion/activity-engine';
import { checkPointsAsCash } from '../../resources/promotion/kinds/points-as-cash.kind';
import { markNonPointsGoods } from '../../resources/promotion/kinds/non-points-goods.kind';
import { bucketsOf, fitsBucket } from '../../server/modules/activities/engine/budgets';
import { awardTotals } from '../../server/modules/activities/engine/awards';

// Hand-worked examples: one basket, every figure below worked out by hand from it.
// tea   T1 (category DRINK, brand B1): 3 units, 35.50
// cake  C1 (category FOOD,  brand B2): 2 units, 20.00
// milk  M1 (category DRINK, brand B3): 5 units, 12.30     total 10 units, 67.80
const line = (goodsCode: string, categoryCode: string, brandCode: string, quantity: number, amountCents: bigint): BasketLine => ({
  goodsCode,
  categoryCode,
  brandCode,
  quantity,
  amountCents,
  earnsPoints: true,
});
const basket: BasketLine[] = [line('T1', 'DRINK', 'B1', 3, 3550n), line('C1', 'FOOD', 'B2', 2, 2000n), line('M1', 'DRINK', 'B3', 5, 1230n)];

const ALL: GoodsScope = { mode: 'ALL', goodsCodes: [], categoryCodes: [], brandCodes: [] };
const drinks: GoodsScope = { mode: 'INCLUDE', goodsCodes: [], categoryCodes: ['DRINK'], brandCodes: [] };
const notTea: GoodsScope = { mode: 'EXCLUDE', goodsCodes: ['T1'], categoryCodes: [], brandCodes: [] };
const coupon = (templateId: number, count: number, points = 0): Reward => ({ points, couponTemplateId: templateId, couponCount: count });

function facts(payments: PaymentFact[] = [], centsPerPoint = 100n): SaleFacts {
  return {
    orderNo: 'O1',
    memberId: 1,
    levelId: null,
    storeId: null,
    areaId: null,
    marketingCenterId: null,
    channelCode: null,
    at: new Date('2026-11-28T02:00:00Z'),
    localDate: '2026-11-28',
    weekday: 6,
    localTime: '10:00',
    lines: basket,
    payments,
    defaultCentsPerPoint: centsPerPoint,
  };
}

function run(
  rule: ActivityRule,
  options: { lines?: BasketLine[]; basicPoints?: number; payments?: PaymentFact[]; centsPerPoint?: bigint } = {},
) {
  const evaluate = SALE_KIND_EVALUATORS[rule.kind as keyof typeof SALE_KIND_EVALUATORS];
  return evaluate(rule, {
    facts: facts(options.payments, options.centsPerPoint),
    basket: options.lines ?? basket,
    basicPoints: options.basicPoints ?? 67,
  });
}

describe('sale kinds on hand-worked examples', () => {
  it('registers an evaluation for every sale kind of the contract', () => {
    expect(Object.keys(SALE_KIND_EVALUATORS).sort()).toEqual([...SALE_KINDS].sort());
  });

  it('BASIC_POINTS: 67.80 at 2.00 per point is 33 points; lines that earn nothing are left out', () => {
    expect(run({ kind: 'BASIC_POINTS', centsPerPoint: 200n })).toEqual({ fired: true, awards: [{ type: 'points', points: 33 }] });
    const withoutCake = markNonPointsGoods({ kind: 'NON_POINTS_GOODS', goods: { ...ALL, mode: 'INCLUDE', goodsCodes: ['C1'] } }, basket);
    // 35.50 + 12.30 = 47.80 -> 23 points
    expect(run({ kind: 'BASIC_POINTS', centsPerPoint: 200n }, { lines: withoutCake }).awards).toEqual([{ type: 'points', points: 23 }]);
    expect(run({ kind: 'BASIC_POINTS', centsPerPoint: 10_000n }).fired).toBe(false);
  });

  it('NON_POINTS_GOODS: marks the named lines, fires only when the basket holds them', () => {
    const rule: ActivityRule = { kind: 'NON_POINTS_GOODS', goods: { ...ALL, mode: 'INCLUDE', brandCodes: ['B3'] } };
    expect(markNonPointsGoods(rule, basket).map((l) => l.earnsPoints)).toEqual([true, true, false]);
    expect(run(rule)).toEqual({ fired: true, awards: [] });
    expect(run({ kind: 'NON_POINTS_GOODS', goods: { ...ALL, mode: 'INCLUDE', goodsCodes: ['X9'] } }).fired).toBe(false);
  });

  it('POINTS_SPEED: x1.5 on 67 basic points is 100, the award is the 33 extra', () => {
    expect(run({ kind: 'POINTS_SPEED', multipleTenths: 15 }).awards).toEqual([{ type: 'points', points: 33 }]);
    expect(run({ kind: 'POINTS_SPEED', multipleTenths: 10 }).fired).toBe(false);
  });

  it('SCORE_DOUBLING: drinks 47.80 at 1.00 per point = 47 basic, x2 gives 47 more; x2.5 gives 70 more', () => {
    expect(run({ kind: 'SCORE_DOUBLING', goods: drinks, multipleTenths: 20 }).awards).toEqual([{ type: 'points', points: 47 }]);
    // floor(47 * 25 / 10) = 117, extra 70
    expect(run({ kind: 'SCORE_DOUBLING', goods: drinks, multipleTenths: 25 }).awards).toEqual([{ type: 'points', points: 70 }]);
    // all but tea: 32.30 at 0.50 per point = 64 basic, x3 gives 128 more
    expect(run({ kind: 'SCORE_DOUBLING', goods: notTea, multipleTenths: 30 }, { centsPerPoint: 50n }).awards).toEqual([
      { type: 'points', points: 128 },
    ]);
    expect(run({ kind: 'SCORE_DOUBLING', goods: { ...drinks, categoryCodes: ['SHOES'] }, multipleTenths: 20 }).reason?.key).toBe(
      'activities.reason.noGoodsInScope',
    );
  });

  it('AMOUNT_EXTRA_POINTS: the highest tier reached, not the sum of tiers', () => {
    const tiers = [
      { threshold: 3000n, points: 5 },
      { threshold: 6000n, points: 12 },
      { threshold: 10000n, points: 30 },
    ];
    expect(run({ kind: 'AMOUNT_EXTRA_POINTS', goods: ALL, tiers }).awards).toEqual([{ type: 'points', points: 12 }]);
    // drinks 47.80 reach only 30.00
    expect(run({ kind: 'AMOUNT_EXTRA_POINTS', goods: drinks, tiers }).awards).toEqual([{ type: 'points', points: 5 }]);
    // the threshold itself counts: exactly 67.80
    expect(run({ kind: 'AMOUNT_EXTRA_POINTS', goods: ALL, tiers: [{ threshold: 6780n, points: 9 }] }).awards).toEqual([
      { type: 'points', points: 9 },
    ]);
    expect(run({ kind: 'AMOUNT_EXTRA_POINTS', goods: ALL, tiers: [{ threshold: 6781n, points: 9 }] })).toEqual({
      fired: false,
      awards: [],
      reason: { key: 'activities.reason.amountBelow', values: { amount: '67.80' } },
    });
  });

  it('QTY_EXTRA_POINTS: 10 units reach the 10-unit tier; drinks (8 units) only the 5-unit one', () => {
    const tiers = [
      { threshold: 5n, points: 2 },
      { threshold: 10n, points: 6 },
    ];
    expect(run({ kind: 'QTY_EXTRA_POINTS', goods: ALL, tiers }).awards).toEqual([{ type: 'points', points: 6 }]);
    expect(run({ kind: 'QTY_EXTRA_POINTS', goods: drinks, tiers }).awards).toEqual([{ type: 'points', points: 2 }]);
  });

  it('GOODS_GROUP_QTY_EXTRA_POINTS: every 3 drinks (8 units) give 4 points twice; capped at once', () => {
    expect(run({ kind: 'GOODS_GROUP_QTY_EXTRA_POINTS', goods: drinks, everyQuantity: 3, points: 4, maxTimes: null }).awards).toEqual([
      { type: 'points', points: 8 },
    ]);
    expect(run({ kind: 'GOODS_GROUP_QTY_EXTRA_POINTS', goods: drinks, everyQuantity: 3, points: 4, maxTimes: 1 }).awards).toEqual([
      { type: 'points', points: 4 },
    ]);
    expect(run({ kind: 'GOODS_GROUP_QTY_EXTRA_POINTS', goods: drinks, everyQuantity: 9, points: 4, maxTimes: null }).fired).toBe(false);
  });

  it('GOODS_AMOUNT_COUPON: 67.80 over 20.00 gives once, or 3 times when repeated; points of the reward too', () => {
    const rule = { kind: 'GOODS_AMOUNT_COUPON', goods: ALL, thresholdCents: 2000n, repeat: false, reward: coupon(7, 2) } as const;
    expect(run(rule).awards).toEqual([{ type: 'coupon', templateId: 7, count: 2 }]);
    expect(run({ ...rule, repeat: true, reward: coupon(7, 1, 10) }).awards).toEqual([
      { type: 'points', points: 30 },
      { type: 'coupon', templateId: 7, count: 3 },
    ]);
    // coupon kinds count lines that earn no points too
    const noPoints = basket.map((l) => ({ ...l, earnsPoints: false }));
    expect(run(rule, { lines: noPoints }).fired).toBe(true);
    expect(run({ ...rule, thresholdCents: 7000n }).fired).toBe(false);
  });

  it('GOODS_AMOUNT_GIFT: food 20.00 reaches 20.00, the gift is recorded', () => {
    const food: GoodsScope = { ...ALL, mode: 'INCLUDE', categoryCodes: ['FOOD'] };
    expect(run({ kind: 'GOODS_AMOUNT_GIFT', goods: food, thresholdCents: 2000n, giftGoodsCode: 'G1', giftQuantity: 2 }).awards).toEqual([
      { type: 'gift', goodsCode: 'G1', quantity: 2 },
    ]);
    expect(run({ kind: 'GOODS_AMOUNT_GIFT', goods: food, thresholdCents: 2001n, giftGoodsCode: 'G1', giftQuantity: 2 }).fired).toBe(false);
  });

  it('GOODS_QTY_COUPON: 8 drinks over 4 give 2 coupons when repeated, 1 otherwise', () => {
    const rule = { kind: 'GOODS_QTY_COUPON', goods: drinks, thresholdQuantity: 4, repeat: true, reward: coupon(3, 1) } as const;
    expect(run(rule).awards).toEqual([{ type: 'coupon', templateId: 3, count: 2 }]);
    expect(run({ ...rule, repeat: false }).awards).toEqual([{ type: 'coupon', templateId: 3, count: 1 }]);
    expect(run({ ...rule, thresholdQuantity: 9 }).fired).toBe(false);
  });

  it('USE_COUPON_SEND_COUPON: paying with a coupon of a listed template gives the reward once', () => {
    const rule = { kind: 'USE_COUPON_SEND_COUPON', usedTemplateIds: [11], reward: coupon(12, 1) } as const;
    const paid = (templateId: number): PaymentFact => ({ method: 'COUPON', amountCents: 500n, couponTemplateId: templateId });
    expect(run(rule, { payments: [paid(11), paid(11)] }).awards).toEqual([{ type: 'coupon', templateId: 12, count: 1 }]);
    expect(run(rule, { payments: [paid(10)] }).fired).toBe(false);
    expect(run({ ...rule, usedTemplateIds: [] }, { payments: [paid(10)] }).fired).toBe(true);
    expect(run(rule).reason?.key).toBe('activities.reason.noCouponUsed');
  });

  it('POINTS_AS_CASH: 100 points per yuan, at most 50% of the order and 3000 points', () => {
    const rule = {
      kind: 'POINTS_AS_CASH',
      pointsPerYuan: 100,
      maxShareOfOrderPercent: 50,
      maxPointsPerOrder: 3000,
      minOrderCents: 5000n,
    } as const;
    const pay = (points: number, cents: bigint): PaymentFact[] => [{ method: 'POINTS', amountCents: cents, points }];
    expect(checkPointsAsCash(rule, facts(pay(2350, 2350n)))).toEqual({ ok: true, points: 2350, cents: 2350n });
    expect(run(rule, { payments: pay(2350, 2350n) })).toEqual({ fired: true, awards: [] });
    // 2350 points do not pay 23.49
    expect(checkPointsAsCash(rule, facts(pay(2350, 2349n)))).toMatchObject({ ok: false, key: 'activities.pointsCash.ratio' });
    expect(checkPointsAsCash(rule, facts(pay(3100, 3100n)))).toMatchObject({ ok: false, key: 'activities.pointsCash.tooManyPoints' });
    // 50% of 67.80 is 33.90: 33.90 passes, 34.00 does not
    expect(checkPointsAsCash({ ...rule, maxPointsPerOrder: null }, facts(pay(3390, 3390n))).ok).toBe(true);
    expect(checkPointsAsCash({ ...rule, maxPointsPerOrder: null }, facts(pay(3400, 3400n)))).toMatchObject({
      ok: false,
      key: 'activities.pointsCash.shareExceeded',
    });
    expect(checkPointsAsCash({ ...rule, minOrderCents: 6781n }, facts(pay(100, 100n)))).toMatchObject({
      ok: false,
      key: 'activities.pointsCash.orderBelow',
    });
    expect(checkPointsAsCash(rule, facts())).toEqual({ ok: true, points: 0, cents: 0n });
    expect(run(rule).fired).toBe(false);
  });

  it("a kind handed another kind's rule is a programming error", () => {
    expect(() =>
      SALE_KIND_EVALUATORS.SCORE_DOUBLING({ kind: 'BASIC_POINTS', centsPerPoint: 100n }, { facts: facts(), basket, basicPoints: 0 }),
    ).toThrow();
  });
});

describe('budget buckets and award totals', () => {
  const activity = (
    budget: Partial<{
      totalPoints: number;
      totalCoupons: number;
      totalTimes: number;
      perMemberTimes: number;
      perMemberPerDayTimes: number;
    }>,
  ) => ({
    id: 5,
    budget: { totalPoints: null, totalCoupons: null, totalTimes: null, perMemberTimes: null, perMemberPerDayTimes: null, ...budget },
  });

  it('an unlimited activity has no bucket; limits give the day, member and total buckets in that order', () => {
    expect(bucketsOf({ activity: activity({}), memberId: 9, localDate: '2026-11-28' })).toEqual([]);
    const buckets = bucketsOf({
      activity: activity({ totalPoints: 100, perMemberTimes: 2, perMemberPerDayTimes: 1 }),
      memberId: 9,
      localDate: '2026-11-28',
    });
    expect(buckets.map((b) => [b.key, b.refusal])).toEqual([
      ['day:9:2026-11-28', 'dailyLimit'],
      ['member:9', 'memberLimit'],
      ['total', 'budgetSpent'],
    ]);
  });

  it('a take fits while every counter stays within its limit, the limit itself included', () => {
    const [total] = bucketsOf({ activity: activity({ totalPoints: 100, totalCoupons: 3 }), memberId: 9, localDate: '2026-11-28' });
    expect(fitsBucket(total, { times: 7, points: 60, coupons: 2 }, { points: 40, coupons: 1 })).toBe(true);
    expect(fitsBucket(total, { times: 7, points: 60, coupons: 2 }, { points: 41, coupons: 1 })).toBe(false);
    expect(fitsBucket(total, { times: 7, points: 60, coupons: 2 }, { points: 0, coupons: 2 })).toBe(false);
  });

  it('award totals add points, coupons and gift units', () => {
    expect(
      awardTotals([
        { type: 'points', points: 5 },
        { type: 'coupon', templateId: 1, count: 2 },
        { type: 'points', points: 7 },
        { type: 'gift', goodsCode: 'G', quantity: 3 },
      ]),
    ).toEqual({ points: 12, coupons: 2, gifts: 3 });
  });
});
