import { pushDeliveriesView } from './promotion/push-deliveries.query-view';
import { pushPlanRunsView } from './promotion/push-plan-runs.query-view';
import { CARD_ACTIVITY_REPORTS } from './data-table/card-activity-report.query-view';
import { couponReportView } from './data-table/coupon-report.query-view';
import { feeLevelView } from './data-table/fee-level.query-view';
import { PASO_REPORTS } from './data-table/paso-report.query-view';
import { ROLL_FORWARDS } from './data-table/roll-forward.query-view';
import { memberAnalysisView } from './data-table/member-analysis.query-view';
import { scoreReportView } from './data-table/score-report.query-view';
import { storeValueReportView } from './data-table/store-value-report.query-view';
import { transAnalysisView } from './data-table/trans-analysis.query-view';
import { prepayCardHistoryView } from './deposit/prepay-card-history.query-view';
import { storeValueHistoryView } from './deposit/store-value-hst-detail.query-view';
import { groupSendRecipientsView } from './promotion/group-send-recipients.query-view';
import { thirdPartyIssuesView } from './promotion/third-party-issues.query-view';
import { couponCodesView } from './promotion/coupon-codes.query-view';
import { couponCodeBatchesView } from './promotion/coupon-code-batches.query-view';
import { codeReconciliationView } from './promotion/code-reconciliation.query-view';
import { thirdPartyCancelsView } from './promotion/third-party-cancels.query-view';
import { thirdPartyCancelCouponsView } from './promotion/third-party-cancel-coupons.query-view';
import type { QueryViewDef } from './query-view';
import { applicationCallsView } from './setting/application-calls.query-view';
import { channelCallsView } from './setting/channel-calls.query-view';
import { meituanVouchersView } from './member/meituan-vouchers.query-view';
import { webhookDeliveriesView } from './setting/webhook-deliveries.query-view';
import { pointsAccountsView } from './score/points-accounts.query-view';
import { pointsEntriesView } from './score/points-entries.query-view';

/**
 * Every declared query view (resources/query-view.ts). The server serves each through its source
 * (server/modules/query-views.ts), the browser routes each to the generic view screen, and the
 * i18n book derives their labels.
 */
export const QUERY_VIEWS: readonly QueryViewDef[] = [
  storeValueHistoryView,
  prepayCardHistoryView,
  pointsEntriesView,
  pointsAccountsView,
  scoreReportView,
  storeValueReportView,
  couponReportView,
  memberAnalysisView,
  ...CARD_ACTIVITY_REPORTS.map((report) => report.view),
  transAnalysisView,
  feeLevelView,
  ...PASO_REPORTS,
  ...ROLL_FORWARDS,
  applicationCallsView,
  channelCallsView,
  meituanVouchersView,
  webhookDeliveriesView,
  groupSendRecipientsView,
  thirdPartyIssuesView,
  couponCodesView,
  couponCodeBatchesView,
  codeReconciliationView,
  thirdPartyCancelsView,
  thirdPartyCancelCouponsView,
  pushDeliveriesView,
  pushPlanRunsView,
];
