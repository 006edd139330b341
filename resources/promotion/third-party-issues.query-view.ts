import { defineQueryView } from '../query-view';

/** Who reads the entry 第三方发券's campaigns and records (营销/第三方发券): its read actions. */
export const THIRD_COUPON_READ = [
  { resourceId: '营销/第三方发券', action: '活动查看' },
  { resourceId: '营销/第三方发券', action: '配置维护' },
] as const;

/**
 * Our side of a third-party issuing campaign's reconciliation (the detail's tab, filtered on the
 * activity): each issue the partner's application asked for, by its request number, with what
 * became of its coupons (used, cancelled) and the settlement it owes (the coupons not cancelled ×
 * the campaign's settlement price). The totals row and the export (file centre) are what the
 * merchant compares with the partner's statement. Its source:
 * server/modules/activities/third-party/third-party-issues.source.ts.
 */
export const thirdPartyIssuesView = defineQueryView({
  name: 'third-party-issues',
  title: ['发券对账', 'Issue reconciliation'],
  route: { group: 'promotion', entry: 'third-coupon' },
  access: THIRD_COUPON_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'issuedAt',
  empty: ['发券方还没有发过券', 'The issuer has not issued anything yet'],
  keyColumns: ['requestNo', 'settlement'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'Row'], hidden: true },
    activityId: { kind: 'integer', label: ['活动ID', 'Activity id'], hidden: true },
    requestNo: { kind: 'text', label: ['发券方请求号', 'Issuer request number'], width: 180 },
    memberNumber: { kind: 'text', label: ['会员编号', 'Member number'], width: 150 },
    memberName: { kind: 'text', label: ['姓名', 'Name'], width: 120 },
    coupons: { kind: 'integer', label: ['发券张数', 'Coupons issued'], width: 100 },
    used: { kind: 'integer', label: ['已使用', 'Used'], width: 90 },
    cancelled: { kind: 'integer', label: ['已作废', 'Cancelled'], width: 90 },
    settlement: { kind: 'money', label: ['结算金额(元)', 'Settlement (yuan)'], width: 130 },
    issuedAt: { kind: 'datetime', label: ['发券时间', 'Issued at'], width: 170 },
  },
  filters: {
    activityId: { kind: 'record', label: ['第三方发券活动', 'Third-party campaign'] },
    issuedAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    keyword: {
      kind: 'keyword',
      label: ['请求号或会员', 'Request or member'],
      placeholder: ['请求号 / 手机号 / 会员编号 / 姓名', 'Request number, mobile, member number or name'],
    },
  },
  measures: {
    issues: { kind: 'integer', label: ['发券次数', 'Issues'] },
    coupons: { kind: 'integer', label: ['发券张数', 'Coupons issued'] },
    used: { kind: 'integer', label: ['已使用', 'Used'] },
    cancelled: { kind: 'integer', label: ['已作废', 'Cancelled'] },
    settlement: {
      kind: 'money',
      label: ['结算金额(元)', 'Settlement (yuan)'],
      help: ['未作废的券 × 结算价', 'Coupons not cancelled × the settlement price'],
    },
  },
});
