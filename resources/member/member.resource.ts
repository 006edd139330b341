import { defineResource, defineView, field, type EnumOption, type ResourceDef } from '../define';
import { preset } from '../field-presets';

/**
 * Members (DOMAIN.md "Members"): one table, `members`, and three views of it (DESIGN.md §7):
 *
 * - `member` is the standard member list (member/standard-member): every member of the merchant,
 *   whatever their profile or centre. A real console's headquarters list is the whole
 *   membership; the petrol profile and the centres are narrower views of the same people, so
 *   this view has no fixed filter.
 * - `dqsh-member` (member/dqsh-member) is the petrol-station profile: members whose `profile` is
 *   `petrol`, with their vehicle (plate, fuel type, fleet / company) in the list; a member
 *   registered here is a petrol member.
 * - `marketcenter-member` (member/marketcenter-member) is scoped to the marketing centre chosen
 *   in the header: its reads and writes only ever reach that centre's members, and a member
 *   registered here belongs to it.
 *
 * Member numbers are drawn by the engine (`numbering`, `M` + 9 digits); freezing, unfreezing and
 * cancelling take a reason and are logged. Members are never deleted: they are cancelled. The
 * level, the growth value and the state belong to their engines (level change, growth, state
 * actions): no member form offers them and a member body may not set them (server/modules/members/member.hooks.ts).
 * `server/modules/points/member-guard.ts` reads `members (tenant_id, id, state)` directly.
 */

/** The states of a member and their display (§4). */
const STATES = {
  using: { label: ['在用', 'In use'], color: 'green' },
  blocked: { label: ['冻结', 'Frozen'], color: 'red' },
  unactivated: { label: ['未激活', 'Not activated'], color: 'orange' },
  canceled: { label: ['已注销', 'Cancelled'], color: 'default' },
} as const satisfies Record<string, EnumOption>;

/**
 * Custom members carry the capitalised variants (§4: `Using`, `Blocked` …); they display like
 * the lower-case states, are never offered in a select, and a filter on `using` finds `Using`.
 */
function withCapitalisedVariants(states: Readonly<Record<string, EnumOption>>): Record<string, EnumOption> {
  const variants = Object.entries(states).map(([code, option]) => [code[0].toUpperCase() + code.slice(1), { ...option, aliasOf: code }]);
  return { ...states, ...Object.fromEntries(variants) };
}

/** Member states an action may move a member from, with their capitalised variants. */
const from = (...states: (keyof typeof STATES)[]) => states.flatMap((s) => [s, s[0].toUpperCase() + s.slice(1)]);

/** Values of the `profile` field; the petrol view is fixed to `petrol`. */
export const MEMBER_PROFILES = { standard: 'standard', petrol: 'petrol' } as const;

/** Fields of the vehicle section (the petrol profile's extension). */
export const VEHICLE_FIELDS = ['plateNumber', 'fuelType', 'fleet'] as const;

export const memberResource = defineResource({
  name: 'member',
  table: 'members',
  title: ['会员', 'Member'],
  route: { group: 'member', entry: 'standard-member', screens: { list: 'list', dtl: 'dtl' } },
  access: { read: ['会员资料查看', '账户信息查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    memberNumber: field.text({
      label: ['会员编号', 'Member number'],
      required: true,
      unique: true,
      serverManaged: true,
      maxLength: 20,
      filter: 'prefix',
      width: 140,
    }),
    name: preset.name(['姓名', 'Name'], { maxLength: 40, width: 110 }),
    mobile: field.text({
      label: ['手机号', 'Mobile'],
      required: true,
      unique: true,
      maxLength: 11,
      pattern: { regex: '^1[3-9]\\d{9}$', message: ['请输入 11 位手机号', 'Enter an 11-digit mobile number'] },
      filter: 'prefix',
      width: 130,
    }),
    cardNumber: field.text({
      label: ['会员卡号', 'Card number'],
      unique: true,
      maxLength: 32,
      pattern: { regex: '^[A-Za-z0-9]{6,32}$', message: ['卡号为 6 到 32 位字母或数字', 'A card number has 6 to 32 letters or digits'] },
      filter: 'prefix',
      width: 160,
    }),
    gender: field.enum({
      label: ['性别', 'Gender'],
      options: {
        male: { label: ['男', 'Male'], color: 'blue' },
        female: { label: ['女', 'Female'], color: 'magenta' },
        unknown: { label: ['未知', 'Unknown'], color: 'default' },
      },
      defaultValue: 'unknown',
      width: 80,
    }),
    birthday: field.date({ label: ['生日', 'Birthday'], help: ['公历出生日期', 'Date of birth (solar calendar)'], width: 110 }),
    birthdayType: field.enum({
      label: ['生日类型', 'Birthday calendar'],
      help: [
        '农历会员按农历过生日，详情显示下一个对应的公历日期',
        'Lunar members celebrate by the lunar calendar; the detail shows the next solar date',
      ],
      options: {
        solar: { label: ['公历', 'Solar'], color: 'default' },
        lunar: { label: ['农历', 'Lunar'], color: 'volcano' },
      },
      defaultValue: 'solar',
      inList: false,
    }),
    registerStore: field.relation({ label: ['注册门店', 'Registration store'], resource: 'store', filter: 'eq', width: 180 }),
    channel: field.enum({
      label: ['注册渠道', 'Channel'],
      required: true,
      options: {
        store: { label: ['门店', 'Store'], color: 'blue' },
        weixin: { label: ['微信', 'WeChat'], color: 'green' },
        alipay: { label: ['支付宝', 'Alipay'], color: 'geekblue' },
        miniProgram: { label: ['小程序', 'Mini program'], color: 'cyan' },
        third: { label: ['第三方', 'Third party'], color: 'purple' },
      },
      defaultValue: 'store',
      filter: 'in',
      width: 100,
    }),
    // Who invited the member (invite-gift, issue 13): set on registration only; the invite gift
    // rewards the inviter and the new member once each when the member registers
    // (server/modules/activities/events/).
    invitedBy: field.relation({
      label: ['邀请人', 'Invited by'],
      help: ['注册时填写，注册后不可修改', 'Set on registration; cannot be changed afterwards'],
      resource: 'member',
      readOnlyAfterCreate: true,
      filter: 'eq',
      inList: false,
      width: 140,
    }),
    registeredAt: field.datetime({
      label: ['注册时间', 'Registered at'],
      required: true,
      serverManaged: true,
      filter: 'range',
      sortable: true,
      width: 170,
    }),
    // Moved only by the level engine (server/modules/levels/level-change.ts), which records the
    // cause and pays the incentives: never written from a member body (server/modules/members/member.hooks.ts).
    level: field.relation({ label: ['会员等级', 'Level'], resource: 'level', serverManaged: true, filter: 'eq', width: 110 }),
    growthValue: field.integer({
      label: ['成长值', 'Growth value'],
      help: ['由消费累积，用于评定免费等级', 'Earned by spending; decides the free level'],
      required: true,
      serverManaged: true,
      defaultValue: 0,
      min: 0,
      max: 999999999,
      sortable: true,
      // Moved by every sale (the growth step): no index, so the member row is updated in place.
      hotCounter: true,
      width: 100,
    }),
    tags: field.enum({
      label: ['会员标签', 'Tags'],
      multiple: true,
      options: {
        frequentFuel: { label: ['高频加油', 'Frequent fueller'], color: 'blue' },
        carWash: { label: ['洗车客户', 'Car wash customer'], color: 'cyan' },
        shopRegular: { label: ['便利店常客', 'Shop regular'], color: 'green' },
        highValue: { label: ['高价值', 'High value'], color: 'gold' },
        nightOwl: { label: ['夜间消费', 'Night-time buyer'], color: 'purple' },
        newcomer: { label: ['新客', 'Newcomer'], color: 'lime' },
        dormant: { label: ['沉睡会员', 'Dormant'], color: 'default' },
        fleet: { label: ['车队客户', 'Fleet customer'], color: 'geekblue' },
      },
      filter: 'in',
      inList: false,
    }),
    marketingCenter: preset.marketingCenter({ width: 140 }),
    profile: field.enum({
      label: ['会员档案', 'Profile'],
      options: {
        standard: { label: ['标准会员', 'Standard'], color: 'default' },
        petrol: { label: ['油站会员', 'Fuel station'], color: 'orange' },
      },
      defaultValue: MEMBER_PROFILES.standard,
      filter: 'eq',
      width: 100,
    }),
    plateNumber: field.text({
      label: ['车牌号', 'Plate number'],
      maxLength: 8,
      pattern: {
        regex: '^[\\u4e00-\\u9fa5][A-Z][A-Z0-9]{5,6}$',
        message: ['请输入正确的车牌号，例如沪A12345', 'Enter a valid plate number, e.g. 沪A12345'],
      },
      filter: 'prefix',
      width: 110,
    }),
    fuelType: field.enum({
      label: ['常用油品', 'Fuel type'],
      options: {
        G92: { label: ['92#汽油', '92# petrol'], color: 'blue' },
        G95: { label: ['95#汽油', '95# petrol'], color: 'geekblue' },
        G98: { label: ['98#汽油', '98# petrol'], color: 'purple' },
        D0: { label: ['0#柴油', '0# diesel'], color: 'orange' },
      },
      filter: 'eq',
      width: 100,
    }),
    fleet: field.text({ label: ['车队/单位', 'Fleet / company'], maxLength: 60, filter: 'contains', width: 160 }),
    state: field.enum({
      label: ['会员状态', 'State'],
      required: true,
      options: withCapitalisedVariants(STATES),
      defaultValue: 'using',
      filter: 'eq',
      width: 100,
    }),
    remark: preset.remark(),
  },
  titleField: 'name',
  // Three members named 孙浩然 are three rows a person tells apart: masked mobile and number.
  // Names repeat: where another record refers to a member it shows the name and the number.
  referredAs: ['name', 'memberNumber'],
  picker: {
    describe: [{ field: 'mobile', mask: 'mobile' }, { field: 'memberNumber' }],
    search: ['mobile', 'memberNumber'],
  },
  // `M` + 9 digits from the tenant's `member` counter; the views draw from it too.
  numbering: { field: 'memberNumber', prefix: 'M', digits: 9 },
  list: {
    columns: ['memberNumber', 'name', 'mobile', 'cardNumber', 'level', 'growthValue', 'registerStore', 'channel', 'registeredAt', 'state'],
    defaultSort: { field: 'registeredAt', order: 'desc' },
  },
  form: [
    {
      key: 'basic',
      title: ['基本资料', 'Profile'],
      fields: ['name', 'mobile', 'cardNumber', 'gender', 'birthday', 'birthdayType', 'profile', 'marketingCenter', 'remark'],
    },
    { key: 'registration', title: ['注册信息', 'Registration'], fields: ['registerStore', 'channel', 'invitedBy', 'tags'] },
    { key: 'vehicle', title: ['车辆信息', 'Vehicle'], fields: [...VEHICLE_FIELDS] },
  ],
  detail: {
    sections: [
      {
        key: 'basic',
        title: ['基本资料', 'Profile'],
        fields: [
          'memberNumber',
          'cardNumber',
          'name',
          'mobile',
          'gender',
          'birthday',
          'birthdayType',
          'profile',
          'marketingCenter',
          'remark',
        ],
      },
      { key: 'registration', title: ['注册信息', 'Registration'], fields: ['registerStore', 'channel', 'invitedBy', 'registeredAt'] },
      { key: 'membership', title: ['等级与成长', 'Level and growth'], fields: ['level', 'growthValue', 'tags', 'state'] },
      { key: 'vehicle', title: ['车辆信息', 'Vehicle'], fields: [...VEHICLE_FIELDS] },
    ],
    // The member's latest coupons and prepaid cards and their channel identities, each with a link to its full list filtered on the member.
    related: [
      {
        key: 'coupons',
        title: ['优惠券', 'Coupons'],
        resource: 'coupon',
        field: 'member',
        columns: ['code', 'template', 'state', 'validTo', 'source', 'usedAt'],
      },
      {
        key: 'cards',
        title: ['预付卡', 'Prepaid cards'],
        resource: 'prepay-card',
        field: 'member',
        columns: ['number', 'template', 'state', 'balance', 'validTo'],
      },
      {
        key: 'tagLinks',
        // Not 标签 / Tags: that is the member's own labels' tab; these are precision marketing's tags, each with its source.
        title: ['营销标签', 'Marketing tags'],
        resource: 'member-tag-link',
        field: 'member',
        columns: ['tag', 'source', 'taggedAt'],
      },
      {
        key: 'identities',
        title: ['渠道身份', 'Channel identities'],
        resource: 'member-channel-identity',
        field: 'member',
        columns: ['channel', 'externalId', 'unionId'],
      },
      {
        key: 'pushConsents',
        title: ['消息订阅', 'Message consent'],
        resource: 'push-consent',
        field: 'member',
        columns: ['channel', 'consent', 'remark'],
      },
    ],
  },
  states: {
    field: 'state',
    initial: 'using',
    actions: {
      freeze: {
        label: ['冻结', 'Freeze'],
        from: from('using'),
        to: 'blocked',
        reason: 'required',
        danger: true,
      },
      unfreeze: {
        label: ['解冻', 'Unfreeze'],
        from: from('blocked'),
        to: 'using',
        reason: 'required',
      },
      // Activation (a member registered through WeChat or another channel activates the card):
      // POST /v1/members/activation runs it, and the activation gifts fire (issue 13).
      activate: {
        label: ['激活', 'Activate'],
        from: from('unactivated'),
        to: 'using',
        server: true,
      },
      cancel: {
        label: ['注销', 'Cancel membership'],
        from: from('using', 'blocked', 'unactivated'),
        to: 'canceled',
        reason: 'required',
        danger: true,
        confirm: [
          '注销后会员不能再使用积分和权益，且不可恢复。确定注销“{title}”吗？',
          'A cancelled member can no longer use points or benefits, and this cannot be undone. Cancel "{title}"?',
        ],
      },
    },
  },
  deletable: false,
  files: { module: 'members' },
});

/** The petrol-station member list: petrol-profile members with their vehicle. */
export const dqshMemberResource: ResourceDef = defineView(memberResource, {
  name: 'dqsh-member',
  title: ['油站会员', 'Fuel station member'],
  route: { group: 'member', entry: 'dqsh-member', screens: { list: 'list', dtl: 'dtl' } },
  access: { read: ['会员资料查看', '账户信息查看'], write: '配置维护' },
  scope: 'tenant',
  fixedFilter: { profile: MEMBER_PROFILES.petrol },
  list: {
    columns: ['memberNumber', 'name', 'mobile', 'plateNumber', 'fuelType', 'fleet', 'level', 'registerStore', 'registeredAt', 'state'],
    defaultSort: { field: 'registeredAt', order: 'desc' },
  },
});

/** The members of the marketing centre chosen in the header, and only them. */
export const marketcenterMemberResource: ResourceDef = defineView(memberResource, {
  name: 'marketcenter-member',
  title: ['营销中心会员', 'Marketing centre member'],
  route: { group: 'member', entry: 'marketcenter-member', screens: { list: 'list', dtl: 'dtl' } },
  access: { read: ['会员资料查看', '账户信息查看'], write: '配置维护' },
  scope: 'marketingCenter',
  centreField: 'marketingCenter',
});

/** The member resource and its views, in menu order. */
export const MEMBER_RESOURCES: readonly ResourceDef[] = [memberResource, dqshMemberResource, marketcenterMemberResource];
