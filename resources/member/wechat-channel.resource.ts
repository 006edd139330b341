import { defineResource, field } from '../define';
import { CHANNEL_ACCESS, platformAddress, WECHAT_APP_ID } from './channel-fields';

/**
 * The merchant's WeChat official account as the channel gateway uses it (微信接入, issue 27 §1):
 * the AppID and AppSecret the account's developer settings show, and the API's address. Without
 * both the channel is not connected: the gateway records what it would have sent
 * (server/modules/channels). The AppSecret is a `secret` field, never answered in clear. Filled
 * on the WeChat setup screen.
 *
 * The official account's authorisation (wechat-authorize-before / -after) goes through the
 * merchant's WeChat Open Platform third-party platform: its AppID, AppSecret and latest verify
 * ticket give the component token; the authorisation the account gave (its AppID, when, the
 * permission sets) is stored here by the callback (server/modules/channels/wechat-authorize.routes.ts).
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
      pattern: WECHAT_APP_ID,
    }),
    appSecret: field.secret({ label: ['开发者密码(AppSecret)', 'AppSecret'], maxLength: 64 }),
    apiBaseUrl: platformAddress({ label: ['微信接口地址', 'WeChat API address'], defaultValue: 'https://api.weixin.qq.com' }),
    componentAppId: field.text({
      label: ['第三方平台AppID', 'Third-party platform AppID'],
      help: [
        '代为授权公众号的微信开放平台第三方平台（component_appid）',
        'The WeChat Open Platform third-party platform the official account authorises (component_appid)',
      ],
      maxLength: 18,
      pattern: WECHAT_APP_ID,
    }),
    componentAppSecret: field.secret({ label: ['第三方平台AppSecret', 'Third-party platform AppSecret'], maxLength: 64 }),
    messageToken: field.secret({
      label: ['消息校验Token', 'Message verification token'],
      help: [
        '微信推送的签名用它校验：与第三方平台（或公众号“服务器配置”）中填写的 Token 相同',
        'WeChat’s pushes are signed with it: the same token as in the third-party platform (or the account’s server configuration)',
      ],
      maxLength: 32,
      pattern: {
        regex: '^[A-Za-z0-9]{3,32}$',
        message: ['Token 为 3 到 32 位字母或数字', 'The token is 3 to 32 letters or digits'],
      },
    }),
    encodingAesKey: field.secret({
      label: ['消息加解密Key(EncodingAESKey)', 'Message encryption key (EncodingAESKey)'],
      help: [
        '微信推送的消息用它加密（安全模式）：与第三方平台（或公众号“服务器配置”）中的 43 位 EncodingAESKey 相同。要填写的接收地址见“公众号授权”页',
        'WeChat encrypts its pushes with it (safe mode): the same 43-character EncodingAESKey as in the third-party platform (or the account’s server configuration). The addresses to enter are on the authorisation page',
      ],
      maxLength: 43,
      pattern: {
        regex: '^[A-Za-z0-9]{43}$',
        message: ['EncodingAESKey 为 43 位字母或数字', 'An EncodingAESKey is 43 letters or digits'],
      },
    }),
    componentVerifyTicket: field.secret({
      label: ['验证票据(component_verify_ticket)', 'Verify ticket (component_verify_ticket)'],
      help: [
        '微信每 10 分钟推送到授权事件接收地址（见“公众号授权”页），收到即自动更新；接收地址未配置时可手工填写',
        'WeChat pushes it every 10 minutes to the authorisation event address (on the authorisation page), which updates it; enter it by hand only while that address is not set up',
      ],
      maxLength: 200,
    }),
    bindSmsTemplate: field.text({
      label: ['绑定验证码短信模板', 'Binding code SMS template'],
      help: [
        '会员在绑定页（跳转商户页面激活、自动激活后绑定）收到的验证码短信：短信服务中审核通过的模板编号，模板变量为 ${code}',
        'The text a member gets on the binding page (activation on the merchant’s page, binding after automatic activation): the code of a template approved by the SMS service, its variable ${code}',
      ],
      maxLength: 32,
      pattern: { regex: '^SMS_\\d{3,20}$', message: ['模板编号形如 SMS_123456789', 'A template code looks like SMS_123456789'] },
    }),
    authorizePageUrl: platformAddress({
      label: ['微信授权页地址', 'WeChat authorisation page'],
      defaultValue: 'https://mp.weixin.qq.com/cgi-bin/componentloginpage',
    }),
    authorizerAppId: field.text({
      label: ['已授权公众号AppID', 'Authorised account AppID'],
      maxLength: 32,
      serverManaged: true,
      inForm: false,
    }),
    authorizedAt: field.datetime({ label: ['授权时间', 'Authorised at'], serverManaged: true, inForm: false }),
    authorizedScopes: field.text({
      label: ['授权的权限集', 'Permissions granted'],
      help: ['公众号授权给第三方平台的权限集编号', 'The numbers of the permission sets the account granted to the platform'],
      maxLength: 300,
      serverManaged: true,
      inForm: false,
    }),
  },
  titleField: 'appId',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
