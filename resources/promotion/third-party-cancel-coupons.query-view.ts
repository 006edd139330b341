import { defineQueryView } from '../query-view';
import { THIRD_COUPON_READ } from './third-party-issues.query-view';

/**
 * 作废券详情 (cancel-coupon-dtl, issue 28 item 1): the coupons one partner's cancel voided (the
 * list's link filters on the cancel), each with its code, template, member and state now, or the
 * coupons of every cancel under the bar's filters. Its source:
 * server/modules/activities/third-party/third-party-cancels.source.ts.
 */
export const thirdPartyCancelCouponsView = defineQueryView({
  name: 'third-party-cancel-coupons',
  title: ['作废券详情', 'Coupon voiding details'],
  route: { group: 'promotion', entry: 'third-coupon', screen: 'cancel-coupon-dtl' },
  access: THIRD_COUPON_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'cancelledAt',
  empty: ['没有作废的券', 'No coupons voided'],
  keyColumns: ['code', 'requestNo'],
  columns: {
    id: { kind: 'integer', label: ['券ID', 'Coupon id'], hidden: true },
    cancelId: { kind: 'integer', label: ['作废ID', 'Cancel id'], hidden: true },
    code: { kind: 'text', label: ['券号', 'Coupon number'], width: 200 },
    templateName: { kind: 'text', label: ['券名称', 'Coupon'], width: 160 },
    memberNumber: { kind: 'text', label: ['会员编号', 'Member number'], width: 150 },
    memberName: { kind: 'text', label: ['姓名', 'Name'], width: 120 },
    requestNo: { kind: 'text', label: ['作废请求号', 'Cancel request number'], width: 180 },
    issueRequestNo: { kind: 'text', label: ['发券请求号', 'Issue request number'], width: 180 },
    reason: { kind: 'text', label: ['作废原因', 'Reason'], width: 180 },
    cancelledAt: { kind: 'datetime', label: ['作废时间', 'Cancelled at'], width: 170 },
  },
  filters: {
    cancelId: {
      kind: 'record',
      label: ['作废', 'Cancel'],
      heading: ['作废 {member} 的券', 'Coupons voided by cancel {member}'],
      named: ['requestNo'],
    },
    cancelledAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    keyword: {
      kind: 'keyword',
      label: ['券号或请求号', 'Coupon or request'],
      placeholder: ['券号 / 请求号', 'Coupon number or request number'],
    },
  },
  measures: {
    coupons: { kind: 'integer', label: ['作废张数', 'Coupons voided'] },
  },
});
