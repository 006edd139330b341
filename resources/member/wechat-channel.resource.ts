import { defineResource, field } from '../define';
import { CHANNEL_ACCESS, platformAddress } from './channel-fields';

/**
 * The merchant's WeChat official account as the channel gateway uses it (微信接入, issue 27 §1):
 * the AppID and AppSecret the account's developer settings show, and the API's address. Without
 * both the channel is not connected: the gateway records what it would have sent
 * (server/modules/channels). The AppSecret is a `secret` field, never answered in clear. Filled
 * on the WeChat setup screen.
 */
export const wechatChannelResource = defineResource({
  name: 'wechat-channel',
  table: 'wechat_channels',
  title: ['微信公众号接入', 'WeChat official account'],
  route: { group: 'member', entry: 'wechat', screens: { settings: 'wechat-init' } },
  access: { read: [...CHANNEL_ACCESS.read], write: CHANNEL_ACCESS.write },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    appId: field.text({
      label: ['开发者ID(AppID)', 'AppID'],
      help: ['公众号“设置与开发 › 基本配置”中的 AppID', 'The AppID under Settings and development › Basic configuration'],
      maxLength: 18,
      pattern: { regex: '^wx[0-9a-f]{16}$', message: ['AppID 为 wx 加 16 位十六进制字符', 'An AppID is wx and 16 hexadecimal characters'] },
    }),
    appSecret: field.secret({ label: ['开发者密码(AppSecret)', 'AppSecret'], maxLength: 64 }),
    apiBaseUrl: platformAddress({ label: ['微信接口地址', 'WeChat API address'], defaultValue: 'https://api.weixin.qq.com' }),
  },
  titleField: 'appId',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
