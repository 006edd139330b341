import { defineResource, field } from '../define';

/**
 * Growth value settings (a settings object, one per tenant): how long earned growth value
 * counts, and when a member's growth value is reset.
 */
export const growValueSettingResource = defineResource({
  name: 'grow-value-setting',
  table: 'grow_value_settings',
  title: ['成长值设置', 'Growth value settings'],
  route: { group: 'member', entry: 'grow-value-rule', screens: { settings: 'grow-value-rule-setting' } },
  access: { read: ['规则查看'], write: '配置维护' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    validityMode: field.enum({
      label: ['成长值有效期', 'Growth value validity'],
      required: true,
      options: {
        FOREVER: { label: ['永久有效', 'Never expires'] },
        MONTHS: { label: ['获得后 N 个月', 'N months after earning'] },
        YEAR_END: { label: ['当年年底', 'End of the year'] },
      },
      defaultValue: 'FOREVER',
    }),
    validityMonths: field.integer({
      label: ['有效月数', 'Months'],
      help: ['有效期为“获得后 N 个月”时使用', 'For "N months after earning"'],
      required: true,
      when: { field: 'validityMode', in: ['MONTHS'] },
      min: 1,
      max: 120,
      defaultValue: 12,
    }),
    resetPolicy: field.enum({
      label: ['清零规则', 'Reset'],
      required: true,
      options: {
        NEVER: { label: ['不清零', 'Never reset'] },
        YEAR_START: { label: ['每年 1 月 1 日清零', 'Reset every 1 January'] },
        AFTER_UPGRADE: { label: ['升级后扣除升级所用成长值', 'Deduct what an upgrade used'] },
      },
      defaultValue: 'NEVER',
    }),
    remark: field.longText({ label: ['说明', 'Notes'], maxLength: 500 }),
  },
  titleField: 'validityMode',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
