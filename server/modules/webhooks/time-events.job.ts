import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection';
import { insertEvents } from './outbox';

/** The job writing the events time alone causes, every minute. */
export const TIME_EVENTS_JOB = 'webhooks.time-events';
const CLOCK = 'time-events';

// Only tenants with a webhook subscribed to the event are read (their coupons and activities by
// the tenant's own indexes), so a merchant without webhooks costs nothing here.
const subscribed = (type: string) =>
  sql`(select a.tenant_id from applications a where a.state = 'ENABLED' and a.webhook_url is not null and ${type} = any(a.webhook_events))`;

/**
 * Writes the events whose instant fell in (`from`, `to`]: a coupon still unused reaching the end
 * of its validity (COUPON_EXPIRED), an audited activity's window starting (ACTIVITY_STARTED) or
 * ending (ACTIVITY_STOPPED, `reason` ENDED; a stop by hand is written by the stop itself). These
 * changes are committed by no one: coupons and activities change state by their windows, read at
 * each instant (resources/state-timeline.ts), so the outbox row is written when the minute passes.
 */
export async function timeEventsBetween(tx: DbOrTx, window: { from: Date; to: Date }): Promise<void> {
  const { from, to } = window;
  await insertEvents(
    tx,
    sql`select t.tenant_id, (row_number() over (order by t.at, t.type, t.key))::int as ord, t.type, t.member_id, t.data,
        gen_random_uuid() as event_id
      from (
        select c.tenant_id, c.valid_to as at, 'COUPON_EXPIRED' as type, c.id as key, c.member as member_id,
          jsonb_build_object('memberId', c.member, 'couponId', c.id, 'code', c.code, 'templateId', c.template, 'validTo', c.valid_to) as data
        from coupons c
        where c.tenant_id in ${subscribed('COUPON_EXPIRED')} and c.state = 'ISSUED' and c.valid_to > ${from} and c.valid_to <= ${to}
        union all
        select x.tenant_id, x.begin_time, 'ACTIVITY_STARTED', x.id, null,
          jsonb_build_object('activityId', x.id, 'number', x.number, 'name', x.name, 'kind', x.kind)
        from activities x
        where x.tenant_id in ${subscribed('ACTIVITY_STARTED')} and x.state = 'AUDITED' and x.begin_time > ${from} and x.begin_time <= ${to}
        union all
        select x.tenant_id, x.end_time, 'ACTIVITY_STOPPED', x.id, null,
          jsonb_build_object('activityId', x.id, 'number', x.number, 'name', x.name, 'kind', x.kind, 'reason', 'ENDED')
        from activities x
        where x.tenant_id in ${subscribed('ACTIVITY_STOPPED')} and x.state = 'AUDITED' and x.end_time > ${from} and x.end_time <= ${to}
      ) t`,
  );
}

/**
 * One run: from where the last run stopped (the clock row, locked, so two processes never write
 * a minute twice) to now. The first run ever starts now: nothing before webhooks existed is sent.
 */
export async function writeTimeEvents(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into webhook_clock (name, until) values (${CLOCK}, ${now}) on conflict (name) do nothing`);
    const { rows } = await tx.execute<{ until: Date }>(sql`select until from webhook_clock where name = ${CLOCK} for update`);
    const from = new Date(rows[0].until);
    if (from >= now) return;
    await timeEventsBetween(tx, { from, to: now });
    await tx.execute(sql`update webhook_clock set until = ${now} where name = ${CLOCK}`);
  });
}

/** Works on the minute's job and schedules it, in every process with a queue. */
export async function timeEventsWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.work(TIME_EVENTS_JOB, () => writeTimeEvents(app.database.db, app.clock()));
  await jobs.schedule(TIME_EVENTS_JOB, '* * * * *');
}
