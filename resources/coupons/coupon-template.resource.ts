import { defineKinds, defineResource, field, type ObjectMemberField } from '../define';
import type { ObjectValueOf, RecordOf } from '../record-of';
import { preset } from '../field-presets';
import { COUPON_LINE_TYPES, COUPON_TEMPLATE_STATES, type CouponLineType } from './coupon-line-types';

/**
 * A coupon template (券模板, coupons/coupon-template; DOMAIN.md "Coupons", spec §4 coupon-line
 * types): what every coupon issued from it is worth and where, when and by whom it can be used.
 *
 * One table, many kinds (`defineKinds`): the ten §4 line types are the kinds of `lineType`, each
 * declaring only its own value part (a cash coupon its face value, a discount coupon its rate and
 * cap …) as members of the one jsonb `rule` ({@link LINE_TYPE_RULES}). The catalogue entry has
 * one list, one add and one detail screen for every type, so the kinds declare no screens of
 * their own: the type is chosen in the form, which then shows that type's rule
 * (resources/define.ts `KindDef.screens`).
 *
 * Shared by every type: the threshold, the validity (one object: fixed dates, or N days after
 * receipt with a delay), the usable times (one object: weekdays and a time-of-day window), the stores and goods it applies to (all, only the
 * listed ones, or all but them), the total quantity and the per-member limit, the bearer
 * (costparty) and its share of the cost, whether it stacks with other coupons and with points as
 * cash (one object), how its discount is apportioned over the order's lines (§4 FAV / PAY / COLLOCATION), a
 * description and a picture.
 *
 * Life cycle: DRAFT 草稿 (edited freely, deletable) -> `enable` -> EFFECTIVE 已生效 (coupons can be
 * issued; the value part and the validity rule are frozen because issued coupons rely on them,
 * `editableIn: ['DRAFT']`; names, texts, limits and scopes may still change) -> `stop` -> STOPPED
 * 已停止 (no more issuing; coupons already out stay usable until they expire).
 * `issuedCount` is the issuing counter: server/modules/coupons/issue.service.ts raises it with one
 * conditional update, so the total quantity holds under any concurrency.
 */

/** Fields issued coupons rely on: changed only while the template is a draft. */
const VALUE_EDITABLE_IN = ['DRAFT'];

const discountRate = (label: readonly [string, string]) =>
  field.decimal({
    label,
    help: ['8.5 表示按原价的 85% 收取', '85 means the customer pays 85% of the price (15% off)'],
    required: true,
    decimals: 1,
    asDiscount: true,
    min: 0.1,
    max: 9.9,
  });
const discountCap = () =>
  field.money({
    label: ['最高优惠(元)', 'Largest discount (yuan)'],
    help: ['不填则不封顶', 'Empty: no cap'],
    emptyMeans: ['不封顶', 'No cap'],
    min: 0.01,
    max: 99999999,
  });
const productOf = (label: readonly [string, string]) => field.relation({ label, resource: 'product', required: true });

const scope = (label: readonly [string, string]) =>
  field.enum({
    label,
    required: true,
    options: {
      ALL: { label: ['全部', 'All'], color: 'green' },
      INCLUDE: { label: ['仅指定', 'Only those listed'], color: 'blue' },
      EXCLUDE: { label: ['指定以外', 'All but those listed'], color: 'orange' },
    },
    defaultValue: 'ALL',
    inList: false,
  });

/**
 * The value part of each line type (§4): its members of the one jsonb `rule` (defineKinds
 * `KindDef.rule`), frozen with the rule once the template is effective. Literal-typed, so the
 * coupon services read each type's stored rule typed from here ({@link StoredLineRule}).
 */
export const LINE_TYPE_RULES = {
  all_cash: {
    cashValue: field.money({ label: ['面额(元)', 'Face value (yuan)'], required: true, min: 0.01, max: 99999999 }),
  },
  goods_cash: {
    goodsCashValue: field.money({
      label: ['商品券面额(元)', 'Face value on the goods (yuan)'],
      help: ['只抵扣适用商品的金额', 'Takes off the applicable goods only'],
      required: true,
      min: 0.01,
      max: 99999999,
    }),
  },
  all_discount: { allDiscountRate: discountRate(['整单折扣(折)', 'Order discount (% paid)']), allDiscountCap: discountCap() },
  goods_discount: {
    goodsDiscountRate: discountRate(['商品折扣(折)', 'Goods discount (% paid)']),
    goodsDiscountCap: discountCap(),
  },
  rfm_type: {
    rfmDiscountRate: discountRate(['会员分群折扣(折)', 'Segment discount (% paid)']),
    rfmDiscountCap: discountCap(),
    rfmSegments: field.enum({
      label: ['适用会员分群(RFM)', 'Member segments (RFM)'],
      help: ['由营销活动按分群发放', 'Campaigns issue it to these segments'],
      required: true,
      multiple: true,
      options: {
        IMPORTANT_VALUE: { label: ['重要价值', 'High value'], color: 'gold' },
        IMPORTANT_DEVELOP: { label: ['重要发展', 'To develop'], color: 'green' },
        IMPORTANT_KEEP: { label: ['重要保持', 'To keep'], color: 'blue' },
        IMPORTANT_RETAIN: { label: ['重要挽留', 'To win back'], color: 'orange' },
        GENERAL: { label: ['一般会员', 'General'], color: 'default' },
      },
      inList: false,
    }),
  },
  goods: {
    pickupGoods: productOf(['提货商品', 'Goods to pick up']),
    pickupQuantity: field.integer({ label: ['提货数量', 'Quantity picked up'], required: true, min: 1, max: 9999, defaultValue: 1 }),
  },
  freight: {
    freightCap: field.money({
      label: ['最高减免运费(元)', 'Largest freight waived (yuan)'],
      help: ['不填则全免运费', 'Empty: the whole freight'],
      emptyMeans: ['全免运费', 'The whole freight'],
      min: 0.01,
      max: 99999999,
    }),
  },
  random_cash: {
    randomMin: field.money({ label: ['最小面额(元)', 'Smallest value (yuan)'], required: true, min: 0.01, max: 99999999 }),
    randomMax: field.money({ label: ['最大面额(元)', 'Largest value (yuan)'], required: true, min: 0.01, max: 99999999 }),
    randomDistribution: field.enum({
      label: ['金额分布', 'Distribution'],
      required: true,
      options: {
        UNIFORM: { label: ['均匀分布', 'Even'], color: 'blue' },
        LOW_BIASED: { label: ['小额居多', 'Mostly small'], color: 'cyan' },
      },
      defaultValue: 'UNIFORM',
    }),
  },
  exchange_goods: {
    exchangeGoods: productOf(['换购商品', 'Goods bought at the exchange price']),
    exchangePrice: field.money({ label: ['换购价(元)', 'Exchange price (yuan)'], required: true, min: 0, max: 99999999 }),
  },
  points: {
    pointsValue: field.integer({ label: ['赠送积分', 'Points given'], required: true, min: 1, max: 10_000_000 }),
  },
  special_price: {
    specialPrice: field.money({
      label: ['特价(元/件)', 'Special price (yuan each)'],
      help: ['适用商品按此单价结算', 'Applicable goods are charged this unit price'],
      required: true,
      min: 0,
      max: 99999999,
    }),
    specialQuantity: field.integer({
      label: ['特价件数上限', 'Most units at the special price'],
      required: true,
      min: 1,
      max: 9999,
      defaultValue: 1,
    }),
  },
} as const satisfies { readonly [T in CouponLineType]: Readonly<Record<string, ObjectMemberField>> };

/**
 * When a coupon is valid (frozen once effective: issued coupons carry their window): fixed dates,
 * or N days after receipt with a delay. One jsonb object; its mode decides which members apply.
 */
const validityField = field.object({
  label: ['有效期规则', 'Validity rule'],
  required: true,
  defaultValue: { validityMode: 'RELATIVE', delayDays: 0 },
  editableIn: VALUE_EDITABLE_IN,
  inList: false,
  fields: {
    validityMode: field.enum({
      label: ['有效期类型', 'Validity'],
      required: true,
      options: {
        FIXED: { label: ['固定日期', 'Fixed dates'], color: 'blue' },
        RELATIVE: { label: ['领取后生效', 'Days after receipt'], color: 'cyan' },
      },
      defaultValue: 'RELATIVE',
    }),
    validDates: field.dateRange({ label: ['有效日期', 'Valid dates'], required: true, when: { field: 'validityMode', in: ['FIXED'] } }),
    validDays: field.integer({
      label: ['有效天数', 'Valid for (days)'],
      help: ['不填则按券设置的默认有效天数', 'Empty: the default of the coupon settings'],
      emptyMeans: ['按券设置的默认天数', "The coupon settings' default"],
      when: { field: 'validityMode', in: ['RELATIVE'] },
      min: 1,
      max: 3650,
    }),
    delayDays: field.integer({
      label: ['领取后延迟生效天数', 'Days before it starts'],
      when: { field: 'validityMode', in: ['RELATIVE'] },
      min: 0,
      max: 365,
      defaultValue: 0,
    }),
  },
});

/** When in the week and the day a coupon can be used (may change while effective). */
const usableTimesField = field.object({
  label: ['可用时段', 'Usable times'],
  inList: false,
  fields: {
    weekdays: field.weekdays({
      label: ['可用星期', 'Weekdays'],
      help: ['不选则每天可用', 'None: every day'],
      emptyMeans: ['每天', 'Every day'],
    }),
    dayStart: field.time({ label: ['每日可用开始', 'Usable daily from'] }),
    dayEnd: field.time({
      label: ['每日可用结束', 'Usable daily until'],
      help: ['不填则全天可用', 'Empty: all day'],
      emptyMeans: ['全天', 'All day'],
    }),
  },
});

/** Whether a coupon combines with other coupons and with points as cash in one order. */
const stackingField = field.object({
  label: ['叠加使用', 'Stacking'],
  required: true,
  defaultValue: { stackWithCoupons: false, stackWithPoints: true },
  inList: false,
  fields: {
    stackWithCoupons: field.boolean({ label: ['可与其他券叠加', 'Stacks with other coupons'], required: true, defaultValue: false }),
    stackWithPoints: field.boolean({ label: ['可与积分抵现同用', 'Stacks with points as cash'], required: true, defaultValue: true }),
  },
});

const base = defineResource({
  name: 'coupon-template',
  table: 'coupon_templates',
  title: ['券模板', 'Coupon template'],
  route: { group: 'coupons', entry: 'coupon-template', screens: { list: 'list', add: 'add', dtl: 'dtl' } },
  access: { read: ['券模板查看', 'configure'], write: 'configure' },
  scope: 'tenant',
  fields: {
    number: preset.documentNumber({ label: ['模板编号', 'Template number'], width: 130 }),
    name: preset.name(['券名称', 'Coupon name']),
    lineType: field.enum({
      label: ['券类型', 'Coupon type'],
      required: true,
      readOnlyAfterCreate: true,
      options: {},
      filter: 'in',
      sortable: true,
      width: 130,
    }),
    state: field.enum({
      label: ['状态', 'Status'],
      options: COUPON_TEMPLATE_STATES,
      defaultValue: 'DRAFT',
      serverManaged: true,
      filter: 'in',
      width: 100,
    }),
    threshold: field.money({
      label: ['使用门槛(元)', 'Threshold (yuan)'],
      help: ['适用商品满此金额可用；0 为无门槛', 'Usable when the applicable goods reach this amount; 0 = none'],
      required: true,
      min: 0,
      max: 99999999,
      defaultValue: 0,
      editableIn: VALUE_EDITABLE_IN,
      width: 110,
    }),
    validity: validityField,
    usableTimes: usableTimesField,
    storeScope: scope(['适用门店', 'Stores']),
    stores: field.relation({
      label: ['门店', 'Stores listed'],
      resource: 'store',
      multiple: true,
      required: true,
      when: { field: 'storeScope', in: ['INCLUDE', 'EXCLUDE'] },
      inList: false,
    }),
    goodsScope: scope(['适用商品', 'Goods']),
    ...preset.listedGoods('goodsScope'),
    totalQuantity: field.integer({
      label: ['发行总量', 'Total quantity'],
      help: ['不填则不限量', 'Empty: unlimited'],
      emptyMeans: ['不限量', 'Unlimited'],
      min: 1,
      max: 100_000_000,
      width: 110,
    }),
    perMemberLimit: field.integer({
      label: ['每人限领', 'Per member'],
      help: ['不填则不限', 'Empty: unlimited'],
      emptyMeans: ['不限', 'Unlimited'],
      min: 1,
      max: 10_000,
      width: 100,
    }),
    issuedCount: field.integer({ label: ['已发放', 'Issued'], serverManaged: true, defaultValue: 0, width: 100 }),
    costparty: field.relation({ label: ['券承担方', 'Bearer'], resource: 'costparty', filter: 'eq', width: 140 }),
    costShare: field.decimal({
      label: ['承担比例(%)', 'Share borne (%)'],
      help: ['不填则按承担方的结算比例', "Empty: the bearer's settlement ratio"],
      emptyMeans: ['按承担方的结算比例', "The bearer's settlement ratio"],
      decimals: 2,
      min: 0,
      max: 100,
      inList: false,
    }),
    stacking: stackingField,
    apportionSubject: field.enum({
      label: ['分摊方式', 'Apportioned as'],
      required: true,
      options: {
        FAV: { label: ['优惠', 'Discount'], color: 'blue' },
        PAY: { label: ['支付', 'Payment'], color: 'green' },
        COLLOCATION: { label: ['组合', 'Combination'], color: 'purple' },
      },
      defaultValue: 'FAV',
      editableIn: VALUE_EDITABLE_IN,
      inList: false,
    }),
    description: field.longText({ label: ['使用说明', 'Terms of use'], maxLength: 1000 }),
    picture: field.file({ label: ['券图片', 'Picture'], accept: 'image/*', maxSizeMb: 2 }),
  },
  titleField: 'name',
  numbering: { field: 'number', prefix: 'QT', digits: 8 },
  list: {
    columns: ['number', 'name', 'lineType', 'state', 'threshold', 'totalQuantity', 'issuedCount', 'perMemberLimit', 'costparty'],
    defaultSort: { field: 'number', order: 'desc' },
  },
  form: [
    {
      key: 'main',
      title: ['基本信息', 'Basic information'],
      fields: ['name', 'lineType', 'threshold', 'apportionSubject', 'description', 'picture'],
    },
    {
      key: 'validity',
      title: ['有效期', 'Validity'],
      fields: ['validity', 'usableTimes'],
    },
    {
      key: 'scope',
      title: ['适用范围', 'Where it applies'],
      fields: ['storeScope', 'stores', 'goodsScope', 'goods', 'categories', 'brands'],
    },
    {
      key: 'issue',
      title: ['发放与承担', 'Issuing and cost'],
      fields: ['totalQuantity', 'perMemberLimit', 'costparty', 'costShare', 'stacking'],
    },
  ],
  states: {
    field: 'state',
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'EFFECTIVE'],
    deletableIn: ['DRAFT'],
    actions: {
      enable: {
        label: ['生效', 'Make effective'],
        from: ['DRAFT'],
        to: 'EFFECTIVE',
        confirm: [
          '生效后即可发券，券面值与有效期规则不能再修改。确定生效“{title}”吗？',
          'Once effective, coupons can be issued and the value and validity can no longer change. Make "{title}" effective?',
        ],
      },
      stop: {
        label: ['停止', 'Stop'],
        from: ['EFFECTIVE'],
        to: 'STOPPED',
        danger: true,
        reason: 'optional',
        confirm: [
          '停止后不能再发券，已发出的券在有效期内仍可使用。确定停止“{title}”吗？',
          'Once stopped, no more coupons are issued; coupons already out stay usable until they expire. Stop "{title}"?',
        ],
      },
    },
  },
  files: { module: 'coupons' },
});

/** The coupon template: one table, the ten line types as its kinds (chosen in the one form). */
export const couponTemplates = defineKinds({
  base,
  kindField: 'lineType',
  kinds: Object.fromEntries(COUPON_LINE_TYPES.map((t) => [t.value, { title: t.label, rule: LINE_TYPE_RULES[t.value] }])),
  // The face value or discount is what a template is about: right after its name and type.
  kindSectionsAfter: 'main',
  // Frozen once effective; a create without a rule still has its type's required members checked.
  ruleField: { editableIn: VALUE_EDITABLE_IN, defaultValue: {} },
});

export const couponTemplateResource = couponTemplates.base;

/** A line type's value part as stored in the template's `rule` (typed from {@link LINE_TYPE_RULES}). */
export type StoredLineRule<T extends CouponLineType> = ObjectValueOf<(typeof LINE_TYPE_RULES)[T]>;

/**
 * A stored coupon template as the coupon services read it: the declaration's record (`RecordOf`)
 * with the rule of its line type.
 */
export type CouponTemplateRecord = Omit<RecordOf<typeof base>, 'lineType'> &
  { readonly [T in CouponLineType]: { readonly lineType: T; readonly rule: StoredLineRule<T> | null } }[CouponLineType];
