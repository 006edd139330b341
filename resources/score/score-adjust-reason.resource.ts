import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A reason for adjusting points (积分调整原因, score/score-adjust/score-adjust-reason): the small
 * master every line of a points adjustment document names. Its direction says which way the
 * points of a line citing it may go (an "activity compensation" only adds, a "fraud correction"
 * only takes away, "other" does both); server/modules/points/score-adjust.hooks.ts holds lines to it. A disabled reason
 * stays on the documents that used it but cannot be chosen for new lines.
 *
 * The entry's one screen is the list: add, edit and detail open in a drawer over it.
 */
export const scoreAdjustReasonResource = defineResource({
  name: 'score-adjust-reason',
  table: 'score_adjust_reasons',
  title: ['积分调整原因', 'Points adjustment reason'],
  route: { group: 'score', entry: 'score-adjust', screens: { list: 'score-adjust-reason' } },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: field.text({
      label: ['原因编码', 'Reason code'],
      required: true,
      unique: true,
      maxLength: 32,
      pattern: {
        regex: '^[A-Za-z0-9_-]{1,32}$',
        message: ['编码只能包含字母、数字、下划线和短横线', 'Use letters, digits, underscores and dashes only'],
      },
      searchable: true,
      filter: 'prefix',
      sortable: true,
      readOnlyAfterCreate: true,
      width: 140,
    }),
    name: preset.uniqueName(['原因名称', 'Reason name']),
    direction: field.enum({
      label: ['调整方向', 'Direction'],
      help: ['引用此原因的调整行只能按此方向调整积分', 'Lines citing this reason may only move points this way'],
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
