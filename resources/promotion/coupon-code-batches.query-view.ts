import { defineQueryView } from '../query-view';
import { THIRD_COUPON_READ } from './third-party-issues.query-view';

/**
 * The partner batches of a coupon code export campaign (EXPORT_CODE_SEND_COUPON, the detail's
 * tab, filtered on the activity): each file of a partner's codes imported (issue 28 item 1), its
 * issuer and settlement price, how many of its codes are bound and redeemed, and what the merchant
 * settles (codes redeemed × the price). Its source:
 * server/modules/activities/codes/coupon-code-batches.source.ts.
 */
export const couponCodeBatchesView = defineQueryView({
  name: 'coupon-code-batches',
  title: ['合作方券码批次', 'Partner code batches'],
  route: { group: 'promotion', entry: 'third-coupon' },
  access: THIRD_COUPON_READ,
  fileModule: 'reports',
  key: 'id',
  empty: ['还没有导入合作方的券码', "No partner's codes have been imported yet"],
  keyColumns: ['issuer', 'settlement'],
  columns: {
    id: { kind: 'integer', label: ['批次号', 'Batch'], width: 80 },
    activityId: { kind: 'integer', label: ['活动ID', 'Activity id'], hidden: true },
    issuer: { kind: 'text', label: ['发行方', 'Issuer'], width: 160 },
    settlementPrice: { kind: 'money', label: ['结算价(元/张)', 'Settlement price (yuan per code)'], width: 130 },
    fileName: { kind: 'text', label: ['文件', 'File'], width: 180 },
    codes: { kind: 'integer', label: ['券码数', 'Codes'], width: 90 },
    bound: { kind: 'integer', label: ['已绑定', 'Bound'], width: 90 },
    redeemed: { kind: 'integer', label: ['已核销', 'Redeemed'], width: 90 },
    settlement: { kind: 'money', label: ['结算金额(元)', 'Settlement (yuan)'], width: 130 },
    createdAt: { kind: 'datetime', label: ['导入时间', 'Imported at'], width: 170 },
  },
  filters: {
    activityId: { kind: 'record', label: ['导出券码发券', 'Coupon code export'] },
  },
  measures: {
    batches: { kind: 'integer', label: ['批次', 'Batches'] },
    codes: { kind: 'integer', label: ['券码数', 'Codes'] },
    bound: { kind: 'integer', label: ['已绑定', 'Bound'] },
    redeemed: { kind: 'integer', label: ['已核销', 'Redeemed'] },
    settlement: {
      kind: 'money',
      label: ['结算金额(元)', 'Settlement (yuan)'],
      help: ['已核销的券码 × 其批次的结算价', "Codes redeemed × their batch's settlement price"],
    },
  },
});
