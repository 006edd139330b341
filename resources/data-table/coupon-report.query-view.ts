import { couponResource } from '../coupons/coupon.resource';
import { defineQueryView } from '../query-view';
import { reportEntry } from './report-entry';

/**
 * The coupon report (券报表, /data-table/coupon-report): coupons issued, used and expired, with
 * the face value issued and the discount given, by template and by store, each total drilling
 * down to the coupons behind it. A row is one event of one coupon, at its time: issued (when
 * issued), used (when used, at the store that took it; a redemption undone by a return is
 * used no more) and expired (its validity's end, still unused). An issue or an expiry happens at
 * no store: a store or area filter lists uses. Its source SQL:
 * server/modules/coupons/coupon-report.source.ts.
 */
const f = couponResource.fields;

export const couponReportView = defineQueryView({
  name: 'coupon-report',
  ...reportEntry('coupon-report'),
  key: 'id',
  time: 'occurredAt',
  empty: ['所选期间没有券的发放、使用或过期', 'No coupon issued, used or expired in the chosen period'],
  columns: {
    id: { kind: 'integer', label: ['事件号', 'Event'], hidden: true },
    occurredAt: { kind: 'datetime', label: ['时间', 'Time'], width: 170 },
    event: {
      kind: 'enum',
      label: ['事件', 'Event'],
      width: 90,
      options: {
        issued: { label: ['发放', 'Issued'], color: 'blue' },
        used: { label: ['使用', 'Used'], color: 'green' },
        expired: { label: ['过期', 'Expired'], color: 'orange' },
      },
    },
    code: { kind: 'text', label: f.code.label, width: 170 },
    templateId: { kind: 'integer', label: ['券模板ID', 'Template id'], hidden: true },
    templateName: { kind: 'text', label: f.template.label, width: 160, drill: { filter: 'templateId', column: 'templateId' } },
    lineType: { kind: 'enum', label: f.lineType.label, width: 130, options: f.lineType.options },
    source: { kind: 'enum', label: f.source.label, width: 110, options: f.source.options },
    storeId: { kind: 'integer', label: ['门店ID', 'Store id'], hidden: true },
    storeName: { kind: 'text', label: ['门店', 'Store'], width: 140 },
    memberNumber: { kind: 'text', label: ['会员号', 'Member number'], width: 130 },
    memberName: { kind: 'text', label: ['会员姓名', 'Member name'], width: 110 },
    faceValue: { kind: 'money', label: ['面额', 'Face value'], width: 100 },
    discount: { kind: 'money', label: ['优惠金额', 'Discount'], width: 100 },
    orderNo: { kind: 'text', label: f.orderNo.label, width: 150 },
  },
  filters: {
    occurredAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    storeId: { kind: 'store', label: ['门店', 'Store'] },
    areaId: { kind: 'area', label: ['区域', 'Area'] },
    event: { kind: 'enum', label: ['事件', 'Event'] },
    template: {
      kind: 'keyword',
      label: ['券模板', 'Template'],
      placeholder: ['券名称', 'Coupon name'],
    },
    templateId: {
      kind: 'record',
      label: ['券模板', 'Template'],
      heading: ['{member} 的券报表', 'Coupon report of {member}'],
      named: ['templateName'],
    },
    source: { kind: 'enum', label: f.source.label },
  },
  measures: {
    issued: { kind: 'integer', label: ['发放张数', 'Issued'], help: ['期间内发放的券张数', 'Coupons issued in the period'] },
    used: {
      kind: 'integer',
      label: ['使用张数', 'Used'],
      help: ['期间内使用的券张数（退货撤销的不计）', 'Coupons used in the period (uses undone by a return excluded)'],
    },
    expired: {
      kind: 'integer',
      label: ['过期张数', 'Expired'],
      help: ['期间内到期仍未使用的券张数', 'Coupons whose validity ended in the period, unused'],
    },
    issuedValue: {
      kind: 'money',
      label: ['发放面额', 'Face value issued'],
      help: [
        '期间内发放的券面额之和（无固定面额的券不计）',
        'Face value of the coupons issued in the period (coupons without a fixed face value count nothing)',
      ],
    },
    discount: {
      kind: 'money',
      label: ['优惠金额', 'Discount given'],
      help: ['期间内使用的券抵扣的金额之和', 'What the coupons used in the period took off their orders'],
    },
  },
  dimensions: {
    templateId: { kind: 'record', label: ['按券模板', 'By template'] },
    storeId: { kind: 'store', label: ['按门店', 'By store'] },
    event: { kind: 'enum', label: ['按事件', 'By event'] },
    day: { kind: 'day', label: ['按日', 'By day'] },
  },
  groups: ['templateId', 'storeId'],
  chart: {
    trend: ['issued', 'used', 'expired'],
    share: { dimension: 'templateId', measure: 'issued' },
    compare: ['issued', 'used', 'discount'],
  },
});
