import { defineMessages } from '../messages/bilingual';

/** Messages of the coupon claims (resources/promotion/kinds/claim.ts, server/modules/activities/claims). */
export const claimMessages = defineMessages({
  'activity.claimStockRequired': ['领券活动请设置库存（赠券总预算）', 'Set the stock of a claim campaign (its coupon budget)'],
  'activity.claimStockBelowSet': ['库存不能少于每次领取张数（{count} 张）', 'The stock must hold at least one claim ({count} coupons)'],
  'claims.activityNotFound': ['领券活动 {activityId} 不存在', 'The claim campaign {activityId} does not exist'],
  'claims.memberNotFound': ['会员 {memberId} 不存在', 'The member {memberId} does not exist'],
  'claims.closed': ['领券活动“{name}”当前不在领取时间内', 'The claim campaign "{name}" is not open for claims now'],
  'claims.outOfScope': ['该会员不在领券活动“{name}”的适用范围内', 'The member is outside the scope of the claim campaign "{name}"'],
  'claims.notInGroup': ['该会员不在活动“{name}”的目标客群中', 'The member is not in the customer group of "{name}"'],
  'claims.tokenInvalid': ['领券凭证无效', 'The claim token is not valid'],
  'claims.tokenExpired': ['领券凭证已过期，请重新获取', 'The claim token has expired; get a new one'],
  'claims.tokenOtherMember': ['该领券凭证不属于此会员', 'This claim token belongs to another member'],
  'claims.tokenUsed': ['该领券凭证已使用过', 'This claim token has been used already'],
  'claims.budgetSpent': ['领券活动“{name}”的券已领完', 'The coupons of the claim campaign "{name}" are all claimed'],
  'claims.memberLimit': ['该会员领取“{name}”的次数已达上限', 'The member has reached the claim limit of "{name}"'],
  'claims.dailyLimit': ['该会员今天领取“{name}”的次数已达上限', 'The member has reached today\'s claim limit of "{name}"'],
});
