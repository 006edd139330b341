import { defineDomain } from '../domain-manifest';
import { alipayQrCodeRoutes } from './alipay-qr-code.routes';
import { channelCallsSource } from './channel-calls.source';
import { channelsRoutes } from './channels.routes';
import { meituanVoucherRoutes } from './meituan-voucher.routes';
import { meituanVouchersSource } from './meituan-vouchers.source';
import { memberCardHooks } from './member-card.hooks';
import { memberChannelIdentityHooks } from './member-channel-identity.hooks';
import { wechatAuthorizeRoutes } from './wechat-authorize.routes';
import { wechatCardBindRoutes } from './wechat-card-bind.routes';
import { wechatMemberCodeHooks } from './wechat-member-code.hooks';
import { wechatPayRuleHooks } from './wechat-pay-rule.hooks';
import { wechatPushRoutes } from './wechat-push.routes';

/**
 * The channel gateway (issue 27 §1): every call to WeChat, Alipay, Meituan, SMS and app push
 * through one typed interface per channel, recorded and shown (README.md).
 */
export const channelsDomain = defineDomain({
  name: 'channels',
  plugins: [
    { name: 'channels', plugin: channelsRoutes },
    { name: 'alipay-qr-code', plugin: alipayQrCodeRoutes },
    { name: 'wechat-authorize', plugin: wechatAuthorizeRoutes },
    { name: 'wechat-push', plugin: wechatPushRoutes },
    { name: 'wechat-card-bind', plugin: wechatCardBindRoutes },
    { name: 'meituan-voucher', plugin: meituanVoucherRoutes },
  ],
  views: [channelCallsSource, meituanVouchersSource],
  hooks: [memberCardHooks, memberChannelIdentityHooks, wechatPayRuleHooks, wechatMemberCodeHooks],
});
