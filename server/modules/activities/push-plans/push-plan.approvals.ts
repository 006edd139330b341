import { sql } from 'drizzle-orm';
import { holdsAny } from '../../../../resources/access';
import { screenPath } from '../../../../resources/catalog';
import { formatInstant } from '../../../crud/zoned-time';
import type { ApprovalQueue } from '../../approvals/approval-queue';
import { familyRefs } from '../activity.hooks';
import { aboveThresholdValues, measuredOf, type StoredApproval } from '../gift-approval';
import { giftRef } from './push-plan.rule';

const DETAIL = screenPath({ group: 'promotion', entry: 'push-plan', screen: 'dtl' });

/**
 * The push plans' scheduled runs that wait for a second person (AWAITING_APPROVAL: their gift
 * above the threshold) and that this caller may approve, as `POST /v1/group-send/approve` would
 * accept: 配置维护 on the plan and on 赠礼发放, a plan of the caller's marketing centres (and of
 * the centre they work in), not a plan the caller made, its window not passed.
 */
export const pushPlanRunApprovals: ApprovalQueue = {
  name: 'pushPlanRun',
  async waiting({ db, auth, marketingCenter, now, locale, timeZone, limit }) {
    if (auth.userId === null) return { total: 0, items: [] };
    if (!holdsAny(auth.grants, familyRefs('PUSH_PLAN', ['配置维护'])) || !holdsAny(auth.grants, [giftRef()]))
      return { total: 0, items: [] };
    const centres = auth.marketingCenterIds;
    const rows = await db.execute<{
      id: string;
      activity_id: string;
      name: string;
      approval: StoredApproval;
      since: Date;
      due_until: Date | null;
      total: string;
    }>(sql`select r.id, r.activity_id, a.name, r.approval, coalesce(r.scheduled_at, r.started_at) as since, r.due_until,
        count(*) over () as total
      from group_send_runs r join activities a on a.tenant_id = r.tenant_id and a.id = r.activity_id
      where r.tenant_id = ${auth.tenantId} and r.state = 'AWAITING_APPROVAL' and a.kind = 'PUSH_PLAN'
        and (r.due_until is null or r.due_until > ${now})
        and (a.created_by is null or a.created_by <> ${auth.userId})
        and (a.marketing_center is null or (
          ${centres === null ? sql`true` : sql`a.marketing_center = any(${`{${centres.join(',')}}`}::bigint[])`}
          and ${marketingCenter === null ? sql`true` : sql`a.marketing_center = ${marketingCenter}`}))
      order by r.due_until nulls last, r.id
      limit ${limit}`);
    const at = (value: Date) => formatInstant(new Date(value), timeZone);
    return {
      total: Number(rows.rows[0]?.total ?? 0),
      items: rows.rows.map((row) => ({
        queue: 'pushPlanRun',
        id: Number(row.id),
        subject: row.name,
        value: aboveThresholdValues(measuredOf(row.approval), locale),
        since: at(row.since),
        dueAt: row.due_until === null ? null : at(row.due_until),
        path: `${DETAIL}?id=${Number(row.activity_id)}`,
      })),
    };
  },
};
