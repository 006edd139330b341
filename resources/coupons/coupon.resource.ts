import { defineResource, field } from '../define';
import { COUPON_LINE_TYPES } from './coupon-line-types';

/**
 * An issued coupon (券, coupons/coupon-list): one coupon of a template held by a member, with
 * its own code (unique per tenant, drawn at random over the alphabet of the coupon settings,
 * never a sequence), where it came from, its validity (computed when it was issued) and its state.
 *
 * Rows are written by server modules only (`readOnly`): issuing, redeeming and undoing go through
 * server/modules/coupons (the tills' entry points and the write-off documents); the console
 * searches, exports and voids.
 *
 * States follow time with no job (`states.timeline`): a coupon is stored ISSUED (已发放) while it
 * can still be used, and shows NOT_STARTED 未生效 before its validity starts (a template with a
 * delay), UNUSED 未使用 inside it and EXPIRED 已过期 from its end on, exact at every second; a
 * redemption refuses it the same instant (the conditional update names the window). USED 已使用
 * and VOIDED 已作废 are stored; undoing a redemption (the order returned) puts it back to ISSUED.
 */
export const couponResource = defineResource({
  name: 'coupon',
  table: 'coupons',
  title: ['券', 'Coupon'],
  route: { group: 'coupons', entry: 'coupon-list', screens: { list: 'coupon-list' } },
  access: { read: ['数据查看'], write: '配置维护' },
  scope: 'tenant',
  readOnly: true,
  fields: {
    code: field.text({
      label: ['券码', 'Coupon code'],
      required: true,
      unique: true,
      maxLength: 40,
      searchable: true,
      filter: 'prefix',
      width: 170,
    }),
    template: field.relation({ label: ['券模板', 'Template'], resource: 'coupon-template', required: true, filter: 'eq', width: 160 }),
    lineType: field.enum({
      label: ['券类型', 'Coupon type'],
      required: true,
      options: Object.fromEntries(COUPON_LINE_TYPES.map((t) => [t.value, { label: t.label }])),
      filter: 'in',
      width: 130,
    }),
    member: field.relation({ label: ['会员', 'Member'], resource: 'member', required: true, filter: 'eq', width: 140 }),
    source: field.enum({
      label: ['来源', 'Source'],
      required: true,
      options: {
        ACTIVITY: { label: ['营销活动', 'Campaign'], color: 'purple' },
        MANUAL: { label: ['手工发放', 'By hand'], color: 'blue' },
        BATCH: { label: ['批量发放', 'Batch'], color: 'cyan' },
        EXCHANGE: { label: ['积分兑换', 'Points exchange'], color: 'gold' },
        THIRD_PARTY: { label: ['第三方', 'Third party'], color: 'geekblue' },
      },
      filter: 'in',
      width: 110,
    }),
    sourceRef: field.text({ label: ['来源单号', 'Source reference'], maxLength: 64, searchable: true, width: 150 }),
    faceValue: field.money({ label: ['面额(元)', 'Face value (yuan)'], width: 110 }),
    state: field.enum({
      label: ['状态', 'Status'],
      required: true,
      options: {
        ISSUED: { label: ['已发放', 'Issued'], color: 'blue' },
        NOT_STARTED: { label: ['未生效', 'Not yet valid'], color: 'default' },
        UNUSED: { label: ['未使用', 'Unused'], color: 'green' },
        USED: { label: ['已使用', 'Used'], color: 'geekblue' },
        EXPIRED: { label: ['已过期', 'Expired'], color: 'orange' },
        VOIDED: { label: ['已作废', 'Voided'], color: 'red' },
      },
      defaultValue: 'ISSUED',
      filter: 'in',
      width: 100,
    }),
    issuedAt: field.datetime({ label: ['发放时间', 'Issued at'], required: true, filter: 'range', sortable: true, width: 170 }),
    validFrom: field.datetime({ label: ['生效时间', 'Valid from'], required: true, width: 170 }),
    validTo: field.datetime({ label: ['失效时间', 'Valid until'], required: true, filter: 'range', sortable: true, width: 170 }),
    usedAt: field.datetime({ label: ['使用时间', 'Used at'], filter: 'range', sortable: true, width: 170 }),
    usedStore: field.relation({ label: ['使用门店', 'Used at store'], resource: 'store', filter: 'eq', width: 140 }),
    orderNo: field.text({ label: ['使用订单号', 'Order number'], maxLength: 64, searchable: true, width: 150 }),
    discount: field.money({ label: ['优惠金额(元)', 'Discount (yuan)'], width: 110 }),
    writeOffNumber: field.text({ label: ['核销单号', 'Write-off document'], maxLength: 20, width: 140, inList: false }),
  },
  titleField: 'code',
  picker: { card: ['state', 'template', 'member', 'faceValue', 'validTo'] },
  list: {
    columns: ['code', 'template', 'lineType', 'member', 'source', 'faceValue', 'state', 'issuedAt', 'validTo', 'usedAt', 'discount'],
    defaultSort: { field: 'issuedAt', order: 'desc' },
    totals: ['discount'],
    // ISSUED is stored, never shown: time decides between not yet valid, unused and expired.
    stateCounts: ['NOT_STARTED', 'UNUSED', 'USED', 'EXPIRED', 'VOIDED'],
  },
  states: {
    field: 'state',
    initial: 'ISSUED',
    actions: {
      void: {
        label: ['作废', 'Void'],
        from: ['NOT_STARTED', 'UNUSED'],
        to: 'VOIDED',
        danger: true,
        reason: 'required',
        confirm: ['作废后该券不能再使用。确定作废券“{title}”吗？', 'A voided coupon can never be used. Void coupon "{title}"?'],
      },
      // Moves of server/modules/coupons (a till's redemption and its undo, a write-off document's
      // audit), declared so their states are known: the list filters by them and the history names them.
      redeem: { label: ['核销', 'Redeem'], from: ['UNUSED'], to: 'USED', server: true },
      writeOff: { label: ['单据核销', 'Written off'], from: ['UNUSED'], to: 'USED', server: true },
      undo: { label: ['退单返还', 'Returned'], from: ['USED'], to: 'ISSUED', server: true },
    },
    timeline: {
      window: { start: 'validFrom', end: 'validTo' },
      during: 'ISSUED',
      before: 'NOT_STARTED',
      inside: 'UNUSED',
      after: 'EXPIRED',
    },
  },
  deletable: false,
  files: { module: 'coupons' },
});
