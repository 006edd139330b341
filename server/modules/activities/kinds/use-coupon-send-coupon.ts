import { defineSaleKind } from './define-kind';
import { fired, notMet, rewardAwards } from './goods-scope';

/**
 * USE_COUPON_SEND_COUPON: the sale pays with a coupon of one of the listed templates (an empty
 * list: any coupon); the reward once per sale, however many such coupons paid.
 */
export const useCouponSendCoupon = defineSaleKind('USE_COUPON_SEND_COUPON', (rule, { facts }) => {
  const used = facts.payments.some(
    (payment) =>
      payment.method === 'COUPON' &&
      (rule.usedTemplateIds.length === 0 ||
        (payment.couponTemplateId !== undefined && rule.usedTemplateIds.includes(payment.couponTemplateId))),
  );
  if (!used) return notMet('activities.reason.noCouponUsed');
  const awards = rewardAwards(rule.reward, 1);
  return awards.length > 0 ? fired(awards) : notMet('activities.reason.nothingToGive');
});
