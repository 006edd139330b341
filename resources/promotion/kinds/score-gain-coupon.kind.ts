import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { int, rewardOfRule } from './rule-reading';

/** Points for coupons: a member spends points and gets the reward's coupons. */
export const scoreGainCouponKind = defineActivityKind(
  {
    value: 'SCORE_GAIN_COUPON',
    family: 'SCORE_ACTIVITY',
    trigger: 'exchange',
    title: ['积分换券活动', 'Points-for-coupon campaign'],
    // Its own list (积分换券活动), beside the entry's list of every points campaign; one form adds and edits.
    screens: {
      list: 'score-gain-coupon',
      add: 'score-exchange-coupon-add',
      edit: 'score-exchange-coupon-add',
      dtl: 'score-gain-coupon-dtl',
    },
    parts: ['reward'],
    rule: {
      couponPointsCost: field.integer({ label: ['所需积分', 'Points needed'], required: true, min: 1, max: 100_000_000, width: 110 }),
    },
  },
  {
    read: (rule) => ({ pointsCost: int(rule.couponPointsCost), reward: rewardOfRule(rule) }),
  },
);
