import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A reason for adjusting card balances (预付卡调整原因, deposit/prepay-card-adjust/reason): the
 * master every line of a card adjustment names. Its direction says which way a line citing it may
 * move the balance; a disabled reason stays on old documents but cannot be chosen for new lines
 * (server/modules/cards/card-adjust.hooks.ts). The screen is the list; add, edit and detail open in
 * a drawer over it.
 */
export const prepayCardAdjustReasonResource = defineResource({
  name: 'prepay-card-adjust-reason',
  table: 'prepay_card_adjust_reasons',
  title: ['预付卡调整原因', 'Card adjustment reason'],
  route: { group: 'deposit', entry: 'prepay-card-adjust', screens: { list: 'reason' } },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: preset.code(['原因编码', 'Reason code'], {
      pattern: {
        regex: '^[A-Za-z0-9_-]{1,32}$',
        message: ['编码只能包含字母、数字、下划线和短横线', 'Use letters, digits, underscores and dashes only'],
      },
      width: 140,
    }),
    name: preset.uniqueName(['原因名称', 'Reason name']),
    direction: field.enum({
      label: ['调整方向', 'Direction'],
      help: ['引用此原因的调整行只能按此方向调整余额', 'Lines citing this reason may only move the balance this way'],
      required: true,
      options: {
        increase: { label: ['增加', 'Increase'], color: 'green' },
        decrease: { label: ['扣减', 'Decrease'], color: 'red' },
        both: { label: ['增加或扣减', 'Either'], color: 'blue' },
      },
      defaultValue: 'both',
      filter: 'eq',
      width: 120,
    }),
    enabled: preset.enabledFlag(),
    remark: preset.remark(),
  },
  titleField: 'name',
  list: { columns: ['code', 'name', 'direction', 'enabled'], defaultSort: { field: 'code', order: 'asc' } },
});
