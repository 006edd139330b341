import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A sales or registration channel. Its type is one of the specification's stored-value channel
 * types (§4: store, weixin, alipay, third, weixinApp), stored with exactly those codes so ledger
 * entries and channel filters can use them unchanged.
 */
export const channelResource = defineResource({
  name: 'channel',
  table: 'channels',
  title: ['渠道', 'Channel'],
  route: { group: 'datum', entry: 'channel', screens: { list: 'channel' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: preset.code(['渠道编码', 'Channel code'], { width: 130 }),
    name: preset.uniqueName(['渠道名称', 'Channel name']),
    type: field.enum({
      label: ['渠道类型', 'Channel type'],
      required: true,
      options: {
        store: { label: ['门店', 'Store'], color: 'blue' },
        weixin: { label: ['微信', 'WeChat'], color: 'green' },
        alipay: { label: ['支付宝', 'Alipay'], color: 'geekblue' },
        third: { label: ['第三方', 'Third party'], color: 'purple' },
        weixinApp: { label: ['微信小程序', 'WeChat mini program'], color: 'cyan' },
      },
      filter: 'eq',
      sortable: true,
      width: 130,
    }),
    enabled: preset.enabledFlag(),
    remark: preset.remark(),
  },
  titleField: 'name',
  // The simulator chooses a channel by name and sends its code, as a till does.
  picker: { card: ['code'] },
  list: { columns: ['code', 'name', 'type', 'enabled'], defaultSort: { field: 'code', order: 'asc' } },
  files: { module: 'masterData', importable: true },
});
