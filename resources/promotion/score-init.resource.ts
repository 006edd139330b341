import { defineResource, field } from '../define';

/**
 * The tenant's points settings (积分规则设置, promotion/score-init; a settings object): the basic
 * rule (yuan of spend per point, used wherever no BASIC_POINTS activity is in scope) and the
 * expiry of points granted (never, N months after the grant, or at the end of the year). Saving
 * writes the ledger's own `points_settings` row in the same transaction
 * (server/modules/points/points-settings.hooks.ts), whose trigger tells every process.
 * The speed (acceleration) rules of the entry are POINTS_SPEED activities (kinds/points-speed.kind.ts).
 */
export const scoreInitResource = defineResource({
  name: 'score-init',
  table: 'points_rule_settings',
  title: ['积分规则设置', 'Points settings'],
  route: { group: 'promotion', entry: 'score-init', screens: { settings: 'score-init', settingsEdit: 'score-setting' } },
  access: { read: ['规则查看'], write: '配置维护' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    yuanPerPoint: field.money({
      label: ['每积1分所需金额(元)', 'Yuan per point'],
      help: ['消费满该金额积 1 分，不足部分不积分', 'One point for each full amount spent; the rest earns none'],
      required: true,
      min: 0.01,
      max: 100000,
      defaultValue: 1,
    }),
    expiryMode: field.enum({
      label: ['积分有效期', 'Points expire'],
      required: true,
      options: {
        never: { label: ['永久有效', 'Never'], color: 'green' },
        months: { label: ['获得后按月过期', 'Months after they are granted'], color: 'blue' },
        yearEnd: { label: ['年底过期', 'At the end of the year'], color: 'orange' },
      },
      defaultValue: 'never',
    }),
    expiryMonths: field.integer({
      label: ['有效月数', 'Months valid'],
      required: true,
      when: { field: 'expiryMode', in: ['months'] },
      min: 1,
      max: 120,
      defaultValue: 12,
    }),
    remark: field.longText({ label: ['规则说明', 'Notes'], maxLength: 500 }),
  },
  titleField: 'expiryMode',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  form: [
    { key: 'basic', title: ['基础规则', 'Basic rule'], fields: ['yuanPerPoint'] },
    { key: 'expiry', title: ['有效期', 'Expiry'], fields: ['expiryMode', 'expiryMonths', 'remark'] },
  ],
  deletable: false,
});
