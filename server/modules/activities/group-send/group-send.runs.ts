import { sql } from 'drizzle-orm';
import type { GroupSendReason, GroupSendRun, GroupSendRunReason, GroupSendRunState } from '../../../../resources/contract/group-send.types';
import type { Locale } from '../../../../resources/messages/bilingual';
import { windowPlace } from '../../../../resources/state-timeline';
import { formatInstant } from '../../../crud/zoned-time';
import type { DbOrTx } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import { groupSelection } from '../../audiences/audience.compute';
import { GROUP_SEND_KINDS } from '../../../../resources/promotion/activity-engine';
import { aboveThresholdValues, assertGiftApproved, giftAboveThreshold, measuredOf, type StoredApproval } from '../gift-approval';
import type { PushChannel } from '../../../../resources/promotion/kinds/push-plan.kind';
import { mobileKey, suppressPending } from '../push-plans/push-plan.deliver';
import { recipientCounts, stillPending } from './recipient-state';

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

/** A run just started: its job, and whether it waits for a second person's approval (then nothing is enqueued). */
export interface StartedRun extends GroupSendJob {
  readonly awaitingApproval: boolean;
}

/** The job of a started run (what the queue carries). */
export const jobOf = (run: GroupSendJob): GroupSendJob => ({ tenantId: run.tenantId, runId: run.runId });

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
  readonly budget: unknown;
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
 * have grown since the audit). A push plan's scheduled run (`slot`, no person) whose gift to its
 * frozen members is above the threshold is created AWAITING_APPROVAL instead: nothing is given until
 * a second person approves it (`approveRun`). The caller enqueues the run once this has committed,
 * unless it awaits approval.
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
  /** A scheduled run: the time its schedule named, and the end of its catch-up (and approval) window. */
  scheduledAt?: Date;
  dueUntil?: Date;
}): Promise<StartedRun> {
  const { tenantId, activityId, now } = args;
  const slot = args.slot ?? '';
  return args.db.transaction(async (tx) => {
    // Locked so the activity is not stopped while its recipients are frozen.
    const found = await tx.execute<ActivityRow>(sql`select kind, state, begin_time, end_time, rule, budget, created_by from activities
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
    }>(sql`insert into group_send_runs (tenant_id, activity_id, slot, state, started_by, started_at, not_before, scheduled_at, due_until)
      values (${tenantId}, ${activityId}, ${slot}, 'RUNNING', ${args.userId}, ${now}, ${notBefore},
        ${args.scheduledAt ?? null}, ${args.dueUntil ?? null})
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
    await tx.execute(sql`update group_send_runs set member_count = ${members} where tenant_id = ${tenantId} and id = ${runId}`);
    if (args.userId === null) {
      // No person starts a scheduled run: above the threshold it waits for a second person.
      const above = await giftAboveThreshold({
        db: tx,
        tenantId,
        record: { kind: activity.kind, rule: activity.rule, budget: activity.budget },
        members,
      });
      if (above === null) return { tenantId, runId, awaitingApproval: false };
      const measured = {
        valueKind: above.valueKind,
        units: String(above.units),
        threshold: String(above.threshold),
        unbounded: above.unbounded,
      };
      await tx.execute(sql`update group_send_runs set state = 'AWAITING_APPROVAL', reason = 'aboveThreshold',
          approval = ${JSON.stringify(measured)}::jsonb
        where tenant_id = ${tenantId} and id = ${runId}`);
      return { tenantId, runId, awaitingApproval: true };
    }
    await assertGiftApproved({
      db: tx,
      actor: { tenantId, userId: args.userId, locale: args.locale },
      // After the audit, `updated_by` is the auditor, whom the audit found to be no maker: the creator is the one left.
      record: { kind: activity.kind, rule: activity.rule, createdBy: activity.created_by, updatedBy: null },
      members,
    });
    return { tenantId, runId, awaitingApproval: false };
  });
}

/**
 * A second person approves a scheduled run that waits (AWAITING_APPROVAL, its gift above the
 * threshold): 404 unknown, 409 from another state, 409 `pushPlan.approvalExpired` once its window
 * has passed (a stale run is never sent), 409 `approval.secondPerson` to the plan's creator (after
 * the audit the one maker left, as on a start). One conditional update moves it RUNNING with the
 * approver; the caller enqueues it.
 */
export async function approveRun(args: {
  db: DbOrTx;
  tenantId: number;
  runId: number;
  userId: number;
  locale: Locale;
  now: Date;
}): Promise<{ activityId: number }> {
  const { tenantId, runId, now } = args;
  return args.db.transaction(async (tx) => {
    const found = await tx.execute<{
      activity_id: string;
      state: string;
      due_until: Date | null;
      approval: StoredApproval | null;
      created_by: string | null;
    }>(sql`select r.activity_id, r.state, r.due_until, r.approval, a.created_by from group_send_runs r
      join activities a on a.tenant_id = r.tenant_id and a.id = r.activity_id
      where r.tenant_id = ${tenantId} and r.id = ${runId} for update of r`);
    const run = found.rows[0];
    if (!run) throw new AppError('notFound', 'groupSend.runNotFound', { values: { id: runId } });
    if (run.state !== 'AWAITING_APPROVAL') throw new AppError('conflict', 'groupSend.cannot.approve');
    if (run.due_until !== null && new Date(run.due_until).getTime() <= now.getTime())
      throw new AppError('conflict', 'pushPlan.approvalExpired');
    if (run.created_by !== null && Number(run.created_by) === args.userId && run.approval !== null)
      throw new AppError('conflict', 'approval.secondPerson', { values: aboveThresholdValues(measuredOf(run.approval), args.locale) });
    await tx.execute(sql`update group_send_runs set state = 'RUNNING', approved_by = ${args.userId}, approved_at = ${now}
      where tenant_id = ${tenantId} and id = ${runId} and state = 'AWAITING_APPROVAL'`);
    return { activityId: Number(run.activity_id) };
  });
}

/**
 * Runs still waiting for approval whose window has passed (across tenants) become SKIPPED
 * `notApproved`, their recipients skipped with the same reason, nothing given and no message
 * decided; answers how many.
 */
export async function lapseUnapproved(db: DbOrTx, now: Date): Promise<number> {
  const lapsed = await db.execute(sql`with lapsed as (
      update group_send_runs set state = 'SKIPPED', reason = 'notApproved', finished_at = ${now}
      where state = 'AWAITING_APPROVAL' and due_until <= ${now}
      returning tenant_id, id)
    update group_send_recipients p set result = 'SKIPPED', reason = 'notApproved', served_at = ${now}
    from lapsed l where p.tenant_id = l.tenant_id and p.run_id = l.id and p.result = 'PENDING'`);
  return lapsed.rowCount ?? 0;
}

/** The transitions a person makes, from which states each is allowed. */
const MOVES = {
  pause: { from: ['RUNNING'], to: 'PAUSED' },
  resume: { from: ['PAUSED', 'FAILED'], to: 'RUNNING' },
  // A run awaiting approval may be stopped (refused) too.
  stop: { from: ['RUNNING', 'PAUSED', 'FAILED', 'AWAITING_APPROVAL'], to: 'STOPPED' },
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
    if (to === 'STOPPED') await skipPending({ tx, tenantId, runId, reason: 'stopped', now });
    return { activityId: Number(moved.rows[0].activity_id) };
  });
}

/**
 * Marks every pending recipient of a run skipped because the run stopped or its day ended, and a
 * push plan's messages to them suppressed with the same reason (so its report explains each).
 */
export async function skipPending(args: {
  tx: DbOrTx;
  tenantId: number;
  runId: number;
  reason: 'stopped' | 'dayEnded';
  now: Date;
}): Promise<void> {
  const { tx, tenantId, runId, reason, now } = args;
  const plan = await tx.execute<{
    channels: string[] | null;
  }>(sql`select array(select jsonb_array_elements_text(a.rule -> 'pushChannels')) as channels
    from group_send_runs r join activities a on a.tenant_id = r.tenant_id and a.id = r.activity_id
    where r.tenant_id = ${tenantId} and r.id = ${runId} and a.kind = 'PUSH_PLAN' and jsonb_typeof(a.rule -> 'pushChannels') = 'array'`);
  const channels = (plan.rows[0]?.channels ?? []) as PushChannel[];
  await suppressPending({ tx, tenantId, runId, channels, reason, now });
  await skipRecipients({ tx, tenantId, runId, reason, now });
}

/** Marks every recipient of the run still pending SKIPPED with the reason (a stop, a scheduled run's day ended). */
async function skipRecipients(args: { tx: DbOrTx; tenantId: number; runId: number; reason: GroupSendReason; now: Date }) {
  await args.tx.execute(sql`update group_send_recipients p set result = 'SKIPPED', reason = ${args.reason}, served_at = ${args.now}
    from group_send_runs r
    where r.tenant_id = ${args.tenantId} and r.id = ${args.runId} and p.tenant_id = r.tenant_id and p.run_id = r.id
      and ${stillPending(sql`p`, sql`r`)}`);
}

/** Stops the run of an activity that a person stopped (in the activity's stop transaction); nothing when it has none or it ended. */
export async function stopRunOfActivity(args: { db: DbOrTx; tenantId: number; activityId: number; now: Date }): Promise<void> {
  const stopped = await args.db.execute<{ id: string }>(sql`update group_send_runs set state = 'STOPPED', finished_at = ${args.now}
    where tenant_id = ${args.tenantId} and activity_id = ${args.activityId} and state in ('RUNNING', 'PAUSED', 'FAILED', 'AWAITING_APPROVAL')
    returning id`);
  for (const row of stopped.rows)
    await skipPending({ tx: args.db, tenantId: args.tenantId, runId: Number(row.id), reason: 'stopped', now: args.now });
}

/** Marks a RUNNING run DONE once none of its recipients is pending (once: conditional update). */
export async function finishIfDone(db: DbOrTx, job: GroupSendJob, now: Date): Promise<boolean> {
  const done = await db.execute(sql`update group_send_runs r set state = 'DONE', finished_at = ${now}
    where r.tenant_id = ${job.tenantId} and r.id = ${job.runId} and r.state = 'RUNNING'
      and not exists (select 1 from group_send_recipients p
        where p.tenant_id = ${job.tenantId} and p.run_id = ${job.runId} and ${stillPending(sql`p`, sql`r`)})`);
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
  locale: Locale;
}): Promise<GroupSendRun | null> {
  const found = await args.db.execute<{
    id: string;
    state: GroupSendRunState;
    member_count: number;
    started_at: Date;
    not_before: Date | null;
    finished_at: Date | null;
    scheduled_at: Date | null;
    due_until: Date | null;
    reason: GroupSendRunReason | null;
    approval: StoredApproval | null;
    approved_by: string | null;
    approved_at: Date | null;
    pending: string;
    issued: string;
    skipped: string;
  }>(sql`select r.id, r.state, r.member_count, r.started_at, r.not_before, r.finished_at, r.scheduled_at, r.due_until,
      r.reason, r.approval, u.name as approved_by, r.approved_at,
      c.pending, c.issued, c.skipped
    from group_send_runs r
    cross join lateral (${recipientCounts(sql`r`)}) c
    left join users u on u.tenant_id = r.tenant_id and u.id = r.approved_by
    where r.tenant_id = ${args.tenantId} and r.id = (select max(l.id) from group_send_runs l
      where l.tenant_id = ${args.tenantId} and l.activity_id = ${args.activityId})`);
  const row = found.rows[0];
  if (!row) return null;
  const at = (value: Date | null) => (value === null ? null : formatInstant(new Date(value), args.zone));
  return {
    id: Number(row.id),
    activityId: args.activityId,
    state: row.state,
    memberCount: Number(row.member_count),
    pending: Number(row.pending),
    issued: Number(row.issued),
    skipped: Number(row.skipped),
    startedAt: formatInstant(new Date(row.started_at), args.zone),
    notBefore: at(row.not_before),
    finishedAt: at(row.finished_at),
    scheduledAt: at(row.scheduled_at),
    dueUntil: at(row.due_until),
    reason: row.reason,
    approval: row.approval === null ? null : aboveThresholdValues(measuredOf(row.approval), args.locale),
    approvedBy: row.approved_by,
    approvedAt: at(row.approved_at),
  };
}
