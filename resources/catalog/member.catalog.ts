/**
 * Member group: member overview, the three member list views, batch operations, channel
 * integrations (WeChat, Alipay, Meituan), levels and growth.
 */
import { declareEntry } from './declare';
import type { Action, GroupDecl } from './types';

// Member profiles: the list shows profiles, balances need the account action, changes maintain.
const MEMBER_ACTIONS: readonly Action[] = ['会员资料查看', '账户信息查看', '配置维护'];
const CHANNEL_ACTIONS: readonly Action[] = ['配置查看', '配置维护'];
const LEVEL_ACTIONS: readonly Action[] = ['等级查看', '配置维护'];

export const memberGroup: GroupDecl = {
  group: 'member',
  title: ['会员', 'Members'],
  resourceRoot: '会员',
  resourceRootEn: 'Members',
  defaultEntry: 'home',
  entries: [
    declareEntry({
      entry: 'home',
      title: ['会员概览', 'Member overview'],
      resourceId: '会员/会员概览',
      resourceTitleEn: 'Member overview',
      actions: ['数据查看'],
      screens: [{ name: 'home', title: ['会员概览', 'Member overview'] }],
    }),
    declareEntry({
      entry: 'dqsh-member',
      title: ['油站会员', 'Fuel station members'],
      resourceId: '会员/油站会员',
      resourceTitleEn: 'Fuel station members',
      actions: MEMBER_ACTIONS,
      screens: [
        { name: 'list', title: ['油站会员', 'Fuel station members'] },
        { name: 'dtl', title: ['油站会员详情', 'Fuel station member details'], readsFlag: 'showMemberExtendDetail' },
      ],
    }),
    declareEntry({
      entry: 'standard-member',
      title: ['标准会员', 'Standard members'],
      resourceId: '会员/标准会员',
      resourceTitleEn: 'Standard members',
      actions: MEMBER_ACTIONS,
      screens: [
        { name: 'list', title: ['标准会员', 'Standard members'] },
        { name: 'dtl', title: ['会员详情', 'Member details'], readsFlag: 'showMemberExtendDetail' },
      ],
    }),
    declareEntry({
      entry: 'batch-operate',
      title: ['批量操作单', 'Batch operations'],
      resourceId: '会员/批量操作单',
      resourceTitleEn: 'Batch operations',
      actions: ['单据查看', '配置维护'],
      screens: [
        { name: 'list', title: ['批量操作单', 'Batch operations'] },
        { name: 'edit', title: ['编辑批量操作单', 'Edit batch operation'] },
        { name: 'dtl', title: ['批量操作单详情', 'Batch operation details'] },
      ],
    }),
    declareEntry({
      entry: 'marketcenter-member',
      title: ['营销中心会员', 'Marketing centre members'],
      resourceId: '会员/营销中心会员',
      resourceTitleEn: 'Marketing centre members',
      actions: MEMBER_ACTIONS,
      screens: [
        { name: 'list', title: ['营销中心会员', 'Marketing centre members'] },
        { name: 'dtl', title: ['营销中心会员详情', 'Marketing centre member details'], readsFlag: 'showMemberExtendDetail' },
      ],
    }),
    declareEntry({
      entry: 'wechat',
      title: ['微信会员', 'WeChat membership'],
      resourceId: '会员/微信接入',
      resourceTitleEn: 'WeChat integration',
      actions: CHANNEL_ACTIONS,
      // wechat-init is an initialisation wizard (maintain); viewers land on the card settings.
      defaultScreen: 'wechat-member-card',
      screens: [
        { name: 'wechat-init', title: ['微信会员初始化', 'WeChat membership setup'] },
        // The authorisation pages bind the merchant's official account: a change of configuration.
        { name: 'wechat-authorize-before', title: ['微信公众号授权', 'Authorise WeChat official account'], access: 'maintain' },
        { name: 'wechat-authorize-after', title: ['微信授权结果', 'WeChat authorisation result'], access: 'maintain' },
        { name: 'wechat-member-card', title: ['微信会员卡', 'WeChat membership card'] },
        { name: 'wechat-member-card-edit', title: ['编辑微信会员卡', 'Edit WeChat membership card'] },
        { name: 'wechat-member-code', title: ['微信会员码', 'WeChat member code'] },
        { name: 'wechat-pay-rule', title: ['微信支付开卡规则', 'WeChat pay-to-join rules'] },
        { name: 'wechat-pay-rule-edit', title: ['编辑微信支付开卡规则', 'Edit WeChat pay-to-join rules'] },
      ],
    }),
    declareEntry({
      entry: 'alipay',
      title: ['支付宝会员', 'Alipay membership'],
      resourceId: '会员/支付宝接入',
      resourceTitleEn: 'Alipay integration',
      actions: CHANNEL_ACTIONS,
      screens: [
        { name: 'alipay', title: ['支付宝会员', 'Alipay membership'] },
        { name: 'alipay-member-card-edit', title: ['编辑支付宝会员卡', 'Edit Alipay membership card'] },
        { name: 'alipay-member-card-edit-dtl', title: ['支付宝会员卡详情', 'Alipay membership card details'] },
        { name: 'alipay-member-qr-code', title: ['支付宝会员二维码', 'Alipay member QR code'] },
        { name: 'alipay-init-completed', title: ['支付宝接入完成', 'Alipay setup completed'], hidden: true },
      ],
    }),
    declareEntry({
      entry: 'meituan',
      title: ['美团会员', 'Meituan membership'],
      resourceId: '会员/美团接入',
      resourceTitleEn: 'Meituan integration',
      actions: CHANNEL_ACTIONS,
      screens: [{ name: 'meituan-before', title: ['美团会员接入', 'Meituan membership setup'] }],
    }),
    declareEntry({
      beyondSpecification:
        'Meituan group-buy vouchers checked, consumed and cancelled per store by a store clerk, and the list of consumptions (issue 27 §4); the specification lists no screen for them',
      entry: 'meituan-voucher',
      title: ['美团验券', 'Meituan vouchers'],
      // Apart from the setup entry: a clerk consumes vouchers without seeing the application's keys.
      resourceId: '会员/美团验券',
      resourceTitleEn: 'Meituan vouchers',
      actions: CHANNEL_ACTIONS,
      screens: [
        { name: 'meituan-voucher', title: ['美团验券', 'Meituan vouchers'] },
        { name: 'meituan-voucher-list', title: ['美团验券记录', 'Meituan voucher consumptions'] },
      ],
    }),
    declareEntry({
      beyondSpecification:
        'A member linked to their WeChat, Alipay and Meituan identities (issue 27 §5); the specification lists no screen for them',
      entry: 'channel-identity',
      title: ['会员渠道身份', 'Member channel identities'],
      resourceId: '会员/渠道身份',
      resourceTitleEn: 'Member channel identities',
      actions: CHANNEL_ACTIONS,
      screens: [{ name: 'channel-identity', title: ['会员渠道身份', 'Member channel identities'] }],
    }),
    declareEntry({
      entry: 'level',
      title: ['会员等级', 'Membership levels'],
      resourceId: '会员/会员等级',
      resourceTitleEn: 'Membership levels',
      actions: LEVEL_ACTIONS,
      screens: [
        { name: 'level-manage', title: ['等级管理', 'Level management'] },
        { name: 'level-name-modify', title: ['修改等级名称', 'Rename levels'] },
        // The valuation rule page shows the rule and saves it in place; the server guards saving.
        { name: 'level-valuate-rule', title: ['等级评定规则', 'Level evaluation rules'] },
        { name: 'free-level-init', title: ['免费等级初始化', 'Set up free levels'] },
        { name: 'free-level-add', title: ['新增免费等级', 'New free level'] },
        { name: 'free-level-right-modify', title: ['修改免费等级权益', 'Edit free level benefits'] },
        { name: 'special-level-init', title: ['特殊等级初始化', 'Set up special levels'] },
        { name: 'special-level-add', title: ['新增特殊等级', 'New special level'] },
        { name: 'special-level-right-modify', title: ['修改特殊等级权益', 'Edit special level benefits'] },
        { name: 'pay-level-add', title: ['新增付费等级', 'New paid level'] },
        { name: 'pay-level-right-data-and-suit', title: ['付费等级权益与适用范围', 'Paid level benefits and scope'], access: 'maintain' },
        { name: 'pay-level-rights-init', title: ['付费等级权益初始化', 'Set up paid level benefits'] },
      ],
    }),
    declareEntry({
      entry: 'store-pay',
      title: ['付费等级订单', 'Paid level orders'],
      resourceId: '会员/付费等级订单',
      resourceTitleEn: 'Paid level orders',
      actions: ['单据查看'],
      screens: [{ name: 'store-pay-list', title: ['付费等级订单', 'Paid level orders'] }],
    }),
    declareEntry({
      entry: 'grow-value-rule',
      title: ['成长值规则', 'Growth value rules'],
      resourceId: '会员/成长值规则',
      resourceTitleEn: 'Growth value rules',
      actions: ['规则查看', '配置维护'],
      screens: [
        { name: 'grow-value-rule', title: ['成长值规则', 'Growth value rules'] },
        { name: 'grow-value-rule-dtl', title: ['成长值规则详情', 'Growth value rule details'] },
        { name: 'grow-value-rule-setting', title: ['设置成长值规则', 'Set growth value rules'] },
      ],
    }),
    declareEntry({
      entry: 'level-material',
      title: ['等级物料', 'Level materials'],
      resourceId: '会员/等级物料',
      resourceTitleEn: 'Level materials',
      actions: LEVEL_ACTIONS,
      screens: [
        // §6: the level material list needs no permission (the menu entry still does).
        { name: 'level-material', title: ['等级物料', 'Level materials'], access: 'free' },
        { name: 'level-material-add', title: ['新增等级物料', 'New level material'] },
        { name: 'level-material-dtl', title: ['等级物料详情', 'Level material details'] },
      ],
    }),
    declareEntry({
      entry: 'upgrade-incentives',
      title: ['升级激励', 'Upgrade incentives'],
      resourceId: '会员/升级激励',
      resourceTitleEn: 'Upgrade incentives',
      actions: ['活动查看', '配置维护'],
      screens: [
        { name: 'upgrade-incentives', title: ['升级激励', 'Upgrade incentives'] },
        { name: 'upgrade-incentives-dtl', title: ['升级激励详情', 'Upgrade incentive details'] },
      ],
    }),
  ],
};
