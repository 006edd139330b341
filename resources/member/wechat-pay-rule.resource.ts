import { defineResource, field } from '../define';
import { preset, PUBLISHED_TIMELINE } from '../field-presets';
import { CHANNEL_ACCESS, HTTPS_ADDRESS } from './channel-fields';

/** WeChat runs a pay-to-join rule (支付即会员) at most this many days (DOMAIN.md, Channel integrations). */
export const PAY_RULE_MAX_DAYS = 90;

/**
 * A pay-to-join rule (支付即会员, issue 27 §2): after a WeChat Pay payment to one of the merchant's
 * WeChat Pay merchant numbers, of an amount in the range, inside the window, WeChat offers the
 * payer the membership card (the card design's WeChat card, member-card.resource.ts); the gift
 * is what a member joining through it is given, once (its value under the merchant's approval
 * thresholds, checked on `publish`). WeChat's `card/paygiftcard/add` takes the rule;
 * its limits are checked on the save (server/modules/channels/wechat-pay-rule.hooks.ts, 400
 * naming the field with the limit): the highest amount above the lowest, the window at most
 * {@link PAY_RULE_MAX_DAYS} days.
 *
 * Life cycle: INITAIL 未发布 -> `publish` (sent to WeChat through the gateway; its rule id kept)
 * -> shown UNSTART / PROCESSING / STOPED by the window; `stop` ends it at once (WeChat's
 * `card/paygiftcard/delete`). A rule is edited before it ends and deleted as a draft or ended.
 * The list is wechat-pay-rule; the form wechat-pay-rule-edit (add and edit alike).
 */
export const wechatPayRuleResource = defineResource({
  name: 'wechat-pay-rule',
  table: 'wechat_pay_rules',
  title: ['微信支付开卡规则', 'WeChat pay-to-join rule'],
  route: {
    group: 'member',
    entry: 'wechat',
    screens: { list: 'wechat-pay-rule', add: 'wechat-pay-rule-edit', edit: 'wechat-pay-rule-edit' },
  },
  access: { read: [...CHANNEL_ACCESS.read], write: CHANNEL_ACCESS.write },
  scope: 'tenant',
  fields: {
    name: preset.name(['规则名称', 'Rule name'], { maxLength: 30, width: 200 }),
    merchantIds: field.text({
      label: ['微信支付商户号', 'WeChat Pay merchant numbers'],
      help: [
        '在这些商户号下支付的顾客会收到开卡邀请；多个用英文逗号分隔',
        'Payers to these merchant numbers are offered the card; separate several with commas',
      ],
      required: true,
      maxLength: 200,
      pattern: {
        regex: '^[0-9]{8,10}(,[0-9]{8,10})*$',
        message: ['商户号为 8 到 10 位数字，多个用英文逗号分隔', 'A merchant number is 8 to 10 digits; separate several with commas'],
      },
      width: 180,
    }),
    leastCost: field.money({
      label: ['最低支付金额(元)', 'Lowest payment (yuan)'],
      required: true,
      min: 0.01,
      max: 99999999,
      sortable: true,
      width: 130,
    }),
    maxCost: field.money({
      label: ['最高支付金额(元)', 'Highest payment (yuan)'],
      help: ['须高于最低支付金额', 'Must be above the lowest payment'],
      required: true,
      min: 0.01,
      max: 99999999,
      width: 130,
    }),
    ...preset.timeWindow(),
    giftCoupon: field.relation({
      label: ['开卡赠券', 'Coupon given on joining'],
      help: ['只能选择生效中的券模板', 'Only effective coupon templates'],
      resource: 'coupon-template',
      pickable: { field: 'state', in: ['EFFECTIVE'] },
      width: 160,
    }),
    giftPoints: field.integer({ label: ['开卡赠送积分', 'Points given on joining'], min: 0, max: 1000000, defaultValue: 0, width: 120 }),
    // What the gift coupon is worth to one member (server/modules/coupons/coupon-worth.ts), measured
    // by the server on every save for the value approval rule: money, or the points of a points coupon.
    giftCouponWorth: field.money({
      label: ['开卡赠券价值(元)', 'Joining coupon’s value (yuan)'],
      serverManaged: true,
      inForm: false,
      inList: false,
    }),
    giftCouponPoints: field.integer({
      label: ['开卡赠券内积分', 'Joining coupon’s points'],
      serverManaged: true,
      inForm: false,
      inList: false,
    }),
    jumpUrl: field.text({
      label: ['开卡后跳转地址', 'Page opened after joining'],
      maxLength: 300,
      pattern: HTTPS_ADDRESS,
      inList: false,
    }),
    state: preset.publishedState(),
    wechatRuleId: field.text({ label: ['微信规则ID', 'WeChat rule id'], maxLength: 32, serverManaged: true, inForm: false, inList: false }),
  },
  titleField: 'name',
  list: {
    columns: ['name', 'state', 'leastCost', 'maxCost', 'beginTime', 'endTime', 'giftCoupon', 'giftPoints'],
    defaultSort: { field: 'beginTime', order: 'desc' },
    keyColumns: ['name', 'state'],
  },
  form: [
    { key: 'payment', title: ['哪些支付', 'Which payments'], fields: ['name', 'merchantIds', 'leastCost', 'maxCost'] },
    { key: 'window', title: ['有效期', 'Validity'], fields: ['beginTime', 'endTime'] },
    { key: 'gift', title: ['开卡礼', 'Joining gift'], fields: ['giftCoupon', 'giftPoints', 'jumpUrl'] },
  ],
  states: {
    field: 'state',
    initial: 'INITAIL',
    editableIn: ['INITAIL', 'UNSTART', 'PROCESSING'],
    deletableIn: ['INITAIL', 'STOPED'],
    actions: {
      publish: {
        label: ['发布', 'Publish'],
        from: ['INITAIL'],
        to: 'PUBLISHED',
        confirm: [
          '发布后规则提交给微信，按有效期生效。确定发布“{name}”吗？',
          'The rule is sent to WeChat and applies in its window. Publish "{name}"?',
        ],
      },
      stop: {
        label: ['停止', 'Stop'],
        from: ['UNSTART', 'PROCESSING'],
        to: 'STOPED',
        danger: true,
        confirm: ['停止后微信不再邀请开卡，不能恢复。确定停止“{name}”吗？', 'WeChat stops offering the card, for good. Stop "{name}"?'],
      },
    },
    timeline: PUBLISHED_TIMELINE,
  },
  // Each member who joins through the rule is given its gift (server/modules/channels/
  // wechat-pay-join.ts): above the merchant's threshold of a kind, whoever made the rule may not
  // publish it alone, a second person does (server/crud/README.md "Value approval").
  creates: {
    action: 'publish',
    values: [
      { kind: 'points', fields: ['giftPoints', 'giftCouponPoints'] },
      { kind: 'couponValue', fields: ['giftCouponWorth'] },
    ],
  },
});
