import { defineQueryView } from '../query-view';
import { THIRD_COUPON_READ } from './third-party-issues.query-view';

/**
 * A partner's statement of redemptions compared with ours (issue 28 item 1, the detail's
 * 对账 / Reconciliation tab of a third-party coupon campaign, filtered on the activity): one row
 * per code, in one category — matched, different (both redeemed; the time, store or amount
 * differ), only on the partner's statement, only ours (redeemed here inside the statement's
 * period) — grouped by statement and by category with the totals, and the export. Written when a
 * statement is imported (server/modules/activities/codes/reconciliation.import.ts); its source
 * server/modules/activities/codes/code-reconciliation.source.ts.
 */
export const codeReconciliationView = defineQueryView({
  name: 'code-reconciliation',
  title: ['核销对账', 'Redemption reconciliation'],
  route: { group: 'promotion', entry: 'third-coupon' },
  access: THIRD_COUPON_READ,
  fileModule: 'reports',
  key: 'id',
  order: 'asc',
  empty: ['上传合作方的核销对账单后显示对账结果', "Upload the partner's statement of redemptions to compare it with ours"],
  keyColumns: ['code', 'category'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'Row'], hidden: true },
    activityId: { kind: 'integer', label: ['活动ID', 'Activity id'], hidden: true },
    code: { kind: 'text', label: ['券码', 'Code'], width: 220 },
    category: {
      kind: 'enum',
      label: ['对账结果', 'Result'],
      options: {
        MATCHED: { label: ['一致', 'Matched'], color: 'green' },
        DIFFERENT: { label: ['不一致', 'Different'], color: 'orange' },
        PARTNER_ONLY: { label: ['仅合作方有', 'Only the partner'], color: 'red' },
        OURS_ONLY: { label: ['仅我方有', 'Only ours'], color: 'purple' },
      },
      width: 110,
    },
    difference: {
      kind: 'enum',
      label: ['差异', 'Difference'],
      options: {
        TIME: { label: ['核销时间', 'Redeemed time'], color: 'orange' },
        STORE: { label: ['门店', 'Store'], color: 'orange' },
        AMOUNT: { label: ['金额', 'Amount'], color: 'orange' },
      },
      nullable: true,
      width: 110,
    },
    partnerRow: { kind: 'integer', label: ['对账单行号', 'Statement row'], width: 100 },
    partnerRedeemedAt: { kind: 'datetime', label: ['合作方核销时间', "Partner's redeemed time"], width: 170 },
    partnerStore: { kind: 'text', label: ['合作方门店', "Partner's store"], width: 140 },
    partnerAmount: { kind: 'money', label: ['合作方金额(元)', "Partner's amount (yuan)"], width: 120 },
    ourState: {
      kind: 'enum',
      label: ['我方状态', 'Our state'],
      options: {
        UNKNOWN: { label: ['非本活动券码', 'Not a code of this campaign'], color: 'red' },
        UNBOUND: { label: ['未绑定', 'Not bound'], color: 'default' },
        UNUSED: { label: ['未核销', 'Not redeemed'], color: 'blue' },
        USED: { label: ['已核销', 'Redeemed'], color: 'green' },
      },
      nullable: true,
      width: 120,
    },
    ourRedeemedAt: { kind: 'datetime', label: ['我方核销时间', 'Our redeemed time'], width: 170 },
    ourStore: { kind: 'text', label: ['我方门店', 'Our store'], width: 140 },
    ourAmount: { kind: 'money', label: ['我方结算价(元)', 'Our settlement price (yuan)'], width: 120 },
    reconciliationId: { kind: 'integer', label: ['对账单号', 'Statement'], width: 90 },
  },
  filters: {
    activityId: { kind: 'record', label: ['第三方发券活动', 'Third-party campaign'] },
    reconciliationId: { kind: 'record', label: ['对账单', 'Statement'] },
    category: { kind: 'enum', label: ['对账结果', 'Result'] },
    keyword: { kind: 'keyword', label: ['券码', 'Code'], placeholder: ['券码', 'Code'] },
  },
  measures: {
    rows: { kind: 'integer', label: ['券码', 'Codes'] },
    matched: { kind: 'integer', label: ['一致', 'Matched'] },
    different: { kind: 'integer', label: ['不一致', 'Different'] },
    partnerOnly: { kind: 'integer', label: ['仅合作方有', 'Only the partner'] },
    oursOnly: { kind: 'integer', label: ['仅我方有', 'Only ours'] },
    partnerAmount: {
      kind: 'money',
      label: ['合作方金额(元)', "Partner's amount (yuan)"],
      help: ['对账单上的结算金额之和', "The sum of the statement's settlement amounts"],
    },
    ourAmount: {
      kind: 'money',
      label: ['我方结算(元)', 'Our settlement (yuan)'],
      help: ['我方已核销券码的结算价之和', 'The settlement prices of the codes we redeemed'],
    },
  },
  dimensions: {
    reconciliationId: { kind: 'record', label: ['按对账单', 'By statement'] },
    category: { kind: 'enum', label: ['按对账结果', 'By result'] },
  },
  groups: ['reconciliationId', 'category'],
});
