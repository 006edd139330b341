import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { fired, notMet, rewardAwards } from './goods-scope';
import { ids, rewardOfRule } from './rule-reading';

/** A sale paid with a coupon of the listed templates gets the reward. */
export const useCouponSendCouponKind = defineSaleKind(
  {
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
  },
  {
    read: (rule) => ({ usedTemplateIds: ids(rule.usedCouponTemplates), reward: rewardOfRule(rule) }),
    // The sale pays with a coupon of one of the listed templates (an empty list: any coupon); the
    // reward once per sale, however many such coupons paid.
    evaluate: (rule, { facts }) => {
      const used = facts.payments.some(
        (payment) =>
          payment.method === 'COUPON' &&
          (rule.usedTemplateIds.length === 0 ||
            (payment.couponTemplateId !== undefined && rule.usedTemplateIds.includes(payment.couponTemplateId))),
      );
      if (!used) return notMet('activities.reason.noCouponUsed');
      const awards = rewardAwards(rule.reward, 1);
      return awards.length > 0 ? fired(awards) : notMet('activities.reason.nothingToGive');
    },
  },
);
