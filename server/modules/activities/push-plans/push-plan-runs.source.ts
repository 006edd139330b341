import { sql } from 'drizzle-orm';
import { pushPlanRunsView } from '../../../../resources/promotion/push-plan-runs.query-view';
import { defineViewSource } from '../../../crud/query-view.source';
import { recipientCounts } from '../group-send/recipient-state';

/**
 * The source of a push plan's runs (resources/promotion/push-plan-runs.query-view.ts): its runs
 * with their recipients counted and the approver named. The plan filter reads the runs' unique
 * index. Readers of any channel of 营销/推送计划 see every plan's runs (the view's access).
 */
export const pushPlanRunsSource = defineViewSource({
  view: pushPlanRunsView,
  from: sql`group_send_runs r
    join activities a on a.tenant_id = r.tenant_id and a.id = r.activity_id
    left join users u on u.tenant_id = r.tenant_id and u.id = r.approved_by
    left join lateral (${recipientCounts(sql`r`)}) c on true`,
  scope: (actor) => sql`r.tenant_id = ${actor.tenantId} and a.kind = 'PUSH_PLAN'`,
  columns: {
    id: sql`r.id`,
    activityId: sql`r.activity_id`,
    scheduledAt: sql`r.scheduled_at`,
    state: sql`r.state`,
    reason: sql`r.reason`,
    dueUntil: sql`r.due_until`,
    memberCount: sql`r.member_count`,
    issued: sql`c.issued`,
    skipped: sql`c.skipped`,
    approvedBy: sql`u.name`,
    startedAt: sql`r.started_at`,
    finishedAt: sql`r.finished_at`,
  },
  measures: {
    runs: sql`count(*)`,
    members: sql`coalesce(sum(r.member_count), 0)`,
  },
});
