import { defineResource, field } from '../define';
import { CHANNEL_ACCESS } from './channel-fields';

/**
 * A member's identity on an outside channel (渠道身份, issue 27 §5): the WeChat openid (with the
 * unionid when the official account is bound to an open platform), the Alipay user id, the
 * Meituan mobile. One per member per channel, and an identity names one member only: a second
 * member with the same openid, or a second WeChat identity for one member, is refused with 400
 * naming the field (server/modules/channels/member-channel-identity.hooks.ts; the unique keys
 * hold it against races). Shown on the member detail as a related list.
 */
export const memberChannelIdentityResource = defineResource({
  name: 'member-channel-identity',
  table: 'member_channel_identities',
  title: ['会员渠道身份', 'Member channel identity'],
  route: { group: 'member', entry: 'channel-identity', screens: { list: 'channel-identity' } },
  access: { read: [...CHANNEL_ACCESS.read], write: CHANNEL_ACCESS.write },
  scope: 'tenant',
  fields: {
    member: field.relation({
      label: ['会员', 'Member'],
      resource: 'member',
      required: true,
      filter: 'eq',
      readOnlyAfterCreate: true,
      width: 160,
    }),
    channel: field.enum({
      label: ['渠道', 'Channel'],
      options: {
        WECHAT: { label: ['微信', 'WeChat'], color: 'green' },
        ALIPAY: { label: ['支付宝', 'Alipay'], color: 'blue' },
        MEITUAN: { label: ['美团', 'Meituan'], color: 'gold' },
      },
      required: true,
      filter: 'eq',
      readOnlyAfterCreate: true,
      width: 100,
    }),
    externalId: field.text({
      label: ['渠道用户标识', 'Channel user id'],
      help: ['微信 openid、支付宝用户 ID 或美团手机号', 'The WeChat openid, the Alipay user id or the Meituan mobile'],
      required: true,
      maxLength: 64,
      searchable: true,
      filter: 'prefix',
      width: 240,
    }),
    unionId: field.text({
      label: ['微信 unionid', 'WeChat unionid'],
      maxLength: 64,
      when: { field: 'channel', in: ['WECHAT'] },
      width: 240,
    }),
    // Unique keys the hooks fill: one identity per channel and id, one per member and channel.
    identityKey: field.text({
      label: ['身份键', 'Identity key'],
      maxLength: 80,
      unique: true,
      serverManaged: true,
      inList: false,
      inDetail: false,
      inForm: false,
    }),
    memberChannelKey: field.text({
      label: ['会员渠道键', 'Member channel key'],
      maxLength: 40,
      unique: true,
      serverManaged: true,
      inList: false,
      inDetail: false,
      inForm: false,
    }),
  },
  titleField: 'externalId',
  list: { columns: ['member', 'channel', 'externalId', 'unionId'], defaultSort: { field: 'id', order: 'desc' } },
});
