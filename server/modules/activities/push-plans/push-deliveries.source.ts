import { sql } from 'drizzle-orm';
import { pushDeliveriesView } from '../../../../resources/promotion/push-deliveries.query-view';
import { defineViewSource } from '../../../crud/query-view.source';

/**
 * The source of a push plan's per-member report (resources/promotion/push-deliveries.query-view.ts):
 * each message of the plan's runs with the member named. The plan filter reads the runs' unique
 * index, then the deliveries' primary key. Readers of any channel of 营销/推送计划 see every plan's
 * report (the view's access).
 */
export const pushDeliveriesSource = defineViewSource({
  view: pushDeliveriesView,
  from: sql`push_deliveries d
    join group_send_runs r on r.tenant_id = d.tenant_id and r.id = d.run_id
    join members m on m.tenant_id = d.tenant_id and m.id = d.member_id`,
  scope: (actor) => sql`d.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`d.id`,
    activityId: sql`r.activity_id`,
    runId: sql`d.run_id`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    mobile: sql`m.mobile`,
    channel: sql`d.channel`,
    result: sql`d.result`,
    reason: sql`d.reason`,
    errorCode: sql`d.error_code`,
    callId: sql`d.call_id`,
    createdAt: sql`d.created_at`,
  },
  filters: {
    keyword: { prefix: [sql`m.mobile`, sql`m.member_number`], contains: [sql`m.name`] },
  },
  measures: {
    messages: sql`count(*)`,
    members: sql`count(distinct d.member_id)`,
    sent: sql`count(*) filter (where d.result = 'SENT')`,
    suppressed: sql`count(*) filter (where d.result = 'SUPPRESSED')`,
    failed: sql`count(*) filter (where d.result = 'FAILED')`,
  },
});
