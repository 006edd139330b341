import { defineMessages } from '../messages/bilingual';

/** Messages of the activity hooks (server/modules/activities/activity.hooks.ts). */
export const activityMessages = defineMessages({
  'activity.dayTimeOrder': ['时段的开始与结束不能相同', 'A time window must not start and end at the same time'],
  'activity.dayTimeOverlap': ['时段不能重叠', 'Time windows must not overlap'],
  'activity.tiersAscending': ['阶梯门槛必须从低到高且不重复', 'Step thresholds must rise, each above the one before'],
  'activity.scopeEmpty': ['请至少指定一个商品、品类或品牌', 'List at least one product, category or brand'],
  'activity.couponTemplateNotEffective': ['券模板“{name}”未生效或已停止', 'The coupon template "{name}" is not effective'],
  'activity.rewardEmpty': ['请设置赠送积分或赠送券', 'Give points, a coupon or both'],
  'activity.pointsRequired': ['赠送积分必须大于 0', 'The points given must be above 0'],
  'activity.couponRequired': ['请选择赠送的券', 'Choose the coupon given'],
  'activity.kindNotInEntry': ['该活动类型不属于“{entry}”', 'This kind does not belong to "{entry}"'],
  'activity.topUpCouponRequired': ['档位赠券时请选择赠送的券', 'Choose the coupon given, since a tier gives coupons'],
  'activity.topUpTierEmpty': ['该档位没有赠送任何东西', 'This tier gives nothing'],
  'activity.payOffNotBelowThreshold': ['立减金额须小于该档位的支付门槛', "The money off must be less than the tier's payment threshold"],
  'activity.cardSaleTierEmpty': ['该档位没有任何优惠或赠卡', 'This tier gives no discount and no bonus card'],
  'activity.cardSaleTiersRise': [
    '档位的满张数和满金额须不低于上一档，且至少一项更高',
    'A tier’s cards and amount may not be below the tier before, and one of them must be higher',
  ],
  'activity.cardSaleBonusRequired': ['档位赠卡时请选择赠送卡模板', 'Choose the bonus card template, since a tier gives bonus cards'],
  'activity.kindForbidden': ['没有维护该类活动的权限', 'You may not maintain activities of this kind'],
});
