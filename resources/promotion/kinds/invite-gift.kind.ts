import { rewardFields } from '../activity-parts';
import { defineActivityKind } from '../activity-kind';
import { rewardOf, rewardOfRule } from './rule-reading';

const invitee = rewardFields('invitee', {
  points: ['被邀请人积分', 'Invitee points'],
  coupon: ['被邀请人赠券', 'Invitee coupon'],
  count: ['被邀请人赠券张数', 'Invitee coupons'],
});

/** Referral gift: the inviter (the shared reward) and the invitee (its own) each rewarded once, when the invitee registers. */
export const inviteGiftKind = defineActivityKind(
  {
    value: 'INVITE_GIFT',
    family: 'INVITE_GIFT',
    trigger: 'memberEvent',
    title: ['邀请有礼', 'Referral gift'],
    screens: { add: 'invite-send-gift', edit: 'invite-send-gift', dtl: 'invite-send-gift-dtl' },
    parts: ['reward'],
    rule: invitee,
  },
  {
    read: (rule) => ({
      inviter: rewardOfRule(rule),
      invitee: rewardOf(rule.inviteePoints, rule.inviteeCouponTemplate, rule.inviteeCouponCount),
    }),
  },
);
