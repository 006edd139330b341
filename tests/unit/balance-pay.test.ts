import { describe, expect, it } from 'vitest';
import {
  payDiscountEvaluation,
  payDiscountMostPerMember,
  readPayRateRule,
  readPayReduceRule,
} from '../../resources/promotion/kinds/balance-pay';

/** The pure rule of the balance-payment offers (resources/promotion/kinds/balance-pay.ts). */
describe('balance-payment offers', () => {
  const reduce = readPayReduceRule({
    payTiers: {
      tiers: [
        { threshold: '200', off: '30' },
        { threshold: 100, off: 10 },
      ],
    },
    payCouponStacking: 'EXCLUSIVE',
  });
  const rate = readPayRateRule({ payThreshold: 50, payRate: '9.5', payOrderCap: '8' });
  const off = (evaluation: ReturnType<typeof payDiscountEvaluation>) =>
    evaluation.fired ? (evaluation.awards[0] as { amount: string }).amount : null;

  it('reads tiers ascending, the rate in hundredths paid, the caps and the stacking', () => {
    expect(reduce.tiers.map((t) => t.thresholdCents)).toEqual([10000n, 20000n]);
    expect(reduce).toMatchObject({ paidHundredths: null, withCoupons: false, orderCapCents: null, memberCapCents: null });
    expect(rate).toMatchObject({ thresholdCents: 5000n, paidHundredths: 95, orderCapCents: 800n, withCoupons: true });
  });

  it('takes the highest tier not above the payment off', () => {
    expect(off(payDiscountEvaluation(reduce, { amountCents: 9999n, couponsUsed: false }))).toBeNull();
    expect(off(payDiscountEvaluation(reduce, { amountCents: 10000n, couponsUsed: false }))).toBe('10.00');
    expect(off(payDiscountEvaluation(reduce, { amountCents: 25000n, couponsUsed: false }))).toBe('30.00');
    expect(payDiscountEvaluation(reduce, { amountCents: 25000n, couponsUsed: true }).reason?.key).toBe('activities.reason.notWithCoupons');
  });

  it('takes the rate off from the threshold, rounded down to the cent, within the per-payment cap', () => {
    expect(off(payDiscountEvaluation(rate, { amountCents: 4999n, couponsUsed: true }))).toBeNull();
    expect(off(payDiscountEvaluation(rate, { amountCents: 9999n, couponsUsed: true }))).toBe('4.99');
    expect(off(payDiscountEvaluation(rate, { amountCents: 100000n, couponsUsed: true }))).toBe('8.00');
  });

  it('measures the most per member for the approval rule: the member cap, else per payment × times, else unbounded', () => {
    expect(payDiscountMostPerMember({ ...rate, memberCapCents: 5000n }, null)).toBe(5000n);
    expect(payDiscountMostPerMember(rate, 10)).toBe(8000n);
    expect(payDiscountMostPerMember(reduce, 3)).toBe(9000n);
    expect(payDiscountMostPerMember({ ...rate, orderCapCents: null }, 10)).toBeNull();
    expect(payDiscountMostPerMember(reduce, null)).toBeNull();
  });
});
