import { defineResource, field } from '../define';
import { auditedDocument } from '../document-presets';

/** The largest change of one portion on one line, in yuan. */
const LINE_LIMIT = 10_000_000;

/** A signed portion change of a line (principal or gift). */
const portionChange = (label: readonly [string, string]) =>
  field.money({
    label,
    help: ['正数增加，负数扣减', 'Positive adds, negative deducts'],
    required: true,
    defaultValue: 0,
    min: -LINE_LIMIT,
    max: LINE_LIMIT,
  });

/**
 * A stored-value adjustment document (储值调整单, deposit/store-value-adjust): a header (number,
 * store, remark) and lines of member + signed principal change + signed gift change (not both
 * zero) + reason (store-value-adjust-reason) + remark.
 *
 * Life cycle: INITIAL 未审核 while drafted (editable, deletable); `audit` moves it to EFFECTED
 * 已审核 and, in the same transaction, posts every line to the shared value ledger once
 * (kind `adjust`, source `adjustment`; server/modules/stored-value-docs/). A line that would take
 * a portion below zero refuses the whole audit naming the line. Above the merchant's stored-value
 * approval threshold (value-approval-setting) on the amount moved, no one who made or changed its
 * amounts may audit it (the engine's value approval rule, `creates` below; 409).
 *
 * The number (`VA` + 8 digits) is drawn on saveNew; the totals follow the lines on every save.
 */
export const storeValueAdjustResource = defineResource({
  name: 'store-value-adjust',
  table: 'store_value_adjusts',
  title: ['储值调整单', 'Stored-value adjustment'],
  route: {
    group: 'deposit',
    entry: 'store-value-adjust',
    screens: { list: 'store-value-adjust', add: 'store-value-adjust-Add', dtl: 'store-value-adjust-dtl' },
  },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  files: { module: 'storedValue' },
  fields: {
    ...auditedDocument.header(),
    totalPrincipal: field.money({ label: ['本金调整合计', 'Net principal'], serverManaged: true, sortable: true, width: 130 }),
    totalGift: field.money({ label: ['赠送金调整合计', 'Net gift'], serverManaged: true, sortable: true, width: 130 }),
    absoluteTotal: field.money({
      label: ['调整金额（绝对值）', 'Total adjusted (absolute)'],
      help: [
        '各行本金与赠送金变动绝对值之和，超过审批阈值时需他人审核',
        'Sum of every change, unsigned; above the approval threshold another person audits',
      ],
      serverManaged: true,
      sortable: true,
      width: 140,
    }),
    lineCount: field.integer({ label: ['明细行数', 'Lines'], serverManaged: true, width: 100 }),
    ...auditedDocument.trail(),
    lines: auditedDocument.adjustmentLines({
      reasonResource: 'store-value-adjust-reason',
      fields: {
        member: field.relation({
          label: ['会员', 'Member'],
          resource: 'member',
          required: true,
          // The balance the line changes, shown as the line is drafted.
          figures: { resource: 'store-value-account', field: 'memberId', show: ['principal', 'gift', 'balance'] },
        }),
        principal: portionChange(['本金变动', 'Principal change']),
        gift: portionChange(['赠送金变动', 'Gift change']),
      },
    }),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'VA', digits: 8 },
  list: auditedDocument.list(['totalPrincipal', 'totalGift', 'absoluteTotal', 'lineCount']),
  ...auditedDocument.sections({
    totals: ['totalPrincipal', 'totalGift', 'absoluteTotal', 'lineCount'],
    linesTitle: ['调整明细', 'Adjustment lines'],
  }),
  states: auditedDocument.states([
    '审核后调整立即记入会员储值账户，且不能再修改或删除。确定审核“{title}”吗？',
    'Once audited, the amounts are posted to the members’ stored value and the document can no longer be changed or deleted. Audit "{title}"?',
  ]),
  creates: { values: [{ kind: 'storedValue', fields: ['lines.principal', 'lines.gift'] }] },
  deletable: true,
});
