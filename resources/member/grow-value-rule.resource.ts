import { defineResource, field } from '../define';
import { preset } from '../field-presets';
import { enabledStates } from './enabled-state';

/**
 * A growth value rule: how members earn growth value (which lifts free levels, and is never
 * spent) from one source. Spending and recharging earn one point per so many yuan; signing in
 * earns a fixed number. Caps limit what one member earns per day and per transaction.
 */

/** Sources that earn per yuan (sign-in earns a fixed amount per event). */
export const PER_YUAN_SOURCES = ['CONSUMPTION', 'RECHARGE'] as const;

export const growValueRuleResource = defineResource({
  name: 'grow-value-rule',
  table: 'grow_value_rules',
  title: ['成长值规则', 'Growth value rule'],
  route: { group: 'member', entry: 'grow-value-rule', screens: { list: 'grow-value-rule', dtl: 'grow-value-rule-dtl' } },
  access: { read: ['规则查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: preset.name(['规则名称', 'Rule name'], { width: 180 }),
    source: field.enum({
      label: ['成长值来源', 'Source'],
      required: true,
      options: {
        CONSUMPTION: { label: ['消费', 'Spending'], color: 'blue' },
        RECHARGE: { label: ['储值充值', 'Recharge'], color: 'cyan' },
        SIGN_IN: { label: ['签到', 'Sign-in'], color: 'green' },
      },
      filter: 'eq',
      sortable: true,
      width: 110,
    }),
    yuanPerPoint: field.money({
      label: ['每多少元得 1 成长值', 'Yuan per growth point'],
      help: ['消费或充值来源使用', 'For spending and recharge'],
      required: true,
      when: { field: 'source', in: PER_YUAN_SOURCES },
      min: 0.01,
      max: 100000,
      width: 150,
    }),
    pointsPerEvent: field.integer({
      label: ['每次签到成长值', 'Growth per sign-in'],
      help: ['签到来源使用', 'For sign-in'],
      required: true,
      when: { field: 'source', in: ['SIGN_IN'] },
      min: 1,
      max: 1000,
      width: 130,
    }),
    perTransactionCap: field.integer({
      label: ['单笔上限', 'Cap per transaction'],
      help: ['0 表示不限', '0 means no cap'],
      min: 0,
      max: 1000000,
      defaultValue: 0,
      width: 110,
    }),
    dailyCap: field.integer({
      label: ['每日上限', 'Cap per day'],
      help: ['0 表示不限', '0 means no cap'],
      min: 0,
      max: 1000000,
      defaultValue: 0,
      width: 110,
    }),
    validity: field.dateRange({ label: ['生效期间', 'Valid'], filter: 'range', width: 220 }),
    remark: preset.remark(),
    state: preset.enabledState(),
  },
  titleField: 'name',
  list: {
    columns: ['name', 'source', 'yuanPerPoint', 'pointsPerEvent', 'perTransactionCap', 'dailyCap', 'validity', 'state'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: [
    { key: 'rule', title: ['规则', 'Rule'], fields: ['name', 'source', 'yuanPerPoint', 'pointsPerEvent', 'validity'] },
    { key: 'caps', title: ['上限', 'Caps'], fields: ['perTransactionCap', 'dailyCap', 'remark'] },
  ],
  states: enabledStates(['规则', 'rule']),
});
