import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PushSchedule } from '../../../../resources/promotion/kinds/push-plan.kind';
import { pushPlanKind } from '../../../../resources/promotion/kinds/push-plan.kind';
import { NO_GOODS } from '../../../../resources/promotion/kinds/rule-reading';
import type { Db } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import { localCalendar } from '../engine/select';
import { dispatchRun } from '../group-send/group-send.job';
import { startRun, type GroupSendJob } from '../group-send/group-send.runs';

/**
 * Push plans sent on a schedule (README.md "Schedules"): once at a time, every day or on some
 * weekdays at a time of day, in the merchant's zone. Every minute (a pg-boss cron shared by every
 * process), each audited plan inside its window whose time has come gets its run for that time
 * (`slot`: `once`, or the local date): the runs' unique index (activity, slot) makes the start
 * happen once whichever process ticks, and a tick after a stopped process catches up the same day.
 */

export const PUSH_PLAN_TICK = 'push-plans.tick';

/** A plan's schedule as its kind reads it. */
export interface PlanSchedule {
  readonly type: PushSchedule;
  readonly at: Date | null;
  readonly time: string | null;
  readonly weekdays: readonly number[];
}

/** The run a schedule owes at `now` (its slot), or null: not yet, not today, or started by hand. */
export function dueSlot(schedule: PlanSchedule, now: Date, zone: string): string | null {
  if (schedule.type === 'NOW') return null;
  if (schedule.type === 'ONCE') return schedule.at !== null && schedule.at.getTime() <= now.getTime() ? 'once' : null;
  const local = localCalendar(now, zone);
  if (schedule.time === null || local.localTime < schedule.time.slice(0, 5)) return null;
  if (schedule.type === 'WEEKLY' && !schedule.weekdays.includes(local.weekday)) return null;
  return local.localDate;
}

/**
 * Starts the runs the schedules owe at `now`, across tenants, and hands each to `dispatch`. A run
 * started before (this or another process) is skipped; a plan its start refuses (the group gone)
 * is left to the next tick. Answers the runs started.
 */
export async function startDueRuns(args: { db: Db; now: Date; dispatch: (job: GroupSendJob) => Promise<void> }): Promise<GroupSendJob[]> {
  const { db, now } = args;
  const plans = await db.execute<{ tenant_id: string; id: string; rule: Record<string, unknown>; time_zone: string }>(sql`
    select a.tenant_id, a.id, a.rule, t.time_zone from activities a join tenants t on t.id = a.tenant_id
    where a.kind = 'PUSH_PLAN' and a.state = 'AUDITED' and a.begin_time <= ${now} and a.end_time > ${now}
      and coalesce(a.rule ->> 'scheduleType', 'NOW') <> 'NOW'`);
  const started: GroupSendJob[] = [];
  for (const plan of plans.rows) {
    const read = pushPlanKind.engine.read(plan.rule as Parameters<typeof pushPlanKind.engine.read>[0], NO_GOODS);
    const slot = dueSlot(read.schedule, now, plan.time_zone);
    if (slot === null) continue;
    const exists = await db.execute(sql`select 1 from group_send_runs
      where tenant_id = ${Number(plan.tenant_id)} and activity_id = ${Number(plan.id)} and slot = ${slot}`);
    if (exists.rows.length > 0) continue;
    try {
      const job = await startRun({
        db,
        tenantId: Number(plan.tenant_id),
        userId: null,
        locale: 'zh_CN',
        activityId: Number(plan.id),
        now,
        timeZone: plan.time_zone,
        slot,
      });
      await args.dispatch(job);
      started.push(job);
    } catch (error) {
      // Started meanwhile by another process, or refused (a conflict): the next tick looks again.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return started;
}

/** The minute's tick on the queue (every process works it; pg-boss runs each tick once). */
export async function pushPlanScheduleJobs(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.work(PUSH_PLAN_TICK, async () => {
    await startDueRuns({ db: app.database.db, now: app.clock(), dispatch: (job) => dispatchRun(app, job) });
  });
  await jobs.schedule(PUSH_PLAN_TICK, '* * * * *');
}
