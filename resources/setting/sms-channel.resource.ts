import { defineResource, field } from '../define';
import { platformAddress } from '../member/channel-fields';

const hour = (label: readonly [string, string], defaultValue: number) =>
  field.integer({ label: [label[0], label[1]], required: true, min: 0, max: 23, defaultValue });

/**
 * The merchant's SMS account (短信接入, issue 27 §1) at Alibaba Cloud's SMS service: the
 * AccessKey that signs each request (its secret a `secret` field), the approved signature name
 * printed in every message, the service's address, and the quiet hours in the merchant's time
 * zone during which marketing messages are refused (notices such as verification codes still go).
 * Without the AccessKey and the signature the channel is not connected.
 */
export const smsChannelResource = defineResource({
  name: 'sms-channel',
  table: 'sms_channels',
  title: ['短信接入', 'SMS account'],
  route: { group: 'setting', entry: 'channel', screens: { settings: 'channel-sms' } },
  access: { read: ['view'], write: 'configure' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    accessKeyId: field.text({ label: ['AccessKey ID', 'AccessKey ID'], maxLength: 64 }),
    accessKeySecret: field.secret({ label: ['AccessKey Secret', 'AccessKey secret'], maxLength: 64 }),
    signName: field.text({
      label: ['短信签名', 'Signature'],
      help: ['已在短信服务审核通过的签名，2–12 个字', 'A signature approved by the SMS service, 2–12 characters'],
      minLength: 2,
      maxLength: 12,
    }),
    endpoint: platformAddress({ label: ['短信服务地址', 'SMS service address'], defaultValue: 'https://dysmsapi.aliyuncs.com' }),
    // Promotional SMS may go out 08:00-22:00 in China (DOMAIN.md): quiet from 22 to 8 by default.
    quietFromHour: hour(['免打扰开始(时)', 'Quiet hours from (hour)'], 22),
    quietToHour: hour(['免打扰结束(时)', 'Quiet hours until (hour)'], 8),
  },
  titleField: 'signName',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
