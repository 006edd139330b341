import { defineActivityKind } from '../activity-kind';
import { claimRule, readClaimRule } from './claim';

/**
 * Mini-program coupon claim (小程序领券, issue 28 item 2): members claim a set of coupons in the
 * mini program, which calls `POST /v1/activities/claim` with a claim token
 * (server/modules/activities/claims/README.md). Stock, window and limits: `claim.ts`.
 */
export const miniProgramGainCouponKind = defineActivityKind(
  {
    value: 'MINI_PROGRAM_GAIN_COUPON',
    family: 'WECHAT_RECEIVE_COUPON',
    trigger: 'claim',
    title: ['小程序领券', 'Mini-program coupon claim'],
    screens: { add: 'mini-program-gain-coupon', edit: 'mini-program-gain-coupon', dtl: 'mini-program-gain-coupon-dtl' },
    parts: [],
    rule: claimRule,
  },
  { read: readClaimRule },
);
