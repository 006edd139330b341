import { sql } from 'drizzle-orm';
import { groupSendRecipientsView } from '../../../../resources/promotion/group-send-recipients.query-view';
import { defineViewSource } from '../../../crud/query-view.source';

/**
 * The source of a bulk coupon issue's per-member results
 * (resources/promotion/group-send-recipients.query-view.ts): the recipients of the activity's run
 * with the member named. The activity filter reads the run's unique index, then the recipients'
 * primary key.
 */
export const groupSendRecipientsSource = defineViewSource({
  view: groupSendRecipientsView,
  from: sql`group_send_recipients p
    join group_send_runs r on r.tenant_id = p.tenant_id and r.id = p.run_id
    join members m on m.tenant_id = p.tenant_id and m.id = p.member_id`,
  scope: (actor) => sql`p.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`p.id`,
    activityId: sql`r.activity_id`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    mobile: sql`m.mobile`,
    result: sql`p.result`,
    reason: sql`p.reason`,
    coupons: sql`coalesce(jsonb_array_length(p.coupon_ids), 0)`,
    servedAt: sql`p.served_at`,
  },
  filters: {
    keyword: { prefix: [sql`m.mobile`, sql`m.member_number`], contains: [sql`m.name`] },
  },
  measures: {
    recipients: sql`count(*)`,
    issued: sql`count(*) filter (where p.result = 'ISSUED')`,
    skipped: sql`count(*) filter (where p.result = 'SKIPPED')`,
    coupons: sql`coalesce(sum(jsonb_array_length(p.coupon_ids)), 0)`,
  },
});
