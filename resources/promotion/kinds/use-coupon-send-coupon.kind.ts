import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';

/** A sale paid with a coupon of the listed templates gets the reward. */
export const useCouponSendCouponKind = defineActivityKind({
  value: 'USE_COUPON_SEND_COUPON',
  family: 'COUPON_ACTIVE',
  trigger: 'sale',
  title: ['用券送券活动', 'Coupon-use reward campaign'],
  screens: { add: 'use-coupon-send-coupon-add', edit: 'use-coupon-send-coupon-add', dtl: 'use-coupon-send-coupon-dtl' },
  parts: ['reward', 'schedule'],
  rule: {
    usedCouponTemplates: field.relation({
      label: ['使用的券', 'Coupons used'],
      help: ['用其中任一模板的券支付即送', 'Paying with a coupon of any of them gives the reward'],
      resource: 'coupon-template',
      multiple: true,
      required: true,
      inList: false,
    }),
  },
});
