import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import type { Award } from '../../../../resources/promotion/activity-engine';
import type { AwardSource } from '../engine/awards';

/** One activity that gave for an event, as the answers of the event routes list it. */
export interface EventActivity {
  readonly activityId: number;
  readonly number: string;
  readonly name: string;
  readonly kind: string;
  readonly awards: readonly Award[];
}

/** What the activities gave a member for one event (read back from `activity_awards`, in activity order). */
export async function eventAwardsOf(input: {
  db: DbOrTx;
  tenantId: number;
  memberId: number;
  source: AwardSource;
  sourceNo: string;
}): Promise<EventActivity[]> {
  const result = await input.db.execute<{ activity_id: number; number: string; name: string; kind: string; awards: Award[] }>(sql`
    select w.activity_id, a.number, a.name, a.kind, w.awards from activity_awards w
    join activities a on a.tenant_id = w.tenant_id and a.id = w.activity_id
    where w.tenant_id = ${input.tenantId} and w.member_id = ${input.memberId}
      and w.source_type = ${input.source} and w.source_no = ${input.sourceNo}
    order by w.activity_id`);
  return result.rows.map((row) => ({
    activityId: Number(row.activity_id),
    number: String(row.number),
    name: String(row.name),
    kind: String(row.kind),
    awards: row.awards,
  }));
}
