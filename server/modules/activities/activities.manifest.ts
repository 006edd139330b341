import { promotionSeeder } from '../../db/seed/promotion.seed';
import { defineDomain } from '../domain-manifest';
import { activityEvaluationExport } from './activity-evaluation.export';
import { activityHooks, subResourceViewHooks } from './activity.hooks';
import { activityClaimRoutes } from './claims/claims.routes';
import { couponCodesSource } from './codes/coupon-codes.source';
import { couponCodeBatchesSource } from './codes/coupon-code-batches.source';
import { codeReconciliationSource } from './codes/code-reconciliation.source';
import { partnerCodesImport } from './codes/partner-codes.import';
import { reconciliationImport } from './codes/reconciliation.import';
import { codesRoutes } from './codes/codes.routes';
import { activityEngineRoutes } from './engine/engine.routes';
import { activityEventsPlugin } from './events/events.plugin';
import { groupSendRecipientsSource } from './group-send/group-send-recipients.source';
import { groupSendRoutes } from './group-send/group-send.routes';
import { pushConsentHooks } from './push-plans/push-consent.hooks';
import { pushDeliveriesSource } from './push-plans/push-deliveries.source';
import { pushPlanRunApprovals } from './push-plans/push-plan.approvals';
import { pushPlanRunsSource } from './push-plans/push-plan-runs.source';
import { pushPlanScheduleJobs } from './push-plans/push-plan.schedule';
import { thirdPartyCancelCouponsSource, thirdPartyCancelsSource } from './third-party/third-party-cancels.source';
import { thirdPartyIssuesSource } from './third-party/third-party-issues.source';
import { thirdPartyRoutes } from './third-party/third-party.routes';

/** Marketing activities: the declarations' hooks, the effect evaluation, member events and their jobs, bulk coupon issues' send runs (and push plans' messages), third-party issuing, coupon code export, coupon claims. */
export const activitiesDomain = defineDomain({
  name: 'activities',
  plugins: [
    { name: 'activity-engine', plugin: activityEngineRoutes },
    { name: 'activity-events', plugin: activityEventsPlugin },
    { name: 'group-send', plugin: groupSendRoutes },
    { name: 'push-plan-schedule', plugin: pushPlanScheduleJobs },
    { name: 'third-party', plugin: thirdPartyRoutes },
    { name: 'coupon-codes', plugin: codesRoutes },
    { name: 'activity-claims', plugin: activityClaimRoutes },
  ],
  hooks: [activityHooks, ...subResourceViewHooks, pushConsentHooks],
  exports: [activityEvaluationExport],
  imports: [partnerCodesImport, reconciliationImport],
  views: [
    groupSendRecipientsSource,
    thirdPartyIssuesSource,
    thirdPartyCancelsSource,
    thirdPartyCancelCouponsSource,
    couponCodesSource,
    couponCodeBatchesSource,
    codeReconciliationSource,
    pushDeliveriesSource,
    pushPlanRunsSource,
  ],
  approvals: [pushPlanRunApprovals],
  seed: [promotionSeeder],
});
