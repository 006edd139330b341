import { sql } from 'drizzle-orm';
import { groupSendRecipientsView } from '../../../../resources/promotion/group-send-recipients.query-view';
import { holdsAny } from '../../../../resources/access';
import { GROUP_SEND_KINDS } from '../../../../resources/promotion/activity-engine';
import { activityKind } from '../../../../resources/promotion/kinds/index';
import type { Actor } from '../../../crud/actor';
import { defineViewSource } from '../../../crud/query-view.source';
import { familyAccess } from '../../../../resources/promotion/activity.resource';
import { familyRefs } from '../activity.hooks';
import { recipientResult, recipientServedAt } from './recipient-state';

/** The kinds sent to a group whose entry the actor may read. */
const readableKinds = (actor: Actor): string[] =>
  GROUP_SEND_KINDS.filter((kind) => {
    const family = activityKind(kind)!.family;
    return holdsAny(actor.grants, familyRefs(family, familyAccess(family).read));
  });

/**
 * The source of a send's per-member results (resources/promotion/group-send-recipients.query-view.ts):
 * the recipients of the activity's run with the member named and the points the run's award gave. The activity filter reads the run's unique index, then the recipients'
 * primary key.
 */
export const groupSendRecipientsSource = defineViewSource({
  view: groupSendRecipientsView,
  from: sql`group_send_recipients p
    join group_send_runs r on r.tenant_id = p.tenant_id and r.id = p.run_id
    join activities a on a.tenant_id = r.tenant_id and a.id = r.activity_id
    join members m on m.tenant_id = p.tenant_id and m.id = p.member_id
    left join activity_awards aw on aw.tenant_id = p.tenant_id and aw.activity_id = r.activity_id
      and aw.source_type = 'group-send' and aw.source_no = 'run:' || r.id and aw.member_id = p.member_id`,
  // The sends of the kinds whose entry the reader may read (a bulk issue's reader sees no group gift's members).
  scope: (actor) => sql`p.tenant_id = ${actor.tenantId} and a.kind = any(${`{${readableKinds(actor).join(',')}}`}::text[])`,
  columns: {
    id: sql`p.id`,
    activityId: sql`r.activity_id`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    mobile: sql`m.mobile`,
    result: recipientResult(sql`p`, sql`r`),
    reason: sql`p.reason`,
    coupons: sql`coalesce(jsonb_array_length(p.coupon_ids), 0)`,
    points: sql`coalesce(aw.points, 0)`,
    servedAt: recipientServedAt(sql`p`, sql`r`),
  },
  filters: {
    keyword: { prefix: [sql`m.mobile`, sql`m.member_number`], contains: [sql`m.name`] },
  },
  measures: {
    recipients: sql`count(*)`,
    issued: sql`count(*) filter (where ${recipientResult(sql`p`, sql`r`)} = 'ISSUED')`,
    skipped: sql`count(*) filter (where p.result = 'SKIPPED')`,
    coupons: sql`coalesce(sum(jsonb_array_length(p.coupon_ids)), 0)`,
    points: sql`coalesce(sum(aw.points), 0)`,
  },
});
