import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PushSchedule } from '../../../../resources/promotion/kinds/push-plan.kind';
import { pushPlanKind } from '../../../../resources/promotion/kinds/push-plan.kind';
import { NO_GOODS } from '../../../../resources/promotion/kinds/rule-reading';
import { pushPlanSettingResource } from '../../../../resources/setting/push-plan-setting.resource';
import { parseZoned, startOfNextDay } from '../../../crud/zoned-time';
import type { Db } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import { localCalendar } from '../engine/select';
import { dispatchRun } from '../group-send/group-send.job';
import { jobOf, lapseUnapproved, startRun, type GroupSendJob } from '../group-send/group-send.runs';

/**
 * Push plans sent on a schedule (README.md "Schedules" and "Missed runs"): once at a time, every
 * day or on some weekdays at a time of day, in the merchant's zone. Every minute (a pg-boss cron
 * shared by every process), each audited plan gets the runs its schedule named since it could run
 * (its audit, its window's start, at most {@link LOOKBACK_DAYS} back): a time whose catch-up window
 * is still open starts its run (`slot`: `once`, or the local date); a time whose window has passed
 * with no run is recorded SKIPPED `missed`, never sent. The runs' unique index (activity, slot)
 * makes each happen once whichever process ticks, however often.
 */

export const PUSH_PLAN_TICK = 'push-plans.tick';

/** How far back a tick looks for times with no run (a process down longer records the last week's alone). */
export const LOOKBACK_DAYS = 8;

/** A plan's schedule as its kind reads it. */
export interface PlanSchedule {
  readonly type: PushSchedule;
  readonly at: Date | null;
  readonly time: string | null;
  readonly weekdays: readonly number[];
}

/** A time the schedule names: its run's slot and the instant. */
export interface Occurrence {
  readonly slot: string;
  readonly at: Date;
}

const DAY_MS = 24 * 3600_000;

/** The local date `days` after a local date. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The times a schedule names from `from` to `to` (both inclusive), oldest first. A one-off time
 * before `from` (the plan audited after it) counts as `from`: the plan sends once it may.
 */
export function occurrences(schedule: PlanSchedule, window: { from: Date; to: Date }, zone: string): Occurrence[] {
  const { from, to } = window;
  if (from.getTime() > to.getTime() || schedule.type === 'NOW') return [];
  if (schedule.type === 'ONCE') {
    if (schedule.at === null || schedule.at.getTime() > to.getTime()) return [];
    return [{ slot: 'once', at: schedule.at.getTime() < from.getTime() ? from : schedule.at }];
  }
  if (schedule.time === null) return [];
  const out: Occurrence[] = [];
  const last = localCalendar(to, zone).localDate;
  for (let date = localCalendar(from, zone).localDate; date <= last; date = addDays(date, 1)) {
    const at = parseZoned(`${date} ${schedule.time.slice(0, 5)}:00`, zone);
    if (at === null || at.getTime() < from.getTime() || at.getTime() > to.getTime()) continue;
    if (schedule.type === 'WEEKLY' && !schedule.weekdays.includes(localCalendar(at, zone).weekday)) continue;
    out.push({ slot: date, at });
  }
  return out;
}

/**
 * Until when a time's run may still start (or be approved): its catch-up window, never past the
 * end of its local day (yesterday's message is not sent today) nor the plan's window.
 */
export function dueUntil(args: { at: Date; catchUpMinutes: number; zone: string; end: Date }): Date {
  const dayEnd = startOfNextDay(localCalendar(args.at, args.zone).localDate, args.zone);
  return new Date(Math.min(args.at.getTime() + args.catchUpMinutes * 60_000, dayEnd.getTime(), args.end.getTime()));
}

type PlanRow = {
  tenant_id: string;
  id: string;
  rule: Record<string, unknown>;
  time_zone: string;
  begin_time: Date;
  end_time: Date;
  audited_at: Date | null;
  catch_up_minutes: number | null;
};

/** What a tick did: the runs it started (some awaiting approval) and the times it recorded missed. */
export interface TickOutcome {
  readonly started: GroupSendJob[];
  readonly missed: number;
}

/** Records a time whose window passed with no run: SKIPPED `missed`, nobody frozen (once: the runs' unique index). */
async function recordMissed(db: Db, plan: PlanRow, occurrence: Occurrence, due: Date, now: Date): Promise<boolean> {
  const recorded = await db.execute(sql`insert into group_send_runs
      (tenant_id, activity_id, slot, state, reason, scheduled_at, due_until, started_at, finished_at)
    values (${Number(plan.tenant_id)}, ${Number(plan.id)}, ${occurrence.slot}, 'SKIPPED', 'missed', ${occurrence.at}, ${due}, ${now}, ${now})
    on conflict (tenant_id, activity_id, slot) do nothing`);
  return (recorded.rowCount ?? 0) > 0;
}

/**
 * The tick at `now`, across tenants: runs waiting for approval past their window are skipped
 * (`notApproved`); then each plan's times with no run are started (inside their window; each
 * started run not awaiting approval handed to `dispatch`) or recorded missed. A start its checks
 * refuse (the group gone) is left to the next tick.
 */
export async function startDueRuns(args: { db: Db; now: Date; dispatch: (job: GroupSendJob) => Promise<void> }): Promise<TickOutcome> {
  const { db, now } = args;
  await lapseUnapproved(db, now);
  const lookback = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS);
  const plans = await db.execute<PlanRow>(sql`
    select a.tenant_id, a.id, a.rule, t.time_zone, a.begin_time, a.end_time, a.audited_at, s.catch_up_minutes
    from activities a join tenants t on t.id = a.tenant_id
    left join push_plan_settings s on s.tenant_id = a.tenant_id
    where a.kind = 'PUSH_PLAN' and a.state = 'AUDITED' and a.begin_time <= ${now} and a.end_time > ${lookback}
      and coalesce(a.rule ->> 'scheduleType', 'NOW') <> 'NOW'`);
  const started: GroupSendJob[] = [];
  let missed = 0;
  for (const plan of plans.rows) {
    const tenantId = Number(plan.tenant_id);
    const begin = new Date(plan.begin_time);
    const end = new Date(plan.end_time);
    const audited = plan.audited_at === null ? begin : new Date(plan.audited_at);
    // Times before the plan could run (its audit, its start) are not owed; the window's end is exclusive.
    const from = new Date(Math.max(begin.getTime(), audited.getTime(), lookback.getTime()));
    const to = new Date(Math.min(now.getTime(), end.getTime() - 1));
    const read = pushPlanKind.engine.read(plan.rule as Parameters<typeof pushPlanKind.engine.read>[0], NO_GOODS);
    const owed = occurrences(read.schedule, { from, to }, plan.time_zone);
    if (owed.length === 0) continue;
    const existing = await db.execute<{ slot: string }>(sql`select slot from group_send_runs
      where tenant_id = ${tenantId} and activity_id = ${Number(plan.id)} and slot = any(${`{${owed.map((o) => o.slot).join(',')}}`}::text[])`);
    const done = new Set(existing.rows.map((row) => row.slot));
    const catchUpMinutes = Number(plan.catch_up_minutes ?? pushPlanSettingResource.fields.catchUpMinutes.defaultValue);
    for (const occurrence of owed.filter((o) => !done.has(o.slot))) {
      const due = dueUntil({ at: occurrence.at, catchUpMinutes, zone: plan.time_zone, end });
      if (now.getTime() >= due.getTime()) {
        if (await recordMissed(db, plan, occurrence, due, now)) missed += 1;
        continue;
      }
      try {
        const run = await startRun({
          db,
          tenantId,
          userId: null,
          locale: 'zh_CN',
          activityId: Number(plan.id),
          now,
          timeZone: plan.time_zone,
          slot: occurrence.slot,
          scheduledAt: occurrence.at,
          dueUntil: due,
        });
        if (!run.awaitingApproval) await args.dispatch(jobOf(run));
        started.push(jobOf(run));
      } catch (error) {
        // Started meanwhile by another process, or refused (a conflict): the next tick looks again.
        if (!(error instanceof AppError)) throw error;
      }
    }
  }
  return { started, missed };
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
