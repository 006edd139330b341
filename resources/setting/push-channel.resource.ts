import { defineResource, field } from '../define';
import { platformAddress } from '../member/channel-fields';

/**
 * The merchant's app push account (推送接入, issue 27 §1) at JPush (极光推送): the application's
 * AppKey and Master Secret (a `secret` field) that authorise each request of its REST API v3
 * (HTTP Basic), the API's address, and whether iOS notifications go through Apple's production
 * environment. A push reaches the member's installation by its alias (the member code the app
 * registers). Without the AppKey and the Master Secret the channel is not connected.
 */
export const pushChannelResource = defineResource({
  name: 'push-channel',
  table: 'push_channels',
  title: ['推送接入', 'App push account'],
  route: { group: 'setting', entry: 'channel', screens: { settings: 'channel-push' } },
  access: { read: ['view'], write: 'configure' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    appKey: field.text({
      label: ['AppKey', 'AppKey'],
      help: [
        '极光推送控制台中应用的 AppKey，24 位十六进制字符',
        "The application's AppKey in the JPush console, 24 hexadecimal characters",
      ],
      pattern: {
        regex: '^[0-9a-fA-F]{24}$',
        message: ['AppKey 为 24 位十六进制字符', 'An AppKey is 24 hexadecimal characters'],
      },
    }),
    masterSecret: field.secret({
      label: ['Master Secret', 'Master secret'],
      help: [
        '未填写 AppKey 和 Master Secret 时推送渠道未接入：不会发送任何推送，只记录本应发送的内容',
        'Without the AppKey and the Master secret app push is not connected: nothing is sent, only recorded as it would have been',
      ],
      maxLength: 64,
    }),
    apiBaseUrl: platformAddress({ label: ['推送服务地址', 'Push service address'], defaultValue: 'https://api.jpush.cn' }),
    apnsProduction: field.boolean({
      label: ['iOS 生产环境', 'iOS production'],
      help: [
        '开启后 iOS 通知经苹果生产环境发送（App Store 版本）；关闭则经开发环境',
        'On: iOS notifications go through Apple’s production environment (App Store builds); off: its development one',
      ],
      defaultValue: true,
    }),
  },
  titleField: 'appKey',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
