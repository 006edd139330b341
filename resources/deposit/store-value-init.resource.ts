import { defineResource, field } from '../define';
import { auditedDocument } from '../document-presets';

/** An opening portion: not negative. */
const openingPortion = (label: readonly [string, string]) =>
  field.money({ label, required: true, defaultValue: 0, min: 0, max: 10_000_000, sortable: true, width: 120 });

/**
 * An opening balance (储值期初, deposit/store-value-init): what a member held in the merchant's
 * old system, one record per member — principal and gift, the store and remarks — entered by hand
 * (store-value-edit) or imported from a spreadsheet (the engine's import: every row is a record,
 * all or nothing, with a per-row report).
 *
 * A member receives an opening balance once: `member` is unique among the records (a second one
 * is refused naming the member, in the form and in the import report), and the audit posts with
 * the key `init:<memberId>`, so even a record deleted and made again cannot post twice.
 *
 * Life cycle: INITIAL 未审核 (editable, deletable); `audit` moves it to EFFECTED 已审核 and posts
 * it to the value ledger once (kind `init`, source `init`; server/modules/stored-value-docs/).
 */
export const storeValueInitResource = defineResource({
  name: 'store-value-init',
  table: 'store_value_inits',
  title: ['储值期初', 'Opening balance'],
  route: { group: 'deposit', entry: 'store-value-init', screens: { list: 'store-value-init', edit: 'store-value-edit' } },
  access: { read: ['配置查看'], write: '配置维护' },
  scope: 'tenant',
  files: { module: 'storedValue', importable: true },
  fields: {
    ...auditedDocument.header(['门店', 'Store']),
    // Named by member number (lists, exports, and the cells of an import).
    member: field.relation({
      label: ['会员号', 'Member number'],
      resource: 'member',
      shownAs: 'memberNumber',
      required: true,
      unique: true,
      filter: 'eq',
      readOnlyAfterCreate: true,
      width: 160,
    }),
    principal: openingPortion(['期初本金', 'Opening principal']),
    gift: openingPortion(['期初赠送金', 'Opening gift']),
    balance: field.money({ label: ['期初余额', 'Opening balance'], serverManaged: true, sortable: true, width: 120 }),
    ...auditedDocument.trail(),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'VI', digits: 8 },
  list: {
    columns: ['number', 'member', 'principal', 'gift', 'balance', 'store', 'state', 'auditedAt'],
    defaultSort: { field: 'number', order: 'desc' },
    totals: ['principal', 'gift', 'balance'],
    // The opening balance (principal and gift together) is the record's amount.
    keyColumns: ['number', 'balance', 'state'],
  },
  form: [{ key: 'header', title: ['期初余额', 'Opening balance'], fields: ['member', 'principal', 'gift', 'store', 'remark'] }],
  detail: [
    {
      key: 'header',
      title: ['期初余额', 'Opening balance'],
      fields: ['number', 'state', 'member', 'principal', 'gift', 'balance', 'store', 'auditedAt', 'remark'],
    },
  ],
  states: auditedDocument.states([
    '审核后期初余额立即记入会员储值账户，且不能再修改或删除。确定审核“{title}”吗？',
    'Once audited, the opening balance is posted to the member’s stored value and can no longer be changed or deleted. Audit "{title}"?',
  ]),
  // The opening balance is value created from nothing the console can check: both portions.
  creates: { values: [{ kind: 'storedValue', fields: ['principal', 'gift'] }] },
  deletable: true,
});
