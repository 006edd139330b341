import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';

/** Goods full-quantity coupon: the units of goods counted reaching a number give the reward. */
export const goodsQtyCouponKind = defineActivityKind({
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
});
