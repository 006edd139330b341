import { sql } from 'drizzle-orm';
import type { GroupSendRun, GroupSendRunState } from '../../../../resources/contract/group-send.types';
import type { Locale } from '../../../../resources/messages/bilingual';
import { windowPlace } from '../../../../resources/state-timeline';
import { formatInstant } from '../../../crud/zoned-time';
import type { DbOrTx } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import { groupSelection } from '../../audiences/audience.compute';
import { GROUP_SEND_KINDS } from '../../../../resources/promotion/activity-engine';
import { assertGiftApproved } from '../gift-approval';
import type { PushChannel } from '../../../../resources/promotion/kinds/push-plan.kind';
import { mobileKey, suppressStopped } from '../push-plans/push-plan.deliver';

/**
 * A group send's run (a bulk coupon issue, a customer group gift), its states and its progress (README.md). One run per activity;
 * every change is one conditional update, so two people (or a person and the job) never move a
 * run from a state it has left.
 */

/** What the queue carries: the run. */
export interface GroupSendJob {
  readonly tenantId: number;
  readonly runId: number;
}

type ActivityRow = {
  readonly kind: string;
  readonly state: string;
  readonly begin_time: Date;
  readonly end_time: Date;
  readonly rule: {
    readonly groupSendGroup?: number | string | null;
    readonly holdMinutes?: number | null;
    readonly scheduleType?: string | null;
    readonly pushChannels?: readonly string[] | null;
  } | null;
  readonly created_by: string | null;
};

/** Whether a kind is sent to a group by a run (`trigger: 'groupSend'`: a bulk coupon issue, a customer group gift). */
export const isGroupSendKind = (kind: string): boolean => (GROUP_SEND_KINDS as readonly string[]).includes(kind);

const notFound = (id: number) => new AppError('notFound', 'groupSend.activityNotFound', { values: { id } });

/**
 * Starts the send of an audited group-send activity (GROUP_COUPON, USER_GROUP_GIFT) inside its window (409 otherwise, and when
 * it has started before): in one transaction the run is created and the group's members as they
 * are now are copied into its recipients (one statement), so a member who joins the group later
 * is not served. Gifts are value: the activity's creator may not start alone a send worth more
 * than the merchant's threshold (`gift-approval.ts`, on the members frozen, as the group may
 * have grown since the audit). The caller enqueues
 * the run once this has committed.
 */
export async function startRun(args: {
  db: DbOrTx;
  tenantId: number;
  userId: number | null;
  locale: Locale;
  activityId: number;
  now: Date;
  timeZone: string;
  /** The run a push plan's schedule starts (its time: `once`, a local date); absent: the one a person starts. */
  slot?: string;
}): Promise<GroupSendJob> {
  const { tenantId, activityId, now } = args;
  const slot = args.slot ?? '';
  return args.db.transaction(async (tx) => {
    // Locked so the activity is not stopped while its recipients are frozen.
    const found = await tx.execute<ActivityRow>(sql`select kind, state, begin_time, end_time, rule, created_by from activities
      where tenant_id = ${tenantId} and id = ${activityId} for update`);
    const activity = found.rows[0];
    if (!activity || !isGroupSendKind(activity.kind)) throw notFound(activityId);
    const place = windowPlace({ start: new Date(activity.begin_time), end: new Date(activity.end_time), now });
    if (activity.state !== 'AUDITED' || place !== 'inside') throw new AppError('conflict', 'groupSend.notProcessing');
    // A scheduled push plan is started by its schedule alone, a plan sent by hand by a person alone.
    const scheduled = activity.kind === 'PUSH_PLAN' && (activity.rule?.scheduleType ?? 'NOW') !== 'NOW';
    if (scheduled !== (slot !== '')) throw new AppError('conflict', scheduled ? 'pushPlan.scheduled' : 'groupSend.alreadyStarted');
    // A push plan waits its hold before it sends, so that it can still be stopped.
    const holdMinutes = activity.kind === 'PUSH_PLAN' ? Number(activity.rule?.holdMinutes ?? 0) : 0;
    const notBefore = holdMinutes > 0 ? new Date(now.getTime() + holdMinutes * 60_000) : null;
    const created = await tx.execute<{
      id: string;
    }>(sql`insert into group_send_runs (tenant_id, activity_id, slot, state, started_by, started_at, not_before)
      values (${tenantId}, ${activityId}, ${slot}, 'RUNNING', ${args.userId}, ${now}, ${notBefore})
      on conflict (tenant_id, activity_id, slot) do nothing returning id`);
    if (created.rows.length === 0) throw new AppError('conflict', 'groupSend.alreadyStarted');
    const runId = Number(created.rows[0].id);
    const selection = await groupSelection({
      db: tx,
      tenantId,
      groupId: Number(activity.rule?.groupSendGroup),
      ctx: { now, timeZone: args.timeZone },
    });
    // The group is referenced by the activity's rule, so it cannot be deleted; guard all the same.
    if (!selection) throw new AppError('conflict', 'groupSend.groupMissing');
    // A push plan sending SMS decides here which recipients share a phone with one of a lower id (they get no SMS).
    const sms = activity.kind === 'PUSH_PLAN' && (activity.rule?.pushChannels ?? []).includes('SMS');
    const frozen = await tx.execute(
      sms
        ? sql`insert into group_send_recipients (tenant_id, run_id, member_id, duplicate_mobile)
            select ${tenantId}, ${runId}, k.id, k.phone is not null and row_number() over (partition by k.phone order by k.id) > 1
            from (select sel.id, ${mobileKey(sql`m.mobile`)} as phone from (${selection}) sel
              join members m on m.tenant_id = ${tenantId} and m.id = sel.id) k`
        : sql`insert into group_send_recipients (tenant_id, run_id, member_id)
            select ${tenantId}, ${runId}, sel.id from (${selection}) sel`,
    );
    const members = frozen.rowCount ?? 0;
    await assertGiftApproved({
      db: tx,
      actor: { tenantId, userId: args.userId, locale: args.locale },
      // After the audit, `updated_by` is the auditor, whom the audit found to be no maker: the creator is the one left.
      record: { kind: activity.kind, rule: activity.rule, createdBy: activity.created_by, updatedBy: null },
      members,
    });
    await tx.execute(sql`update group_send_runs set member_count = ${members} where tenant_id = ${tenantId} and id = ${runId}`);
    return { tenantId, runId };
  });
}

/** The transitions a person makes, from which states each is allowed. */
const MOVES = {
  pause: { from: ['RUNNING'], to: 'PAUSED' },
  resume: { from: ['PAUSED', 'FAILED'], to: 'RUNNING' },
  stop: { from: ['RUNNING', 'PAUSED', 'FAILED'], to: 'STOPPED' },
} as const satisfies Record<string, { from: readonly GroupSendRunState[]; to: GroupSendRunState }>;
export type GroupSendMove = keyof typeof MOVES;

/**
 * Moves a run (404 unknown, 409 from another state). A stop also marks every recipient still
 * pending as skipped (`stopped`) in the same transaction: a serving transaction holding one of
 * them commits first, and that member keeps what it was given.
 */
export async function moveRun(args: {
  db: DbOrTx;
  tenantId: number;
  runId: number;
  move: GroupSendMove;
  now: Date;
}): Promise<{ activityId: number }> {
  const { tenantId, runId, now } = args;
  const { from, to } = MOVES[args.move];
  return args.db.transaction(async (tx) => {
    const moved = await tx.execute<{ activity_id: string }>(sql`update group_send_runs
      set state = ${to}, finished_at = ${to === 'STOPPED' ? now : null}
      where tenant_id = ${tenantId} and id = ${runId} and state = any(${`{${from.join(',')}}`}::text[])
      returning activity_id`);
    if (moved.rows.length === 0) {
      const found = await tx.execute<{ state: string }>(
        sql`select state from group_send_runs where tenant_id = ${tenantId} and id = ${runId}`,
      );
      if (found.rows.length === 0) throw new AppError('notFound', 'groupSend.runNotFound', { values: { id: runId } });
      throw new AppError('conflict', `groupSend.cannot.${args.move}`);
    }
    if (to === 'STOPPED') await skipPending(tx, tenantId, runId, now);
    return { activityId: Number(moved.rows[0].activity_id) };
  });
}

/** Marks every pending recipient of a run skipped because the run stopped (and a push plan's messages to them suppressed). */
async function skipPending(tx: DbOrTx, tenantId: number, runId: number, now: Date): Promise<void> {
  const plan = await tx.execute<{
    channels: string[] | null;
  }>(sql`select array(select jsonb_array_elements_text(a.rule -> 'pushChannels')) as channels
    from group_send_runs r join activities a on a.tenant_id = r.tenant_id and a.id = r.activity_id
    where r.tenant_id = ${tenantId} and r.id = ${runId} and a.kind = 'PUSH_PLAN' and jsonb_typeof(a.rule -> 'pushChannels') = 'array'`);
  const channels = (plan.rows[0]?.channels ?? []) as PushChannel[];
  await suppressStopped({ tx, tenantId, runId, channels, now });
  await tx.execute(sql`update group_send_recipients set result = 'SKIPPED', reason = 'stopped', served_at = ${now}
    where tenant_id = ${tenantId} and run_id = ${runId} and result = 'PENDING'`);
}

/** Stops the run of an activity that a person stopped (in the activity's stop transaction); nothing when it has none or it ended. */
export async function stopRunOfActivity(args: { db: DbOrTx; tenantId: number; activityId: number; now: Date }): Promise<void> {
  const stopped = await args.db.execute<{ id: string }>(sql`update group_send_runs set state = 'STOPPED', finished_at = ${args.now}
    where tenant_id = ${args.tenantId} and activity_id = ${args.activityId} and state in ('RUNNING', 'PAUSED', 'FAILED')
    returning id`);
  for (const row of stopped.rows) await skipPending(args.db, args.tenantId, Number(row.id), args.now);
}

/** Marks a RUNNING run DONE once none of its recipients is pending (once: conditional update). */
export async function finishIfDone(db: DbOrTx, job: GroupSendJob, now: Date): Promise<boolean> {
  const done = await db.execute(sql`update group_send_runs set state = 'DONE', finished_at = ${now}
    where tenant_id = ${job.tenantId} and id = ${job.runId} and state = 'RUNNING'
      and not exists (select 1 from group_send_recipients r
        where r.tenant_id = ${job.tenantId} and r.run_id = ${job.runId} and r.result = 'PENDING')`);
  return (done.rowCount ?? 0) > 0;
}

/** Marks a RUNNING run FAILED (a fault, not a refusal); its pending recipients stay pending for a resume. */
export async function failRun(db: DbOrTx, job: GroupSendJob): Promise<void> {
  await db.execute(sql`update group_send_runs set state = 'FAILED'
    where tenant_id = ${job.tenantId} and id = ${job.runId} and state = 'RUNNING'`);
}

/** The latest run of an activity (a scheduled push plan has one per time) with its progress counted from its recipients; null before any. */
export async function runOfActivity(args: {
  db: DbOrTx;
  tenantId: number;
  activityId: number;
  zone: string;
}): Promise<GroupSendRun | null> {
  const found = await args.db.execute<{
    id: string;
    state: GroupSendRunState;
    member_count: number;
    started_at: Date;
    not_before: Date | null;
    finished_at: Date | null;
    pending: string;
    issued: string;
    skipped: string;
  }>(sql`select r.id, r.state, r.member_count, r.started_at, r.not_before, r.finished_at,
      count(*) filter (where p.result = 'PENDING') as pending,
      count(*) filter (where p.result = 'ISSUED') as issued,
      count(*) filter (where p.result = 'SKIPPED') as skipped
    from group_send_runs r
    left join group_send_recipients p on p.tenant_id = r.tenant_id and p.run_id = r.id
    where r.tenant_id = ${args.tenantId} and r.id = (select max(l.id) from group_send_runs l
      where l.tenant_id = ${args.tenantId} and l.activity_id = ${args.activityId})
    group by r.id, r.state, r.member_count, r.started_at, r.not_before, r.finished_at`);
  const row = found.rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    activityId: args.activityId,
    state: row.state,
    memberCount: Number(row.member_count),
    pending: Number(row.pending),
    issued: Number(row.issued),
    skipped: Number(row.skipped),
    startedAt: formatInstant(new Date(row.started_at), args.zone),
    notBefore: row.not_before === null ? null : formatInstant(new Date(row.not_before), args.zone),
    finishedAt: row.finished_at === null ? null : formatInstant(new Date(row.finished_at), args.zone),
  };
}
