import { defineResource, field } from '../define';
import { auditedDocument } from '../document-presets';

/**
 * A card adjustment document (预付卡调整单, deposit/prepay-card-adjust): lines of card + signed
 * amount + reason (prepay-card-adjust-reason) + remark, like a points adjustment. `audit`
 * (INITIAL -> EFFECTED) posts every line to the card's ledger balance exactly once: an increase
 * to the principal, a decrease taken principal first, then gift. A line the ledger refuses (not
 * enough balance) or a card that holds no live value refuses the whole audit, naming the line
 * (server/modules/cards/card-adjust.hooks.ts).
 */
export const prepayCardAdjustResource = defineResource({
  name: 'prepay-card-adjust',
  table: 'prepay_card_adjusts',
  title: ['预付卡调整单', 'Card adjustment'],
  route: { group: 'deposit', entry: 'prepay-card-adjust', screens: { list: 'list', add: 'add', dtl: 'dtl' } },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  files: { module: 'prepaidCards', importable: false },
  fields: {
    ...auditedDocument.header(),
    totalAmount: field.money({ label: ['调整金额合计(元)', 'Net amount (yuan)'], serverManaged: true, sortable: true, width: 140 }),
    lineCount: field.integer({ label: ['明细行数', 'Lines'], serverManaged: true, width: 90 }),
    ...auditedDocument.trail(),
    lines: auditedDocument.adjustmentLines({
      reasonResource: 'prepay-card-adjust-reason',
      fields: {
        card: field.relation({ label: ['卡号', 'Card number'], resource: 'prepay-card', required: true }),
        amount: field.money({
          label: ['调整金额(元)', 'Amount (yuan)'],
          help: ['正数增加，负数扣减，不能为 0', 'Positive adds, negative deducts; never 0'],
          required: true,
          min: -1_000_000,
          max: 1_000_000,
        }),
      },
    }),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'CA', digits: 8 },
  list: auditedDocument.list(['totalAmount', 'lineCount']),
  ...auditedDocument.sections({ totals: ['totalAmount', 'lineCount'], linesTitle: ['调整明细', 'Adjustment lines'] }),
  states: auditedDocument.states([
    '审核后调整立即记入卡内余额，单据不能再修改或删除。确定审核“{title}”吗？',
    'Once audited, the amounts are posted to the card balances and the document can no longer be changed or deleted. Audit "{title}"?',
  ]),
  creates: { values: [{ kind: 'cardValue', fields: ['lines.amount'] }] },
  deletable: true,
});
