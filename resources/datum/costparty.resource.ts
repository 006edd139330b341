import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A coupon bearer (券承担方): who pays for the discount when a coupon is redeemed — the merchant
 * itself, a supplier running a co-promotion, or a platform (美团, 支付宝 …). Coupon templates name
 * their bearer; settlement reports split redeemed value by the settlement ratio.
 */
export const costpartyResource = defineResource({
  name: 'costparty',
  table: 'cost_parties',
  title: ['券承担方', 'Coupon bearer'],
  route: { group: 'datum', entry: 'costparty', screens: { list: 'costparty' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: preset.code(['承担方编码', 'Bearer code'], { width: 130 }),
    name: preset.uniqueName(['承担方名称', 'Bearer name'], { maxLength: 80 }),
    type: field.enum({
      label: ['承担方类型', 'Bearer type'],
      required: true,
      options: {
        MERCHANT: { label: ['商户', 'Merchant'], color: 'blue' },
        SUPPLIER: { label: ['供应商', 'Supplier'], color: 'green' },
        PLATFORM: { label: ['平台', 'Platform'], color: 'purple' },
      },
      filter: 'eq',
      sortable: true,
      width: 110,
    }),
    settlementRatio: field.decimal({
      label: ['承担比例(%)', 'Share borne (%)'],
      help: ['核销券面额中由该承担方承担的百分比', 'Percentage of the redeemed coupon value this bearer pays'],
      required: true,
      decimals: 2,
      min: 0,
      max: 100,
      defaultValue: 100,
      sortable: true,
      width: 120,
    }),
    contact: field.text({ label: ['联系人', 'Contact person'], maxLength: 40, searchable: true, width: 110 }),
    contactPhone: preset.phone(['联系电话', 'Contact phone']),
    remark: preset.remark(),
  },
  titleField: 'name',
  list: {
    columns: ['code', 'name', 'type', 'settlementRatio', 'contact', 'contactPhone'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  files: { module: 'masterData', importable: true },
});
