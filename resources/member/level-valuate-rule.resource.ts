import { defineResource, field } from '../define';

/**
 * The level evaluation rule (a settings object, one per tenant): when free levels are
 * re-evaluated against growth value (at once, or monthly on a given day), whether a member can
 * drop a level, and for how many months a level reached is kept before it may drop.
 */
export const levelValuateRuleResource = defineResource({
  name: 'level-valuate-rule',
  table: 'level_valuate_rules',
  title: ['等级评定规则', 'Level evaluation rules'],
  route: { group: 'member', entry: 'level', screens: { settings: 'level-valuate-rule' } },
  access: { read: ['等级查看'], write: '配置维护' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    mode: field.enum({
      label: ['评定方式', 'Evaluation'],
      required: true,
      options: {
        REALTIME: { label: ['实时评定（成长值变化即升级）', 'Real time (on every growth change)'], color: 'blue' },
        MONTHLY: { label: ['按月评定', 'Monthly'], color: 'cyan' },
      },
      defaultValue: 'REALTIME',
    }),
    monthlyDay: field.integer({
      label: ['每月评定日', 'Day of the month'],
      help: ['按月评定时，每月该日凌晨评定；1–28 日', 'For monthly evaluation: the day of each month, 1–28'],
      required: true,
      when: { field: 'mode', in: ['MONTHLY'] },
      min: 1,
      max: 28,
      defaultValue: 1,
    }),
    canDowngrade: field.boolean({ label: ['允许降级', 'Levels can drop'], defaultValue: true }),
    protectionMonths: field.integer({
      label: ['保级期（月）', 'Protection (months)'],
      help: ['升级后至少保留该等级的月数，期间不降级', 'Months a level reached is kept before it may drop'],
      min: 0,
      max: 36,
      defaultValue: 12,
    }),
    remark: field.longText({ label: ['规则说明', 'Notes'], maxLength: 500 }),
  },
  titleField: 'mode',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  form: [
    { key: 'evaluation', title: ['评定时机', 'When levels are evaluated'], fields: ['mode', 'monthlyDay'] },
    { key: 'downgrade', title: ['降级规则', 'Dropping a level'], fields: ['canDowngrade', 'protectionMonths', 'remark'] },
  ],
  deletable: false,
});
