import { defineResource, field } from '../define';
import { CHANNEL_ACCESS, platformAddress } from './channel-fields';

/**
 * The merchant's Alipay open-platform application as the channel gateway uses it (支付宝接入,
 * issue 27 §1): its APPID, the application's private key (RSA2, a `secret` field) that signs
 * every request, Alipay's public key that the answers are verified with, and the gateway's
 * address. Without the APPID and the private key the channel is not connected.
 */
export const alipayChannelResource = defineResource({
  name: 'alipay-channel',
  table: 'alipay_channels',
  title: ['支付宝应用接入', 'Alipay application'],
  route: { group: 'member', entry: 'alipay', screens: { settings: 'alipay' } },
  access: { read: [...CHANNEL_ACCESS.read], write: CHANNEL_ACCESS.write },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    appId: field.text({
      label: ['应用ID(APPID)', 'APPID'],
      maxLength: 16,
      pattern: { regex: '^[0-9]{16}$', message: ['APPID 为 16 位数字', 'An APPID is 16 digits'] },
    }),
    appPrivateKey: field.secret({
      label: ['应用私钥(RSA2)', 'Application private key (RSA2)'],
      help: ['PKCS#1 或 PKCS#8，可带或不带 PEM 首尾行', 'PKCS#1 or PKCS#8, with or without the PEM header lines'],
      maxLength: 4000,
    }),
    alipayPublicKey: field.longText({
      label: ['支付宝公钥', 'Alipay public key'],
      help: ['用于验证支付宝应答的签名', 'Verifies the signature of Alipay’s answers'],
      maxLength: 1000,
    }),
    gatewayUrl: platformAddress({
      label: ['支付宝网关地址', 'Alipay gateway address'],
      defaultValue: 'https://openapi.alipay.com/gateway.do',
    }),
  },
  titleField: 'appId',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
