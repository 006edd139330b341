import { defineResource, field } from '../define';
import { preset } from '../field-presets';
import { auditedDocument } from '../document-presets';
import { payMethodField } from './card-documents';

/**
 * A card top-up document (预付卡充值单, deposit/prepay-card-pay): lines of card + amount paid in
 * (principal) + an optional gift. Only cards of rechargeable templates that are activated (or used
 * up) can be topped up; a line that is not refuses the save and the audit, naming it. `audit`
 * (INITIAL -> EFFECTED) posts every line to the card's ledger balance exactly once
 * (server/modules/cards/card-topup.hooks.ts).
 */
export const prepayCardPayResource = defineResource({
  name: 'prepay-card-pay',
  table: 'prepay_card_pays',
  title: ['预付卡充值单', 'Card top-up'],
  route: { group: 'deposit', entry: 'prepay-card-pay', screens: { list: 'list', add: 'add', dtl: 'dtl' } },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  files: { module: 'prepaidCards', importable: false },
  fields: {
    number: preset.documentNumber(),
    store: field.relation({ label: ['充值门店', 'Store'], resource: 'store', required: true, filter: 'eq', width: 150 }),
    payMethod: payMethodField(),
    totalAmount: field.money({ label: ['充值合计(元)', 'Top-up total (yuan)'], serverManaged: true, sortable: true, width: 130 }),
    totalGift: field.money({ label: ['赠送合计(元)', 'Gift total (yuan)'], serverManaged: true, width: 130 }),
    lineCount: field.integer({ label: ['明细行数', 'Lines'], serverManaged: true, width: 90 }),
    ...auditedDocument.trail(),
    lines: field.lines({
      label: ['充值明细', 'Top-up lines'],
      required: true,
      minLines: 1,
      maxLines: 500,
      totals: ['amount', 'gift'],
      fields: {
        // The states the top-up's hook accepts (server/modules/cards/card-guard.ts): the picker offers no other.
        card: field.relation({
          label: ['卡号', 'Card number'],
          resource: 'prepay-card',
          required: true,
          pickable: { field: 'state', in: ['ACTIVATED', 'USED_UP'] },
        }),
        amount: field.money({ label: ['充值金额(元)', 'Amount (yuan)'], required: true, min: 0.01, max: 1_000_000 }),
        gift: field.money({ label: ['赠送金额(元)', 'Gift (yuan)'], defaultValue: '0', min: 0, max: 1_000_000 }),
        remark: field.text({ label: ['行备注', 'Line remark'], maxLength: 200 }),
      },
    }),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'CP', digits: 8 },
  list: {
    columns: ['number', 'store', 'payMethod', 'totalAmount', 'totalGift', 'lineCount', 'state', 'auditedAt'],
    defaultSort: { field: 'number', order: 'desc' },
    totals: ['totalAmount', 'totalGift', 'lineCount'],
  },
  form: [
    { key: 'header', title: ['单据信息', 'Document'], fields: ['store', 'payMethod', 'remark'] },
    { key: 'lines', title: ['充值明细', 'Top-up lines'], fields: ['lines'] },
  ],
  detail: [
    {
      key: 'header',
      title: ['单据信息', 'Document'],
      fields: ['number', 'state', 'store', 'payMethod', 'totalAmount', 'totalGift', 'lineCount', 'auditedAt', 'remark'],
    },
    { key: 'lines', title: ['充值明细', 'Top-up lines'], fields: ['lines'] },
  ],
  states: auditedDocument.states([
    '审核后充值金额立即记入卡内余额，单据不能再修改或删除。确定审核“{title}”吗？',
    'Once audited, the amounts are added to the card balances and the document can no longer be changed or deleted. Audit "{title}"?',
  ]),
  // The amount is paid by the buyer; the gift is value beyond it.
  creates: { values: [{ kind: 'cardValue', fields: ['lines.gift'] }] },
  deletable: true,
});
