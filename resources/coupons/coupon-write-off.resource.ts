import { defineResource, field } from '../define';
import { auditedDocument } from '../document-presets';

const TOTALS = ['lineCount', 'totalDiscount'] as const;
const sections = auditedDocument.sections({ totals: TOTALS, linesTitle: ['核销明细', 'Coupons written off'] });

/**
 * A coupon write-off document (券核销单, coupons/coupon-write-off): coupons redeemed by hand at a
 * store (a till was offline, a paper voucher), one code per line with the order it paid for and
 * the amount it took off.
 *
 * Life cycle (§4 write-off states): INITIAL 未审核 while drafted (editable, deletable); `audit`
 * moves it to EFFECTED 已审核 and, in the same transaction, marks every line's coupon used, each
 * exactly once (server/modules/coupons/coupon-write-off.hooks.ts). A code that is unknown (or of
 * another tenant), already used, expired, voided, not yet valid or not usable at the document's
 * store refuses the whole audit with 409 naming the line and the reason; nothing is written off
 * and the document stays INITIAL. With the coupon settings' `writeOffNeedsSecondPerson`, the
 * person who wrote the document cannot audit it.
 */
export const couponWriteOffResource = defineResource({
  name: 'coupon-write-off',
  table: 'coupon_write_offs',
  title: ['券核销单', 'Coupon write-off'],
  route: { group: 'coupons', entry: 'coupon-write-off', screens: { list: 'list', edit: 'edit', dtl: 'dtl' } },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  files: { module: 'coupons' },
  fields: {
    ...auditedDocument.header(),
    // The store the coupons were used at: required, since a coupon's stores are checked against it.
    store: field.relation({ label: ['核销门店', 'Store'], resource: 'store', required: true, filter: 'eq', width: 160 }),
    lineCount: field.integer({ label: ['券张数', 'Coupons'], serverManaged: true, width: 100 }),
    totalDiscount: field.money({ label: ['优惠合计(元)', 'Total discount (yuan)'], serverManaged: true, sortable: true, width: 130 }),
    ...auditedDocument.trail(),
    lines: field.lines({
      label: ['核销明细', 'Coupons written off'],
      required: true,
      minLines: 1,
      maxLines: 500,
      totals: ['discount'],
      fields: {
        // Looked up as typed or scanned; the save accepts unused coupons only (coupon-write-off.hooks.ts).
        code: field.text({
          label: ['券码', 'Coupon code'],
          required: true,
          maxLength: 40,
          width: 220,
          lookup: { resource: 'coupon', pickable: { field: 'state', in: ['UNUSED'] }, upperCase: true },
          fills: { discount: 'faceValue' },
        }),
        orderNo: field.text({ label: ['订单号', 'Order number'], maxLength: 64 }),
        discount: field.money({ label: ['优惠金额(元)', 'Discount (yuan)'], min: 0, max: 99999999 }),
        remark: field.text({ label: ['行备注', 'Line remark'], maxLength: 200 }),
      },
    }),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'WO', digits: 8 },
  list: auditedDocument.list(TOTALS),
  form: sections.form,
  detail: sections.detail,
  states: auditedDocument.states([
    '审核后明细中的券立即核销，且单据不能再修改或删除。确定审核“{title}”吗？',
    'Once audited, the coupons of the lines are used and the document can no longer be changed or deleted. Audit "{title}"?',
  ]),
  deletable: true,
});
