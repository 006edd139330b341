/**
 * The promotion domain in the browser (src/screens/manifest.ts): the points settings screen, the
 * kind chooser of a new points campaign and the two evaluation screens; on every activity list the
 * simulator and, per menu entry, "New activity ▾" by kind; on every activity's detail its effect
 * evaluation and a simulator; on the detail of a kind sent to a group its send (group-send-tab.tsx), and
 * on a push plan's its messages (query view push-deliveries); on a
 * third-party issuing campaign's detail its reconciliation (third-party-issues-tab.tsx); on a coupon
 * code export's its codes (coupon-codes-tab.tsx); on a
 * customer group's detail its members, a page at a time; a marketing theme's landing-page preview
 * beside its form and on its detail. Every list and detail of an activity declaration is the generic one
 * (the views of the `activity` table inherit the base's slots).
 */
import { findEntry } from '../../../resources/catalog/index';
import { GROUP_SEND_KINDS, type GroupSendKind } from '../../../resources/promotion/activity-engine';
import { ACTIVITY_FAMILIES, type ActivityFamily } from '../../../resources/promotion/activity-kind';
import { activities, familyViewName } from '../../../resources/promotion/activity.resource';
import { KIND_DECLARATIONS } from '../../../resources/promotion/kinds/index';
import { customerGroupResource } from '../../../resources/promotion/customer-group.resource';
import { topicResource } from '../../../resources/promotion/topic.resource';
import { pushDeliveriesView } from '../../../resources/promotion/push-deliveries.query-view';
import { pushPlanRunsView } from '../../../resources/promotion/push-plan-runs.query-view';
import { lazySlot } from '../../screens/lazy-slot';
import { toolbarLink } from '../../screens/generic/toolbar-link';
import type { DetailTab, DomainManifest, ListToolbarItem } from '../../screens/manifest';

const SimulateButton = lazySlot(() => import('./activity-slots').then((m) => m.SimulateButton), 'none');
const NewByKind = lazySlot(() => import('./activity-slots').then((m) => m.NewByKind), 'none');
const SimulateTab = lazySlot(() => import('./activity-slots').then((m) => m.SimulateTab));
const ActivityEvaluation = lazySlot(() => import('./activity-evaluation').then((m) => m.ActivityEvaluation));
const GroupMembersTab = lazySlot(() => import('./group-members-tab').then((m) => m.GroupMembersTab));
const GroupSendTab = lazySlot(() => import('./group-send-tab').then((m) => m.GroupSendTab));
const ThirdPartyIssuesTab = lazySlot(() => import('./third-party-issues-tab').then((m) => m.ThirdPartyIssuesTab));
const CouponCodesTab = lazySlot(() => import('./coupon-codes-tab').then((m) => m.CouponCodesTab));
const PartnerBatchesTab = lazySlot(() => import('./partner-files-tab').then((m) => m.PartnerBatchesTab));
const ReconciliationTab = lazySlot(() => import('./partner-files-tab').then((m) => m.ReconciliationTab));
const QueryViewPanel = lazySlot(() => import('../../screens/query-view/query-view-screen').then((m) => m.QueryViewPanel));
const TopicPageSection = lazySlot(() => import('./topic/topic-slots').then((m) => m.TopicPageSection));
const TopicPreviewTab = lazySlot(() => import('./topic/topic-slots').then((m) => m.TopicPreviewTab));

/** "New activity ▾" in each activity entry's list, for those who may maintain the entry. */
function newByKindItems(): Record<string, readonly ListToolbarItem[]> {
  const items: Record<string, readonly ListToolbarItem[]> = {};
  for (const family of Object.keys(ACTIVITY_FAMILIES) as ActivityFamily[]) {
    const view = activities.resources.find((r) => r.name === familyViewName(family));
    const entry = findEntry('promotion', ACTIVITY_FAMILIES[family].entry);
    if (!view || !entry) continue;
    items[view.name] = [
      {
        key: 'new-by-kind',
        // An entry whose actions are its sub-resources' (card top-up gifts): the first one's.
        requires: { resourceId: entry.subResources?.[0]?.resourceId ?? entry.resourceId, action: '配置维护' },
        render: () => <NewByKind family={family} />,
        // One way to create an activity: the menu of the entry's kinds, not a generic drawer too.
        replacesNew: true,
      },
    ];
  }
  return items;
}

/** A push plan sent on a schedule (its runs start by themselves). */
const scheduledPlan = (record: Readonly<Record<string, unknown>>): boolean =>
  record.kind === 'PUSH_PLAN' && ((record.rule as { scheduleType?: string } | null)?.scheduleType ?? 'NOW') !== 'NOW';

/** A third-party issuing campaign's reconciliation: each request of its application and what became of it. */
/** The send tab of a kind sent to a group, its buttons granted by the kind's own menu entry (批量发券, 精准营销). */
const groupSendTab = (kind: GroupSendKind): DetailTab => {
  const entry = findEntry('promotion', ACTIVITY_FAMILIES[KIND_DECLARATIONS[kind].family].entry)!;
  // An entry whose actions are its sub-resources' (push plans: one per channel): the first one's, as "New" does.
  const resourceId = entry.subResources?.[0]?.resourceId ?? entry.resourceId;
  return {
    key: 'send',
    title: 'groupSend.tab',
    render: ({ record, t }) => (
      <GroupSendTab activityId={Number(record.id)} resourceId={resourceId} byHand={!scheduledPlan(record)} t={t} />
    ),
  };
};

/** A push plan's messages: the query view `push-deliveries` filtered on the plan. */
const pushMessagesTab: DetailTab = {
  key: 'messages',
  title: 'pushPlan.messagesTab',
  render: ({ record }) => <QueryViewPanel view={pushDeliveriesView} fixed={{ activityId: Number(record.id) }} />,
};

/** A push plan's runs: each time its schedule named, its state and why it waits or was not sent, Approve on a run that waits. */
const pushRunsTab: DetailTab = {
  key: 'runs',
  title: 'pushPlan.runsTab',
  render: ({ record }) => <QueryViewPanel view={pushPlanRunsView} fixed={{ activityId: Number(record.id) }} />,
};

const thirdPartyIssuesTab: DetailTab = {
  key: 'issues',
  title: 'thirdCoupon.tab',
  shownFor: (record) => record.kind === 'THIRD_PARTY_ISSUE',
  render: ({ record }) => <ThirdPartyIssuesTab activityId={Number(record.id)} />,
};

/** A coupon code export's codes: generated, bound, redeemed, and their export. */
const couponCodesTab: DetailTab = {
  key: 'codes',
  title: 'codes.tab',
  shownFor: (record) => record.kind === 'EXPORT_CODE_SEND_COUPON',
  render: ({ record }) => <CouponCodesTab activityId={Number(record.id)} />,
};

/** A coupon code export's partner batches: import a partner's codes (issuer, settlement price), each batch's figures. */
const partnerBatchesTab: DetailTab = {
  key: 'batches',
  title: 'codes.batchesTab',
  shownFor: (record) => record.kind === 'EXPORT_CODE_SEND_COUPON',
  render: ({ record, t }) => <PartnerBatchesTab activityId={Number(record.id)} t={t} />,
};

/** A third-party campaign's reconciliation: the partner's statement of redemptions against ours. */
const reconciliationTab: DetailTab = {
  key: 'reconcile',
  title: 'codes.reconcile.tab',
  render: ({ record, t }) => <ReconciliationTab activityId={Number(record.id)} t={t} />,
};

const evaluation = (family: 'COUPON_ACTIVE' | 'INVITE_GIFT' | 'STORE_VALUE_ACTIVE' | 'GIFT_CARD_ACTIVITY') => () =>
  import('./activity-evaluation-screen').then((m) => ({ default: m.evaluationScreen(family) }));

export const PROMOTION_MANIFEST: DomainManifest = {
  domain: 'promotion',
  screens: {
    'promotion/score-init/score-init': () => import('./score-init-screen'),
    'promotion/user-group/user-group-import': () => import('./user-group-import-screen'),
    'promotion/score-activity/score-activity-add': () =>
      import('./activity-kind-chooser').then((m) => ({ default: m.kindChooserScreen('SCORE_ACTIVITY') })),
    'promotion/coupon-active/score-activity-eval': evaluation('COUPON_ACTIVE'),
    'promotion/invite-gift/effect-evaluate': evaluation('INVITE_GIFT'),
    'promotion/store-value-active/effect-evaluation': evaluation('STORE_VALUE_ACTIVE'),
    'promotion/gift-card-activity/evaluate': evaluation('GIFT_CARD_ACTIVITY'),
  },
  toolbarItems: {
    [activities.base.name]: [{ key: 'simulate', render: () => <SimulateButton /> }],
    ...newByKindItems(),
    // A static group from a list of member numbers or mobiles, beside New (a group by conditions).
    [customerGroupResource.name]: [
      {
        ...toolbarLink({ key: 'import', to: '/promotion/user-group/user-group-import', labelKey: 'audience.import.toolbar' }),
        requires: { resourceId: findEntry('promotion', customerGroupResource.route.entry)?.resourceId ?? '', action: '配置维护' },
      },
    ],
  },
  detailTabs: {
    [activities.base.name]: [
      {
        key: 'evaluation',
        title: 'activity.eval.tab',
        render: ({ record, t }) => <ActivityEvaluation activityId={Number(record.id)} t={t} />,
      },
      { key: 'simulate', title: 'activity.sim.open', render: ({ record, t }) => <SimulateTab record={record} t={t} /> },
    ],
    [customerGroupResource.name]: [
      { key: 'members', title: 'audience.members.tab', render: ({ record, t }) => <GroupMembersTab groupId={Number(record.id)} t={t} /> },
    ],
    // A send to a group's run, progress and per-member results (a bulk coupon issue, a customer group gift).
    ...Object.fromEntries(GROUP_SEND_KINDS.map((kind) => [activities.kinds[kind].name, [groupSendTab(kind)]])),
    // A push plan's runs (why one waits or was not sent) and per-member report: each member's message on each channel, sent or why not.
    [activities.kinds.PUSH_PLAN.name]: [groupSendTab('PUSH_PLAN'), pushRunsTab, pushMessagesTab],
    // And on the entry's list's detail (a drawer) where the entry lists other kinds too (precision marketing).
    ...Object.fromEntries(
      GROUP_SEND_KINDS.filter((kind) => !('list' in KIND_DECLARATIONS[kind].screens)).map((kind) => [
        familyViewName(KIND_DECLARATIONS[kind].family),
        [{ ...groupSendTab(kind), shownFor: (record: Readonly<Record<string, unknown>>) => record.kind === kind }],
      ]),
    ),
    // A third-party issuing campaign's reconciliation, on its own detail and on the entry's detail of any of its kinds.
    // A code export's partner batches, and the reconciliation with a partner's statement of either kind.
    [activities.kinds.THIRD_PARTY_ISSUE.name]: [thirdPartyIssuesTab, reconciliationTab],
    [activities.kinds.EXPORT_CODE_SEND_COUPON.name]: [couponCodesTab, partnerBatchesTab, reconciliationTab],
    [familyViewName('THIRD_COUPON')]: [thirdPartyIssuesTab, couponCodesTab, partnerBatchesTab, reconciliationTab],
    [topicResource.name]: [{ key: 'preview', title: 'topic.preview.tab', render: (args) => <TopicPreviewTab {...args} /> }],
  },
  // A marketing theme's landing page, previewed beside its fields as they are typed.
  formSections: { [topicResource.name]: [{ key: 'page', render: (args) => <TopicPageSection {...args} /> }] },
};
