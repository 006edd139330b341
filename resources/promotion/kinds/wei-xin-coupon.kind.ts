import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { claimRule, readClaimRule } from './claim';

/**
 * WeChat card coupon claim (微信卡券领券, issue 28 item 2): on its audit the campaign's coupon is
 * published as a WeChat card coupon through the channel gateway (server/modules/activities/claims/
 * wechat-card.publish.ts; WeChat not connected is recorded as such); members claim in WeChat (the
 * merchant's official-account page) with a claim token, as in the mini program, and the answer
 * names the WeChat card for the page to add to the member's card holder. Stock, window, limits:
 * `claim.ts`.
 */
export const weiXinCouponKind = defineActivityKind(
  {
    value: 'WEI_XIN_COUPON',
    family: 'WECHAT_RECEIVE_COUPON',
    trigger: 'claim',
    title: ['微信卡券领券', 'WeChat card coupon claim'],
    screens: { add: 'wei-xin-coupon', edit: 'wei-xin-coupon', dtl: 'wei-xin-coupon-dtl' },
    parts: [],
    // The card WeChat gave when the campaign was published (set by the server; empty while WeChat is not connected).
    fields: {
      wechatCardId: field.text({
        label: ['微信卡券ID', 'WeChat card id'],
        maxLength: 64,
        serverManaged: true,
        inForm: false,
        inList: false,
      }),
    },
    rule: claimRule,
  },
  { read: readClaimRule },
);
