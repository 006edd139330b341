import { defineResource, field } from '../define';

/**
 * The merchant's coupon settings (券设置, coupons/coupon-init; a settings object, one per
 * tenant): the format of issued codes (length and alphabet, an optional prefix), the validity a
 * template gets when it names no number of days, whether coupons stack with each other and with
 * points used as cash in one order, and whether a write-off document must be audited by someone
 * other than the person who wrote it.
 *
 * Codes are drawn at random over the alphabet (server/modules/coupons/coupon-codes.ts), never in
 * sequence; the alphabets leave out the characters people mistake for others (0/O, 1/I/L).
 */
export const couponInitResource = defineResource({
  name: 'coupon-init',
  table: 'coupon_settings',
  title: ['券设置', 'Coupon settings'],
  route: { group: 'coupons', entry: 'coupon-init', screens: { settings: 'coupon-init' } },
  access: { read: ['配置查看'], write: '配置维护' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    codeAlphabet: field.enum({
      label: ['券码字符', 'Code characters'],
      required: true,
      options: {
        DIGITS: { label: ['纯数字', 'Digits only'], color: 'blue' },
        UPPER_ALNUM: { label: ['大写字母与数字（不含易混字符）', 'Capital letters and digits (no look-alikes)'], color: 'cyan' },
      },
      defaultValue: 'UPPER_ALNUM',
    }),
    codeLength: field.integer({
      label: ['券码长度', 'Code length'],
      help: ['不含前缀；纯数字时至少 12 位', 'Without the prefix; at least 12 for digits only'],
      required: true,
      min: 8,
      max: 32,
      defaultValue: 12,
    }),
    codePrefix: field.text({
      label: ['券码前缀', 'Code prefix'],
      maxLength: 6,
      pattern: { regex: '^[A-Z0-9]*$', message: ['前缀只能包含大写字母和数字', 'A prefix holds capital letters and digits only'] },
    }),
    defaultValidDays: field.integer({
      label: ['默认有效天数', 'Default validity (days)'],
      help: ['券模板未填写有效天数时，领取后按此天数有效', 'Used when a template names no number of days'],
      required: true,
      min: 1,
      max: 3650,
      defaultValue: 30,
    }),
    stackCoupons: field.boolean({
      label: ['不同券可叠加使用', 'Coupons stack with each other'],
      help: ['关闭时一笔订单只能用一张券', 'When off, an order takes one coupon only'],
      defaultValue: false,
    }),
    stackWithPoints: field.boolean({ label: ['券可与积分抵现同时使用', 'Coupons stack with points as cash'], defaultValue: true }),
    returnedOrderCoupons: field.enum({
      label: ['退货时订单所送的券', 'Coupons an order gave, when it is returned'],
      help: [
        '订单全部退货时，未使用的券总是作废；已使用的券可按此设置扣回其优惠金额',
        'A full return always voids the unused ones; the discount of used ones can be taken back from the refund',
      ],
      required: true,
      options: {
        VOID_UNUSED: { label: ['作废未使用的券', 'Void the unused ones'], color: 'blue' },
        TAKE_BACK_VALUE: {
          label: ['作废未使用的券，并扣回已使用券的优惠', 'Void the unused ones, take back the discount of used ones'],
          color: 'orange',
        },
      },
      defaultValue: 'VOID_UNUSED',
    }),
    writeOffNeedsSecondPerson: field.boolean({
      label: ['核销单需他人审核', 'Write-offs audited by a second person'],
      help: ['开启后，核销单不能由制单人本人审核', 'When on, the writer of a write-off document cannot audit it'],
      defaultValue: false,
    }),
    remark: field.longText({ label: ['说明', 'Notes'], maxLength: 500 }),
  },
  titleField: 'codeAlphabet',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  form: [
    { key: 'code', title: ['券码规则', 'Coupon codes'], fields: ['codeAlphabet', 'codeLength', 'codePrefix'] },
    {
      key: 'use',
      title: ['使用规则', 'Using coupons'],
      fields: ['defaultValidDays', 'stackCoupons', 'stackWithPoints', 'returnedOrderCoupons'],
    },
    { key: 'writeOff', title: ['核销规则', 'Write-offs'], fields: ['writeOffNeedsSecondPerson', 'remark'] },
  ],
  deletable: false,
});
