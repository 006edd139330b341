import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { cents, int } from './rule-reading';

/**
 * Third-party issuing (第三方发券活动, issue 28 item 1): a partner's application issues the
 * activity's coupons to members through the API, and cancels what it issued, each call once by
 * the partner's own request number (server/modules/activities/third-party/README.md). The
 * activity names the one application that may call it, the coupon template, how many coupons one
 * request may ask for, and the settlement price the partner pays per coupon (what reconciliation
 * compares). The shared budget caps the coupons and the times per member.
 */
export const thirdPartyIssueKind = defineActivityKind(
  {
    value: 'THIRD_PARTY_ISSUE',
    family: 'THIRD_COUPON',
    trigger: 'thirdParty',
    title: ['第三方发券活动', 'Third-party issuing campaign'],
    screens: { add: 'third-party-issue-coupon', edit: 'third-party-issue-coupon', dtl: 'third-party-issue-coupon-dtl' },
    parts: [],
    rule: {
      thirdApplication: field.relation({
        label: ['发券方应用', 'Issuing application'],
        help: ['只有此应用的密钥能通过接口发券和作废券', "Only this application's keys may issue and cancel its coupons through the API"],
        resource: 'application',
        required: true,
        width: 160,
      }),
      // Effective templates only: the activity's hook refuses any other (activity.couponTemplateNotEffective).
      thirdTemplate: field.relation({
        label: ['发放券', 'Coupon issued'],
        resource: 'coupon-template',
        required: true,
        width: 160,
        pickable: { field: 'state', in: ['EFFECTIVE'] },
      }),
      thirdMaxPerRequest: field.integer({
        label: ['每次请求最多张数', 'Most coupons per request'],
        required: true,
        defaultValue: 1,
        min: 1,
        max: 100,
        width: 110,
      }),
      thirdSettlementPrice: field.money({
        label: ['结算价(元/张)', 'Settlement price (yuan per coupon)'],
        help: ['发券方为每张券向商户结算的金额', 'What the issuer settles with the merchant per coupon'],
        required: true,
        defaultValue: '0',
        min: 0,
        max: 1_000_000,
        width: 120,
      }),
    },
  },
  {
    read: (rule) => ({
      applicationId: int(rule.thirdApplication),
      couponTemplateId: int(rule.thirdTemplate),
      maxPerRequest: int(rule.thirdMaxPerRequest, 1),
      settlementCents: cents(rule.thirdSettlementPrice),
    }),
  },
);
