/**
 * Marketing group: points rules and activities, coupon and gift campaigns, precision marketing
 * (tags, customer groups, push plans), payment and top-up promotions.
 *
 * Four entries are folders of sub-resources guarded by prefix rules (§6): stored-value payment
 * offers and prepaid-card payment offers (one resource per offer kind, so the full-reduction and
 * the discount screens check their own kind), prepaid-card top-up gifts (one per rechargeable
 * card type) and push plans (one per channel).
 */
import { RULE_PREFIXES } from './rule-prefixes';
import { anyActionOf, declareEntry, subResourcesOf } from './declare';
import type { Action, GroupDecl, PermissionRef, SubResourceDecl } from './types';

const ACTIVITY: readonly Action[] = ['活动查看', '配置维护'];
const PAY_OFFER_KINDS = [
  ['满额立减', 'Spend-and-save'],
  ['折扣', 'Discount'],
] as const;

const storeValuePayOffers = subResourcesOf({ parent: RULE_PREFIXES.storeValuePayActivity, actions: ACTIVITY, names: PAY_OFFER_KINDS });
const cardPayOffers = subResourcesOf({ parent: RULE_PREFIXES.prepayCardPayActivity, actions: ACTIVITY, names: PAY_OFFER_KINDS });
// Only the two rechargeable card types can be topped up, so only they have top-up gifts.
const chargeGiftCards = subResourcesOf({
  parent: RULE_PREFIXES.prepayCardChargeGift,
  actions: ACTIVITY,
  names: [
    ['充值卡', 'Recharge card'],
    ['储值卡', 'Stored-value card'],
  ],
});
const pushChannels = subResourcesOf({
  parent: RULE_PREFIXES.pushPlan,
  actions: ['计划查看', '配置维护'],
  names: [
    ['短信', 'SMS'],
    ['微信消息', 'WeChat messages'],
    ['应用推送', 'App push'],
    ['赠礼发放', 'Gift delivery'],
  ],
});

const maintainOf = (sub: SubResourceDecl): PermissionRef[] => [{ resourceId: sub.resourceId, action: '配置维护' }];

/**
 * The coupon-active kinds of screens.json with their route prefixes. screens.json calls each
 * kind's screens `add`/`dtl`; inside one entry they need distinct routes.
 */
const COUPON_ACTIVE_KINDS = [
  { kind: 'score doubling', route: 'score-doubling', title: ['积分翻倍规则', 'Points doubling rule'] },
  { kind: 'additional points by amount', route: 'amount-extra-points', title: ['按金额加送积分规则', 'Extra points by amount rule'] },
  {
    kind: 'additional points by quantity',
    route: 'qty-extra-points',
    title: ['按数量加送积分规则', 'Extra points by quantity rule'],
    flag: true,
  },
  {
    kind: 'goods-group additional points by quantity',
    route: 'goods-group-qty-extra-points',
    title: ['商品组按数量加送积分规则', 'Goods-group quantity extra points rule'],
    flag: true,
  },
  { kind: 'non-points goods', route: 'non-points-goods', title: ['不积分商品规则', 'No-points goods rule'] },
  { kind: 'goods full-amount coupon', route: 'goods-amount-coupon', title: ['商品满额送券活动', 'Goods spend coupon campaign'] },
  { kind: 'goods full-amount gift', route: 'goods-amount-gift', title: ['商品满额送礼活动', 'Goods spend gift campaign'] },
  { kind: 'goods full-quantity coupon', route: 'goods-qty-coupon', title: ['商品满件送券活动', 'Goods quantity coupon campaign'] },
  { kind: 'use-coupon-send-coupon', route: 'use-coupon-send-coupon', title: ['用券送券活动', 'Coupon-use reward campaign'] },
] as const;

const couponActiveKindScreens = COUPON_ACTIVE_KINDS.flatMap((k) => {
  // Quantity-based points rules exist only for tenants that enabled them (sysConfig flag).
  const flag = 'flag' in k ? ({ requiresFlag: 'enableGainPointsByQty' } as const) : {};
  return [
    {
      name: `${k.route}-add`,
      title: [`新建${k.title[0]}`, `New ${k.title[1].charAt(0).toLowerCase()}${k.title[1].slice(1)}`] as const,
      kind: k.kind,
      kindScreen: 'add',
      ...flag,
    },
    { name: `${k.route}-dtl`, title: [`${k.title[0]}详情`, `${k.title[1]} details`] as const, kind: k.kind, kindScreen: 'dtl', ...flag },
  ];
});

export const promotionGroup: GroupDecl = {
  group: 'promotion',
  title: ['营销', 'Marketing'],
  resourceRoot: '营销',
  resourceRootEn: 'Marketing',
  entries: [
    declareEntry({
      entry: 'score-init',
      title: ['积分规则设置', 'Points settings'],
      resourceId: '营销/积分规则设置',
      resourceTitleEn: 'Points settings',
      actions: ['规则查看', '配置维护'],
      screens: [
        { name: 'score-init', title: ['积分规则设置', 'Points settings'] },
        { name: 'score-setting', title: ['编辑积分规则', 'Edit points rules'] },
        { name: 'points-charge-speed-setting', title: ['设置积分加速', 'Set points acceleration'] },
        { name: 'points-charge-speed-setting-dtl', title: ['积分加速详情', 'Points acceleration details'] },
      ],
    }),
    declareEntry({
      entry: 'score-activity',
      title: ['积分活动', 'Points campaigns'],
      resourceId: '营销/积分活动',
      resourceTitleEn: 'Points campaigns',
      actions: ACTIVITY,
      screens: [
        { name: 'score-activity-home', title: ['积分活动', 'Points campaigns'] },
        { name: 'points-charge-setting', title: ['设置积分抵现', 'Set points as cash'] },
        { name: 'points-charge-setting-dtl', title: ['积分抵现详情', 'Points as cash details'] },
        { name: 'score-gain-coupon', title: ['积分换券活动', 'Points-for-coupon campaigns'] },
        { name: 'score-gain-coupon-dtl', title: ['积分换券活动详情', 'Points-for-coupon campaign details'] },
        { name: 'score-exchange-goods-add', title: ['新建积分兑换商品', 'New points-for-goods exchange'] },
        { name: 'score-exchange-goods-dtl', title: ['积分兑换商品详情', 'Points-for-goods exchange details'] },
        { name: 'score-exchange-coupon-add', title: ['新建积分兑换券', 'New points-for-coupon exchange'] },
        { name: 'score-activity-add', title: ['新建积分活动', 'New points campaign'] },
        { name: 'score-activity-detail', title: ['积分活动详情', 'Points campaign details'] },
      ],
    }),
    declareEntry({
      entry: 'third-coupon',
      title: ['第三方发券', 'Third-party coupons'],
      resourceId: '营销/第三方发券',
      resourceTitleEn: 'Third-party coupons',
      actions: ACTIVITY,
      // Each named form creates one activity kind; its `-dtl` shows one.
      screens: [
        { name: 'third-coupon', title: ['第三方发券', 'Third-party coupons'] },
        { name: 'third-coupon-dtl', title: ['第三方发券详情', 'Third-party coupon details'] },
        { name: 'third-party-issue-coupon', title: ['第三方发券活动', 'Third-party issuing campaign'], access: 'maintain' },
        { name: 'third-party-issue-coupon-dtl', title: ['第三方发券活动详情', 'Third-party issuing campaign details'] },
        { name: 'cancel-coupon', title: ['作废券', 'Coupon voiding'], access: 'maintain' },
        { name: 'cancel-coupon-dtl', title: ['作废券详情', 'Coupon voiding details'] },
        { name: 'export-code-send-coupon', title: ['导出券码发券', 'Coupon code export'], access: 'maintain' },
        { name: 'export-code-send-coupon-dtl', title: ['导出券码发券详情', 'Coupon code export details'] },
      ],
    }),
    declareEntry({
      entry: 'wechat-receive-coupon',
      title: ['微信领券', 'WeChat coupon claims'],
      resourceId: '营销/微信领券',
      resourceTitleEn: 'WeChat coupon claims',
      actions: ACTIVITY,
      screens: [
        { name: 'wechat-receive-coupon', title: ['微信领券', 'WeChat coupon claims'] },
        { name: 'wechat-receive-coupon-dtl', title: ['微信领券详情', 'WeChat coupon claim details'] },
        { name: 'mini-program-gain-coupon', title: ['小程序领券', 'Mini-program coupon claim'], access: 'maintain' },
        { name: 'mini-program-gain-coupon-dtl', title: ['小程序领券详情', 'Mini-program coupon claim details'] },
        { name: 'wei-xin-coupon', title: ['微信卡券', 'WeChat card coupon'], access: 'maintain' },
        { name: 'wei-xin-coupon-dtl', title: ['微信卡券详情', 'WeChat card coupon details'] },
      ],
    }),
    declareEntry({
      entry: 'group-coupon',
      title: ['批量发券', 'Bulk coupon issuing'],
      resourceId: '营销/批量发券',
      resourceTitleEn: 'Bulk coupon issuing',
      actions: ACTIVITY,
      screens: [
        { name: 'group-coupon', title: ['批量发券', 'Bulk coupon issuing'] },
        { name: 'group-send-coupon', title: ['新建批量发券', 'New bulk issue'], access: 'maintain' },
        { name: 'group-send-coupon-dtl', title: ['批量发券详情', 'Bulk issue details'] },
      ],
    }),
    declareEntry({
      entry: 'precision-marketing',
      title: ['精准营销', 'Precision marketing'],
      resourceId: '营销/精准营销',
      resourceTitleEn: 'Precision marketing',
      actions: ACTIVITY,
      screens: [
        { name: 'precision-marketing', title: ['精准营销', 'Precision marketing'] },
        { name: 'open-screen-coupon', title: ['开屏发券', 'Splash-screen coupons'], access: 'maintain' },
        { name: 'open-screen-soupon-dtl', title: ['开屏发券详情', 'Splash-screen coupon details'] },
        { name: 'user-group-gift', title: ['客群赠礼', 'Customer group gifts'], access: 'maintain' },
        { name: 'user-group-gift-dtl', title: ['客群赠礼详情', 'Customer group gift details'] },
      ],
    }),
    declareEntry({
      entry: 'gift-card-activity',
      title: ['礼品卡活动', 'Gift card campaigns'],
      resourceId: '营销/礼品卡活动',
      resourceTitleEn: 'Gift card campaigns',
      actions: ACTIVITY,
      screens: [
        { name: 'list', title: ['礼品卡活动', 'Gift card campaigns'] },
        { name: 'edit', title: ['编辑礼品卡活动', 'Edit gift card campaign'] },
        { name: 'dtl', title: ['礼品卡活动详情', 'Gift card campaign details'] },
        { name: 'evaluate', title: ['礼品卡活动效果', 'Gift card campaign results'] },
      ],
    }),
    declareEntry({
      entry: 'user-group',
      title: ['客群', 'Customer groups'],
      resourceId: '营销/客群',
      resourceTitleEn: 'Customer groups',
      actions: ['客群查看', '配置维护'],
      screens: [
        { name: 'user-group-manage', title: ['客群管理', 'Customer groups'] },
        { name: 'user-group-add', title: ['新建客群', 'New customer group'] },
        { name: 'user-group-import', title: ['导入客群', 'Import customer group'] },
        { name: 'user-group-dtl', title: ['客群详情', 'Customer group details'] },
      ],
    }),
    declareEntry({
      entry: 'tag-manage',
      title: ['标签', 'Tags'],
      resourceId: '营销/标签',
      resourceTitleEn: 'Tags',
      actions: ['标签查看', '配置维护'],
      screens: [
        { name: 'tag-manage', title: ['标签管理', 'Tags'] },
        { name: 'manual-tag-detail', title: ['手工标签详情', 'Manual tag details'] },
        { name: 'sys-tag-detail', title: ['系统标签详情', 'System tag details'] },
        { name: 'sys-custom-tag-add', title: ['新建自定义标签', 'New custom tag'] },
      ],
    }),
    declareEntry({
      entry: 'card-balance-promotion',
      title: ['预付卡支付优惠', 'Prepaid card payment offers'],
      resourceId: RULE_PREFIXES.prepayCardPayActivity,
      resourceTitleEn: 'Prepaid card payment offers',
      actions: [],
      custom: 'prepayCardPayActivity',
      subResources: cardPayOffers,
      screens: [
        { name: 'list', title: ['预付卡支付优惠', 'Prepaid card payment offers'] },
        { name: 'edit', title: ['编辑预付卡满额立减', 'Edit card spend-and-save offer'], permissions: maintainOf(cardPayOffers[0]) },
        { name: 'dtl', title: ['预付卡满额立减详情', 'Card spend-and-save offer details'], permissions: anyActionOf(cardPayOffers[0]) },
        { name: 'discount-edit', title: ['编辑预付卡折扣', 'Edit card discount offer'], permissions: maintainOf(cardPayOffers[1]) },
        { name: 'discount-dtl', title: ['预付卡折扣详情', 'Card discount offer details'], permissions: anyActionOf(cardPayOffers[1]) },
      ],
    }),
    declareEntry({
      entry: 'prepay-card-charge-gift',
      title: ['预付卡充值赠礼', 'Card top-up gifts'],
      resourceId: RULE_PREFIXES.prepayCardChargeGift,
      resourceTitleEn: 'Card top-up gifts',
      actions: [],
      custom: 'prepayCardChargeGift',
      subResources: chargeGiftCards,
      screens: [
        { name: 'list', title: ['预付卡充值赠礼', 'Card top-up gifts'] },
        { name: 'edit', title: ['编辑充值赠礼', 'Edit top-up gift'] },
        { name: 'dtl', title: ['充值赠礼详情', 'Top-up gift details'] },
      ],
    }),
    declareEntry({
      entry: 'topic',
      title: ['营销主题', 'Marketing themes'],
      resourceId: '营销/营销主题',
      resourceTitleEn: 'Marketing themes',
      actions: ['主题查看', '配置维护'],
      screens: [{ name: 'topic', title: ['营销主题', 'Marketing themes'] }],
    }),
    declareEntry({
      entry: 'member-balance-promotion',
      title: ['储值支付优惠', 'Stored-value payment offers'],
      resourceId: RULE_PREFIXES.storeValuePayActivity,
      resourceTitleEn: 'Stored-value payment offers',
      actions: [],
      custom: 'storeValuePayActivity',
      subResources: storeValuePayOffers,
      screens: [
        // §6: the list itself needs no permission.
        { name: 'list', title: ['储值支付优惠', 'Stored-value payment offers'], access: 'free' },
        {
          name: 'edit',
          title: ['编辑储值满额立减', 'Edit stored-value spend-and-save offer'],
          permissions: maintainOf(storeValuePayOffers[0]),
        },
        {
          name: 'dtl',
          title: ['储值满额立减详情', 'Stored-value spend-and-save offer details'],
          permissions: anyActionOf(storeValuePayOffers[0]),
        },
        {
          name: 'discount-dtl',
          title: ['储值折扣详情', 'Stored-value discount offer details'],
          permissions: anyActionOf(storeValuePayOffers[1]),
        },
        {
          name: 'discount-edit',
          title: ['编辑储值折扣', 'Edit stored-value discount offer'],
          permissions: maintainOf(storeValuePayOffers[1]),
        },
      ],
    }),
    declareEntry({
      entry: 'birthday',
      title: ['生日礼', 'Birthday gifts'],
      resourceId: '营销/生日礼',
      resourceTitleEn: 'Birthday gifts',
      actions: ACTIVITY,
      screens: [
        // §6: the birthday home needs no permission.
        { name: 'birthday-home', title: ['生日礼', 'Birthday gifts'], access: 'free' },
        { name: 'birthday-gift-add', title: ['新建生日送礼', 'New birthday gift'] },
        { name: 'birthday-gift-dtl', title: ['生日送礼详情', 'Birthday gift details'] },
        { name: 'birthday-points-add', title: ['新建生日积分', 'New birthday points'] },
        { name: 'birthday-points-dtl', title: ['生日积分详情', 'Birthday points details'] },
      ],
    }),
    declareEntry({
      entry: 'store-value-active',
      title: ['储值充值活动', 'Top-up campaigns'],
      resourceId: '营销/储值充值活动',
      resourceTitleEn: 'Top-up campaigns',
      actions: ACTIVITY,
      screens: [
        { name: 'list', title: ['储值充值活动', 'Top-up campaigns'] },
        { name: 'add', title: ['新建储值充值活动', 'New top-up campaign'] },
        { name: 'dtl', title: ['储值充值活动详情', 'Top-up campaign details'] },
        { name: 'effect-evaluation', title: ['储值充值活动效果', 'Top-up campaign results'] },
      ],
    }),
    declareEntry({
      entry: 'open-card',
      title: ['开卡礼', 'Sign-up gifts'],
      resourceId: '营销/开卡礼',
      resourceTitleEn: 'Sign-up gifts',
      actions: ACTIVITY,
      screens: [
        { name: 'open-card', title: ['开卡礼', 'Sign-up gifts'] },
        { name: 'register-send-gift', title: ['注册送礼', 'Registration gift'], access: 'maintain' },
        { name: 'register-send-gift-dtl', title: ['注册送礼详情', 'Sign-up gift details'] },
        { name: 'wx-active-send-gift', title: ['微信激活送礼', 'WeChat activation gift'], access: 'maintain' },
        { name: 'wx-active-send-gift-dtl', title: ['微信激活送礼详情', 'WeChat activation gift details'] },
      ],
    }),
    declareEntry({
      entry: 'invite-gift',
      title: ['邀请有礼', 'Referral gifts'],
      resourceId: '营销/邀请有礼',
      resourceTitleEn: 'Referral gifts',
      actions: ACTIVITY,
      screens: [
        { name: 'effect-evaluate', title: ['邀请有礼效果', 'Referral results'] },
        { name: 'invite-gift', title: ['邀请有礼', 'Referral gifts'] },
        { name: 'invite-send-gift', title: ['新建邀请有礼', 'New referral gift'], access: 'maintain' },
        { name: 'invite-send-gift-dtl', title: ['邀请有礼详情', 'Referral gift details'] },
      ],
    }),
    declareEntry({
      entry: 'upgrade-gift',
      title: ['升级礼', 'Upgrade gifts'],
      resourceId: '营销/升级礼',
      resourceTitleEn: 'Upgrade gifts',
      actions: ACTIVITY,
      screens: [
        { name: 'list', title: ['升级礼', 'Upgrade gifts'] },
        { name: 'edit', title: ['编辑升级礼', 'Edit upgrade gift'] },
        { name: 'dtl', title: ['升级礼详情', 'Upgrade gift details'] },
      ],
    }),
    declareEntry({
      entry: 'coupon-active',
      title: ['消费奖励', 'Purchase rewards'],
      resourceId: '营销/消费奖励',
      resourceTitleEn: 'Purchase rewards',
      actions: ACTIVITY,
      screens: [
        { name: 'coupon-active-manage', title: ['消费奖励活动', 'Purchase reward campaigns'] },
        { name: 'score-activity-eval', title: ['消费奖励效果', 'Purchase reward results'] },
        ...couponActiveKindScreens.slice(0, 10),
        {
          name: 'score-init-setting',
          title: ['设置基础积分规则', 'Set basic points rule'],
          kind: 'basic points',
          kindScreen: 'score-init-setting',
        },
        { name: 'score-dtl', title: ['基础积分规则详情', 'Basic points rule details'], kind: 'basic points', kindScreen: 'score-dtl' },
        ...couponActiveKindScreens.slice(10),
      ],
    }),
    declareEntry({
      entry: 'push-plan',
      title: ['推送计划', 'Push plans'],
      resourceId: RULE_PREFIXES.pushPlan,
      resourceTitleEn: 'Push plans',
      actions: [],
      custom: 'pushPlan',
      subResources: pushChannels,
      screens: [
        { name: 'list', title: ['推送计划', 'Push plans'] },
        { name: 'add', title: ['新建推送计划', 'New push plan'] },
        { name: 'dtl', title: ['推送计划详情', 'Push plan details'] },
      ],
    }),
  ],
};
