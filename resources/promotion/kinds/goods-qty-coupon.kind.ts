import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { fired, notMet, rewardAwards, scopedLines, sumQuantity } from './goods-scope';
import { int, rewardOfRule } from './rule-reading';

/** Goods full-quantity coupon: the units of goods counted reaching a number give the reward. */
export const goodsQtyCouponKind = defineSaleKind(
  {
    value: 'GOODS_QTY_COUPON',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['商品满件送券活动', 'Goods quantity coupon campaign'],
    screens: { add: 'goods-qty-coupon-add', edit: 'goods-qty-coupon-add', dtl: 'goods-qty-coupon-dtl' },
    parts: ['goods', 'reward', 'schedule'],
    rule: {
      couponThresholdQuantity: field.integer({ label: ['满件数', 'From units'], required: true, min: 1, max: 100000, width: 100 }),
      couponQuantityRepeat: field.boolean({ label: ['每满一次送一次', 'Once per multiple'], defaultValue: false, inList: false }),
    },
  },
  {
    read: (rule, { goods }) => ({
      goods,
      thresholdQuantity: int(rule.couponThresholdQuantity, 1),
      repeat: rule.couponQuantityRepeat === true,
      reward: rewardOfRule(rule),
    }),
    // The quantity of the goods in scope reaches the threshold; the reward once, or once per whole threshold when `repeat`.
    evaluate: (rule, { basket }) => {
      const quantity = sumQuantity(scopedLines(basket, rule.goods, false));
      if (rule.thresholdQuantity <= 0 || quantity < rule.thresholdQuantity) return notMet('activities.reason.quantityBelow', { quantity });
      const awards = rewardAwards(rule.reward, rule.repeat ? Math.floor(quantity / rule.thresholdQuantity) : 1);
      return awards.length > 0 ? fired(awards) : notMet('activities.reason.nothingToGive');
    },
  },
);
