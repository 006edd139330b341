import { field } from '../../define';
import { centsToString } from '../../money/cents';
import type { Award, SaleEvaluation } from '../activity-engine';
import { fired, notMet } from './goods-scope';
import { thresholdTiers } from './ladders';
import { ascendingBy, cents, tenths } from './rule-reading';

/**
 * The rule of the balance-payment promotions (issue 28 item 6): money off a payment made from a
 * member's stored value (`STORE_VALUE_PAY_REDUCE`, spend-and-save, and `STORE_VALUE_PAY_DISCOUNT`,
 * a rate, entry `member-balance-promotion`). Both share the caps and the stacking with coupons;
 * the spend-and-save kind takes off a fixed amount from the highest tier not above the bill, the
 * discount kind a rate of the bill from a threshold. The discount is rounded down to the cent
 * (never more than the rate), then held to the per-payment cap, then to what is left of the
 * member's cap (the engine's part: server/modules/activities/events/pay-discount.ts).
 */
const payCommon = {
  payOrderCap: field.money({
    label: ['每笔最多优惠(元)', 'Most off per payment (yuan)'],
    help: ['不填则不封顶', 'Empty: no cap'],
    emptyMeans: ['不封顶', 'No cap'],
    min: 0.01,
    max: 1_000_000,
  }),
  payMemberCap: field.money({
    label: ['每人累计最多优惠(元)', 'Most off per member (yuan)'],
    help: [
      '活动期间每位会员累计优惠上限（退款退回的部分不计），不填则不封顶',
      'Per member over the activity (discounts refunds took back do not count); empty: no cap',
    ],
    emptyMeans: ['不封顶', 'No cap'],
    min: 0.01,
    max: 100_000_000,
  }),
  payCouponStacking: field.enum({
    label: ['与优惠券', 'With coupons'],
    required: true,
    options: {
      STACK: { label: ['可与优惠券同享', 'Also with coupons'], color: 'green' },
      EXCLUSIVE: { label: ['不与优惠券同享', 'Not with coupons'], color: 'orange' },
    },
    defaultValue: 'STACK',
    width: 140,
  }),
} as const;

/** Spend-and-save: tiers of (bill from, money off). */
export const payReduceRule = {
  payTiers: thresholdTiers({
    label: ['满减档位', 'Spend-and-save tiers'],
    lines: ['档位', 'Tiers'],
    help: ['门槛从低到高；取不高于支付金额的最高一档', 'Thresholds rising; the highest tier not above the payment gives'],
    fields: {
      threshold: field.money({ label: ['支付满(元)', 'Payment from (yuan)'], required: true, min: 0.01, max: 99999999 }),
      off: field.money({ label: ['立减(元)', 'Money off (yuan)'], required: true, min: 0.01, max: 1_000_000 }),
    },
  }),
  ...payCommon,
} as const;

/** Discount: a rate (in 折, tenths of the bill paid) from a threshold. */
export const payDiscountRule = {
  payThreshold: field.money({
    label: ['支付满(元)', 'Payment from (yuan)'],
    help: ['0 表示任意金额', '0: any amount'],
    required: true,
    defaultValue: '0',
    min: 0,
    max: 99999999,
  }),
  payRate: field.decimal({
    label: ['折扣(折)', 'Discount (% paid)'],
    help: ['9.5 表示按支付金额的 95% 扣款', '95 means the member pays 95% of the payment (5% off)'],
    required: true,
    decimals: 1,
    asDiscount: true,
    min: 0.1,
    max: 9.9,
    width: 100,
  }),
  ...payCommon,
} as const;

/** One spend-and-save tier as the engine reads it. */
export interface PayTier {
  readonly thresholdCents: bigint;
  readonly offCents: bigint;
}

/** The rule as the engine reads it (both kinds' `read`): money in cents, the rate in hundredths paid. */
export interface PayDiscountRule {
  /** Spend-and-save tiers ascending (empty for the discount kind). */
  readonly tiers: readonly PayTier[];
  /** The discount kind: the threshold and the share paid in hundredths (9.5 折 = 95); null for spend-and-save. */
  readonly thresholdCents: bigint;
  readonly paidHundredths: number | null;
  readonly orderCapCents: bigint | null;
  readonly memberCapCents: bigint | null;
  /** Whether the payment may also have used coupons. */
  readonly withCoupons: boolean;
}

interface StoredPayCommon {
  readonly payOrderCap?: string | number | null;
  readonly payMemberCap?: string | number | null;
  readonly payCouponStacking?: string | null;
}

const optionalCents = (value: string | number | null | undefined): bigint | null =>
  value === null || value === undefined || value === '' ? null : cents(value);

const commonOf = (rule: StoredPayCommon) => ({
  orderCapCents: optionalCents(rule.payOrderCap),
  memberCapCents: optionalCents(rule.payMemberCap),
  withCoupons: rule.payCouponStacking !== 'EXCLUSIVE',
});

/** The spend-and-save kind's `read`. */
export function readPayReduceRule(
  rule: StoredPayCommon & {
    readonly payTiers?: { readonly tiers: readonly { readonly threshold: string | number; readonly off: string | number }[] | null } | null;
  },
): PayDiscountRule {
  const tiers = (rule.payTiers?.tiers ?? [])
    .map((t) => ({ thresholdCents: cents(t.threshold), offCents: cents(t.off) }))
    .sort(ascendingBy((t) => t.thresholdCents));
  return { tiers, thresholdCents: 0n, paidHundredths: null, ...commonOf(rule) };
}

/** The discount kind's `read`. */
export function readPayRateRule(
  rule: StoredPayCommon & { readonly payThreshold?: string | number | null; readonly payRate?: string | number | null },
): PayDiscountRule {
  return { tiers: [], thresholdCents: cents(rule.payThreshold), paidHundredths: tenths(rule.payRate), ...commonOf(rule) };
}

/** The award of money off a payment (yuan as exact text). */
export const discountAward = (offCents: bigint): Award => ({ type: 'discount', amount: centsToString(offCents) });

/**
 * What a payment of `amountCents` is given off under a rule (pure), before the member's cap: the
 * highest tier's money off (never more than the payment), or the rate's, rounded down to the cent;
 * then the per-payment cap. `couponsUsed`: the payment's bill used coupons.
 */
export function payDiscountEvaluation(rule: PayDiscountRule, input: { amountCents: bigint; couponsUsed: boolean }): SaleEvaluation {
  const { amountCents } = input;
  if (input.couponsUsed && !rule.withCoupons) return notMet('activities.reason.notWithCoupons');
  let off = 0n;
  if (rule.paidHundredths === null) {
    let tier: PayTier | null = null;
    for (const t of rule.tiers) if (t.thresholdCents <= amountCents) tier = t;
    if (!tier) return notMet('activities.reason.amountBelow', { amount: centsToString(amountCents) });
    off = tier.offCents;
  } else {
    if (amountCents < rule.thresholdCents) return notMet('activities.reason.amountBelow', { amount: centsToString(amountCents) });
    off = (amountCents * BigInt(100 - rule.paidHundredths)) / 100n;
  }
  if (rule.orderCapCents !== null && off > rule.orderCapCents) off = rule.orderCapCents;
  // A payment is never taken below one cent.
  if (off >= amountCents) off = amountCents - 1n;
  return off > 0n ? fired([discountAward(off)]) : notMet('activities.reason.nothingToGive');
}

/**
 * The most one member can be given off by a rule, in cents (the approval rule): the member's cap,
 * else the per-payment cap or the largest tier times the member's times; null when unbounded.
 */
export function payDiscountMostPerMember(rule: PayDiscountRule, perMemberTimes: number | null): bigint | null {
  if (rule.memberCapCents !== null) return rule.memberCapCents;
  const perPayment = rule.paidHundredths === null ? rule.tiers.reduce((m, t) => (t.offCents > m ? t.offCents : m), 0n) : rule.orderCapCents;
  if (perPayment === null || perMemberTimes === null) return null;
  return perPayment * BigInt(perMemberTimes);
}
