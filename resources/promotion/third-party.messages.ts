import { defineMessages } from '../messages/bilingual';

/** Messages of third-party issuing (server/modules/activities/third-party) and of its detail's tab. */
export const thirdPartyMessages = defineMessages({
  'thirdCoupon.activityNotFound': ['第三方发券活动 {activityId} 不存在', 'The third-party issuing campaign {activityId} does not exist'],
  'thirdCoupon.notIssuer': ['只有活动指定的发券方应用可以调用此活动', 'Only the issuing application named by the campaign may call it'],
  'thirdCoupon.notRunning': ['第三方发券活动“{name}”当前不在进行中', 'The third-party issuing campaign "{name}" is not running now'],
  'thirdCoupon.outOfScope': [
    '该会员不在第三方发券活动“{name}”的适用范围内',
    'The member is outside the scope of the third-party issuing campaign "{name}"',
  ],
  'thirdCoupon.budgetSpent': ['第三方发券活动“{name}”的预算已用完', 'The third-party issuing campaign "{name}" has nothing left to give'],
  'thirdCoupon.memberLimit': [
    '该会员在第三方发券活动“{name}”的领取次数已达上限',
    'The member has reached the limit of the third-party issuing campaign "{name}"',
  ],
  'thirdCoupon.dailyLimit': [
    '该会员今天在第三方发券活动“{name}”的领取次数已达上限',
    'The member has reached today\'s limit of the third-party issuing campaign "{name}"',
  ],
  'thirdCoupon.quantityLabel': ['发券张数', 'Quantity'],
  'thirdCoupon.issueNotFound': [
    '活动“{name}”没有请求号为 {issueRequestNo} 的发券',
    'The campaign "{name}" issued nothing under request number {issueRequestNo}',
  ],
  'thirdCoupon.couponUsed': ['券 {code} 已使用，不能作废', 'Coupon {code} has been used and cannot be cancelled'],
  'thirdCoupon.alreadyCancelled': [
    '请求号 {issueRequestNo} 发的券已全部作废或过期',
    'The coupons of request number {issueRequestNo} are all cancelled or expired already',
  ],
  'thirdCoupon.tab': ['发券对账', 'Reconciliation'],
  'thirdCoupon.defaultReason': ['第三方作废', 'Cancelled by the issuer'],
});
