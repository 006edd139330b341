import { defineResource, field } from '../define';

/** The §4 stored-value channel types, as the till routes and the ledger name them. */
export const STORED_VALUE_CHANNEL_OPTIONS = {
  store: { label: ['门店', 'Store'], color: 'blue' },
  weixin: { label: ['微信', 'WeChat'], color: 'green' },
  alipay: { label: ['支付宝', 'Alipay'], color: 'cyan' },
  third: { label: ['第三方', 'Third party'], color: 'purple' },
  weixinApp: { label: ['微信小程序', 'WeChat mini program'], color: 'lime' },
} as const;

const limit = (label: readonly [string, string], help: readonly [string, string]) =>
  field.money({ label: [label[0], label[1]], help: [help[0], help[1]], min: 0.01, max: 99999999.99 });

/**
 * The stored-value programme of a tenant (store-value-manage, a settings object): whether
 * stored value is on, the channels a recharge may come from, the limits per recharge and per
 * member per day (in the tenant's time zone; principal and gift counted together) and how long
 * a gift portion stays valid. The till routes (server/modules/stored-value) read it on every
 * recharge. The amount above which value needs a second person is the value approval rule's
 * (resources/setting/value-approval-setting.resource.ts).
 */
export const storeValueManageResource = defineResource({
  name: 'store-value-manage',
  table: 'store_value_settings',
  title: ['储值管理', 'Stored-value management'],
  route: {
    group: 'deposit',
    entry: 'store-value-manage',
    screens: { settings: 'store-value-manage', settingsEdit: 'store-value-manage-edit' },
  },
  access: { read: ['配置查看'], write: '配置维护' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    enabled: field.boolean({
      label: ['启用储值', 'Stored value on'],
      help: ['关闭后不能充值，已有余额仍可支付和退款', 'When off, no recharge is accepted; balances can still pay and be refunded'],
      defaultValue: true,
    }),
    channels: field.enum({
      label: ['允许充值渠道', 'Recharge channels'],
      help: ['不选表示全部渠道', 'None chosen means every channel'],
      emptyMeans: ['全部渠道', 'All channels'],
      options: STORED_VALUE_CHANNEL_OPTIONS,
      multiple: true,
    }),
    minPerRecharge: limit(['单笔最低充值', 'Minimum per recharge'], ['空表示不限', 'Empty means no minimum']),
    maxPerRecharge: limit(
      ['单笔最高充值', 'Maximum per recharge'],
      ['本金与赠送金合计；空表示不限', 'Principal and gift together; empty means no maximum'],
    ),
    maxPerMemberPerDay: limit(
      ['每人每日充值上限', 'Maximum per member per day'],
      [
        '按商户时区的自然日累计本金与赠送金；空表示不限',
        'Principal and gift recharged per calendar day in the merchant’s time zone; empty means no limit',
      ],
    ),
    giftValidityDays: field.integer({
      label: ['赠送金有效期（天）', 'Gift portion valid for (days)'],
      help: [
        '每笔赠送金自赠送日起算（商户时区），第 N 天结束时未用部分清零；空表示永久有效',
        'Each gift expires at the end of the Nth day after it was given (merchant’s time zone), what is left of it taken off; empty means it never expires',
      ],
      min: 1,
      max: 3650,
    }),
    remark: field.longText({ label: ['说明', 'Notes'], maxLength: 500 }),
  },
  titleField: 'enabled',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  form: [
    { key: 'programme', title: ['储值开关与渠道', 'Programme and channels'], fields: ['enabled', 'channels'] },
    { key: 'limits', title: ['充值限额', 'Recharge limits'], fields: ['minPerRecharge', 'maxPerRecharge', 'maxPerMemberPerDay'] },
    { key: 'rules', title: ['赠送金', 'Gifts'], fields: ['giftValidityDays', 'remark'] },
  ],
  deletable: false,
});
