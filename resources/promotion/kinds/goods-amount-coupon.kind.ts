import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { centsToString } from '../../money/cents';
import { fired, notMet, rewardAwards, scopedLines, sumCents } from './goods-scope';
import { cents, rewardOfRule } from './rule-reading';

/** Goods full-amount coupon: the goods counted reaching an amount give the reward (once, or per multiple). */
export const goodsAmountCouponKind = defineSaleKind(
  {
    value: 'GOODS_AMOUNT_COUPON',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['商品满额送券活动', 'Goods spend coupon campaign'],
    screens: { add: 'goods-amount-coupon-add', edit: 'goods-amount-coupon-add', dtl: 'goods-amount-coupon-dtl' },
    parts: ['goods', 'reward', 'schedule'],
    rule: {
      couponThresholdAmount: field.money({
        label: ['满金额(元)', 'From amount (yuan)'],
        required: true,
        min: 0.01,
        max: 99999999,
        width: 120,
      }),
      couponAmountRepeat: field.boolean({ label: ['每满一次送一次', 'Once per multiple'], defaultValue: false, inList: false }),
    },
  },
  {
    read: (rule, { goods }) => ({
      goods,
      thresholdCents: cents(rule.couponThresholdAmount),
      repeat: rule.couponAmountRepeat === true,
      reward: rewardOfRule(rule),
    }),
    // The amount of the goods in scope (every line, points or not) reaches the threshold; the reward
    // once, or once per whole threshold when `repeat`.
    evaluate: (rule, { basket }) => {
      const amount = sumCents(scopedLines(basket, rule.goods, false));
      if (rule.thresholdCents <= 0n || amount < rule.thresholdCents)
        return notMet('activities.reason.amountBelow', { amount: centsToString(amount) });
      const awards = rewardAwards(rule.reward, rule.repeat ? Number(amount / rule.thresholdCents) : 1);
      return awards.length > 0 ? fired(awards) : notMet('activities.reason.nothingToGive');
    },
  },
);
