import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { claimRule, readClaimRule } from './claim';
import { int } from './rule-reading';

/**
 * Splash-screen coupons (开屏发券, issue 29 item 4, entry `precision-marketing`): a coupon set
 * offered to the members of a customer group when they open the app. A claim kind (`claim.ts`:
 * signed single-use claim token, stock = the coupon budget, per-member and per-day limits) with one
 * more rule: only members of the chosen group, as the group selects them at the claim, may claim.
 * The app asks `POST /v1/activities/splash-offer` what the member has now
 * (server/modules/activities/claims/README.md).
 */
export const openScreenCouponKind = defineActivityKind(
  {
    value: 'OPEN_SCREEN_COUPON',
    family: 'PRECISION_MARKETING',
    trigger: 'claim',
    title: ['开屏发券', 'Splash-screen coupons'],
    screens: { add: 'open-screen-coupon', edit: 'open-screen-coupon', dtl: 'open-screen-soupon-dtl' },
    parts: [],
    rule: {
      openScreenGroup: field.relation({
        label: ['目标客群', 'Customer group'],
        help: ['仅该客群的会员打开 App 时可领取', 'Only members of this group are offered the coupons when they open the app'],
        resource: 'customer-group',
        required: true,
        width: 160,
      }),
      ...claimRule,
    },
  },
  { read: (rule) => ({ ...readClaimRule(rule), groupId: int(rule.openScreenGroup) }) },
);
