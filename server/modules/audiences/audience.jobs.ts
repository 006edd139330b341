import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recomputeChangedMembers } from './audience.changed';
import { countGroup, recomputeTag } from './audience.compute';

/** The queue's jobs of tags and groups. */
export const AUDIENCE_JOBS = {
  recomputeTag: 'audiences.recompute-tag',
  countGroup: 'audiences.count-group',
  sweep: 'audiences.sweep',
  recomputeChanged: 'audiences.recompute-changed',
} as const;

/** Every 10 minutes: system tags and groups never computed, changed, or older than an hour are queued. */
const SWEEP_CRON = '*/10 * * * *';
/** Every minute: the system tags of the members whose data changed (audience.changed.ts). */
const CHANGED_CRON = '* * * * *';
/** The zone of `registeredAt` dates in a scheduled run (a person's run uses their own). */
const SCHEDULE_ZONE = 'Asia/Shanghai';

interface AudienceJob {
  readonly tenantId: number;
  readonly id: number;
  readonly timeZone: string;
}

/**
 * Server module `audiences` with a queue: the workers of the two computations and the sweep that
 * keeps system tags and group counts fresh (README.md, "Freshness"). One job per tag or group at
 * a time (singleton key), so a sweep and a person's request do not run the same work twice.
 */
export async function audienceJobsPlugin(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  const db = app.database.db;
  const ctxOf = (job: AudienceJob) => ({ now: new Date(), timeZone: job.timeZone });
  await jobs.work(AUDIENCE_JOBS.recomputeTag, async (data) => {
    const job = data as AudienceJob;
    await recomputeTag({ db, tenantId: job.tenantId, tagId: job.id, ctx: ctxOf(job) });
  });
  await jobs.work(AUDIENCE_JOBS.countGroup, async (data) => {
    const job = data as AudienceJob;
    await countGroup({ db, tenantId: job.tenantId, groupId: job.id, ctx: ctxOf(job) });
  });
  await jobs.work(AUDIENCE_JOBS.sweep, async () => {
    const tags = await db.execute(sql`select tenant_id, id from member_tags where tag_type = 'SYSTEM'
      and (last_run_at is null or last_run_at < now() - interval '1 hour')`);
    for (const row of tags.rows as { tenant_id: string; id: string }[]) {
      const job = { tenantId: Number(row.tenant_id), id: Number(row.id), timeZone: SCHEDULE_ZONE };
      await jobs.send(AUDIENCE_JOBS.recomputeTag, job, { singletonKey: `${job.tenantId}:${job.id}` });
    }
    const groups = await db.execute(sql`select tenant_id, id from customer_groups
      where counted_at is null or counted_at < now() - interval '1 hour'`);
    for (const row of groups.rows as { tenant_id: string; id: string }[]) {
      const job = { tenantId: Number(row.tenant_id), id: Number(row.id), timeZone: SCHEDULE_ZONE };
      await jobs.send(AUDIENCE_JOBS.countGroup, job, { singletonKey: `${job.tenantId}:${job.id}` });
    }
  });
  await jobs.schedule(AUDIENCE_JOBS.sweep, SWEEP_CRON);
  await jobs.work(AUDIENCE_JOBS.recomputeChanged, async () => {
    await recomputeChangedMembers({ db, ctx: { now: new Date(), timeZone: SCHEDULE_ZONE } });
  });
  await jobs.schedule(AUDIENCE_JOBS.recomputeChanged, CHANGED_CRON);
}
