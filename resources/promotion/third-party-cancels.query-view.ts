import { defineQueryView } from '../query-view';
import { THIRD_COUPON_READ } from './third-party-issues.query-view';

/**
 * 作废券 (cancel-coupon, issue 28 item 1): each cancel a partner's application made through
 * `POST /v1/third-coupon/cancel` (table `third_party_cancels`, written by the cancel), with the
 * issue it cancelled, the member, the coupons voided and the reason; totals and the export. A
 * row's link opens its detail (cancel-coupon-dtl, third-party-cancel-coupons.query-view.ts).
 * Its source: server/modules/activities/third-party/third-party-cancels.source.ts.
 */
export const thirdPartyCancelsView = defineQueryView({
  name: 'third-party-cancels',
  title: ['作废券', 'Coupon voiding'],
  route: { group: 'promotion', entry: 'third-coupon', screen: 'cancel-coupon' },
  access: THIRD_COUPON_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'cancelledAt',
  empty: ['发券方还没有作废过券', 'The issuers have not cancelled anything yet'],
  keyColumns: ['requestNo', 'coupons'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'Row'], hidden: true },
    activityId: { kind: 'integer', label: ['活动ID', 'Activity id'], hidden: true },
    requestNo: { kind: 'text', label: ['作废请求号', 'Cancel request number'], width: 180 },
    issueRequestNo: { kind: 'text', label: ['发券请求号', 'Issue request number'], width: 180 },
    activityName: { kind: 'text', label: ['活动', 'Campaign'], width: 180 },
    applicationName: { kind: 'text', label: ['发券方应用', 'Issuing application'], width: 150 },
    memberNumber: { kind: 'text', label: ['会员编号', 'Member number'], width: 150 },
    memberName: { kind: 'text', label: ['姓名', 'Name'], width: 120 },
    coupons: { kind: 'integer', label: ['作废张数', 'Coupons voided'], width: 100 },
    reason: { kind: 'text', label: ['作废原因', 'Reason'], width: 180 },
    cancelledAt: { kind: 'datetime', label: ['作废时间', 'Cancelled at'], width: 170 },
  },
  filters: {
    activityId: { kind: 'record', label: ['第三方发券活动', 'Third-party campaign'] },
    cancelledAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    keyword: {
      kind: 'keyword',
      label: ['请求号或会员', 'Request or member'],
      placeholder: ['请求号 / 手机号 / 会员编号 / 姓名', 'Request number, mobile, member number or name'],
    },
  },
  measures: {
    cancels: { kind: 'integer', label: ['作废次数', 'Cancels'] },
    coupons: { kind: 'integer', label: ['作废张数', 'Coupons voided'] },
  },
  links: {
    detail: { label: ['详情', 'Details'], to: 'promotion/third-coupon/cancel-coupon-dtl', param: 'cancelId', column: 'id', asFilter: true },
  },
});
