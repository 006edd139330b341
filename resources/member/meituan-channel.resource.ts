import { defineResource, field } from '../define';
import { CHANNEL_ACCESS, platformAddress } from './channel-fields';

/**
 * The merchant's Meituan-Dianping open-platform application as the channel gateway uses it (美团
 * 接入, issue 27 §1): the AppKey and AppSecret that sign each request, the session the merchant's
 * authorisation gave, and the platform's address. Group-buy vouchers are checked, consumed and
 * cancelled through it. Without the AppKey, AppSecret and session the channel is not connected.
 */
export const meituanChannelResource = defineResource({
  name: 'meituan-channel',
  table: 'meituan_channels',
  title: ['美团开放平台接入', 'Meituan open platform'],
  route: { group: 'member', entry: 'meituan', screens: { settings: 'meituan-before' } },
  access: { read: [...CHANNEL_ACCESS.read], write: CHANNEL_ACCESS.write },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    appKey: field.text({ label: ['AppKey', 'AppKey'], maxLength: 64 }),
    appSecret: field.secret({ label: ['AppSecret', 'AppSecret'], maxLength: 128 }),
    session: field.secret({
      label: ['授权令牌(session)', 'Authorisation session'],
      help: ['商家在美团完成授权后得到的 session', 'The session Meituan gives once the merchant has authorised the application'],
      maxLength: 128,
    }),
    apiBaseUrl: platformAddress({ label: ['美团接口地址', 'Meituan API address'], defaultValue: 'https://openapi.dianping.com' }),
  },
  titleField: 'appKey',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
