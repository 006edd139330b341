import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';

/** Goods full-amount coupon: the goods counted reaching an amount give the reward (once, or per multiple). */
export const goodsAmountCouponKind = defineActivityKind({
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
});
