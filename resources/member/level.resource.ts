import { defineResource, field } from '../define';
import { preset } from '../field-presets';
import { enabledStates } from './enabled-state';

/**
 * A membership level (DOMAIN.md "Levels and growth"). Free, special and paid levels share one
 * table and one declaration, told apart by `levelType`:
 *
 * - FREE levels form a ladder reached by growth value: each has a growth threshold;
 * - SPECIAL levels (staff, fleet customers) are assigned by staff, never reached by growth;
 * - PAID levels are bought: a price for a term in months, optionally only in some stores.
 *
 * Every level carries the same rights (points multiplier, discount, birthday gift, free parking,
 * coupon pack). Which fields apply to which type is declared on them (`when` on levelType): the
 * engine requires them only then and clears them otherwise, and the level screens show them
 * only then.
 */

/** The three kinds of level. */
export const LEVEL_TYPES = ['FREE', 'SPECIAL', 'PAID'] as const;
export type LevelType = (typeof LEVEL_TYPES)[number];

/** The condition of the fields only paid levels have (price, term, stores). */
const PAID_ONLY = { field: 'levelType', in: ['PAID'] } as const;

/** Keys of the level form's sections: screens show a subset (the rights forms show `rights`). */
export const LEVEL_SECTIONS = { basic: 'basic', rights: 'rights', suit: 'suit' } as const;

export const levelResource = defineResource({
  name: 'level',
  table: 'member_levels',
  title: ['会员等级', 'Membership level'],
  // level-manage is a slot override (three ladders); the other level screens reuse the form.
  route: { group: 'member', entry: 'level', screens: { list: 'level-manage' } },
  access: { read: ['等级查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    levelType: field.enum({
      label: ['等级类型', 'Level type'],
      required: true,
      options: {
        FREE: { label: ['免费等级', 'Free level'], color: 'blue' },
        SPECIAL: { label: ['特殊等级', 'Special level'], color: 'purple' },
        PAID: { label: ['付费等级', 'Paid level'], color: 'gold' },
      },
      readOnlyAfterCreate: true,
      filter: 'eq',
      sortable: true,
      width: 110,
    }),
    code: field.text({
      label: ['等级编码', 'Level code'],
      required: true,
      unique: true,
      maxLength: 32,
      pattern: {
        regex: '^[A-Za-z0-9_-]{1,32}$',
        message: ['等级编码只能包含字母、数字、下划线和短横线', 'Use letters, digits, _ and - only'],
      },
      searchable: true,
      filter: 'prefix',
      readOnlyAfterCreate: true,
      width: 120,
    }),
    name: preset.uniqueName(['等级名称', 'Level name'], { maxLength: 30, width: 140 }),
    rankOrder: field.integer({
      label: ['等级顺序', 'Rank'],
      help: ['数字越大等级越高', 'A higher number is a higher level'],
      required: true,
      min: 1,
      max: 99,
      sortable: true,
      width: 90,
    }),
    growthThreshold: field.integer({
      label: ['升级所需成长值', 'Growth value to reach'],
      help: ['会员成长值达到该值即升至此等级', 'Members reach this level when their growth value reaches this number'],
      // Only free levels form a ladder reached by growth.
      required: true,
      when: { field: 'levelType', in: ['FREE'] },
      min: 0,
      max: 99999999,
      sortable: true,
      width: 140,
    }),
    price: field.money({ label: ['售价（元）', 'Price (yuan)'], required: true, when: PAID_ONLY, min: 0.01, max: 99999, width: 110 }),
    termMonths: field.integer({ label: ['有效期（月）', 'Term (months)'], required: true, when: PAID_ONLY, min: 1, max: 120, width: 110 }),
    description: field.longText({ label: ['等级说明', 'Description'], maxLength: 500 }),
    pointsMultiplier: field.decimal({
      label: ['积分倍数', 'Points multiplier'],
      help: ['消费积分乘以该倍数，1 表示不加倍', 'Points earned are multiplied by this; 1 means no bonus'],
      decimals: 2,
      min: 1,
      max: 10,
      defaultValue: 1,
      width: 100,
    }),
    discount: field.decimal({
      label: ['会员折扣', 'Member discount'],
      help: ['0.95 表示九五折，1 表示不打折', '0.95 means 5% off, 1 means no discount'],
      decimals: 2,
      min: 0.1,
      max: 1,
      defaultValue: 1,
      width: 100,
    }),
    birthdayGift: field.text({ label: ['生日礼', 'Birthday gift'], maxLength: 100, inList: false }),
    freeParkingHours: field.integer({
      label: ['免费停车（小时）', 'Free parking (hours)'],
      min: 0,
      max: 24,
      defaultValue: 0,
      inList: false,
    }),
    // A relation to coupon templates once they are declared; until then the pack is described.
    couponPack: field.text({
      label: ['升级券包', 'Coupon pack'],
      help: ['券包内容说明，例如“满100减10券×2”', 'What the pack holds, e.g. "¥10 off ¥100 ×2"'],
      maxLength: 200,
      inList: false,
    }),
    suitStores: field.relation({
      label: ['适用门店', 'Applicable stores'],
      help: ['不选表示全部门店适用', 'Leave empty for every store'],
      emptyMeans: ['全部门店', 'All stores'],
      resource: 'store',
      multiple: true,
      inList: false,
    }),
    state: preset.enabledState(),
  },
  titleField: 'name',
  titlesKept: true,
  // Pickers list levels as the ladder reads, lowest rank first.
  picker: { sort: { field: 'rankOrder', order: 'asc' } },
  list: {
    columns: ['levelType', 'rankOrder', 'code', 'name', 'growthThreshold', 'price', 'termMonths', 'pointsMultiplier', 'discount', 'state'],
    defaultSort: { field: 'rankOrder', order: 'asc' },
    pageSize: 100,
  },
  form: [
    {
      key: LEVEL_SECTIONS.basic,
      title: ['基本信息', 'Basic information'],
      fields: ['levelType', 'code', 'name', 'rankOrder', 'growthThreshold', 'price', 'termMonths', 'description'],
    },
    {
      key: LEVEL_SECTIONS.rights,
      title: ['等级权益', 'Benefits'],
      fields: ['pointsMultiplier', 'discount', 'birthdayGift', 'freeParkingHours', 'couponPack'],
    },
    // Only a paid level is sold in some stores.
    { key: LEVEL_SECTIONS.suit, title: ['适用范围', 'Where it applies'], fields: ['suitStores'], when: PAID_ONLY },
  ],
  states: enabledStates(['等级', 'level']),
});
