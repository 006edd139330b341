import { alipayChannel, type AlipayChannel } from './alipay.channel';
import type { CallContext } from './channel-gateway';
import { meituanChannel, type MeituanChannel } from './meituan.channel';
import { pushChannel, type PushChannel } from './push.channel';
import { smsChannel, type SmsChannel } from './sms.channel';
import { wechatChannel, type WechatChannel } from './wechat.channel';
import { wechatComponentChannel, type WechatComponentChannel } from './wechat-component.channel';

/** Every outside channel of a merchant, each with its typed interface. */
export interface ChannelGateway {
  readonly wechat: WechatChannel;
  /** The official account's authorisation through the merchant's third-party platform. */
  readonly wechatComponent: WechatComponentChannel;
  readonly alipay: AlipayChannel;
  readonly meituan: MeituanChannel;
  readonly sms: SmsChannel;
  readonly push: PushChannel;
}

/**
 * The channel gateway of a merchant: what every module that reaches WeChat, Alipay, Meituan, SMS
 * or app push calls (the console's channel screens, coupon distribution, precision marketing).
 * Each channel's settings are read once here; every call is recorded under `ctx`.
 */
export async function channelGateway(ctx: CallContext): Promise<ChannelGateway> {
  const [wechat, wechatComponent, alipay, meituan, sms, push] = await Promise.all([
    wechatChannel(ctx),
    wechatComponentChannel(ctx),
    alipayChannel(ctx),
    meituanChannel(ctx),
    smsChannel(ctx),
    pushChannel(ctx),
  ]);
  return { wechat, wechatComponent, alipay, meituan, sms, push };
}
