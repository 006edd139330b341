import { sql } from 'drizzle-orm';
import type { GroupSendReason } from '../../../../resources/contract/group-send.types';
import type { Award, PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { rewardAwards } from '../../../../resources/promotion/kinds/goods-scope';
import type { Db, DbOrTx } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import { loadActivities } from '../activity.loader';
import { giveOnce, givingKey, pointsExpiry, type GivingResult } from '../events/give';
import { issueToMembers, membersInUse } from '../../coupons/issue.service';
import { earnForMany } from '../../points/points.ledger';
import { awardTotals, recordAwards } from '../engine/awards';
import { bucketsOf, takeBudgetForMany, type BudgetRefusal } from '../engine/budgets';
import { centsOf } from '../../../money/money';
import { localFacts } from '../events/member-events';
import {
  decideMessages,
  pushRules,
  recipientsNamed,
  sendMessages,
  type PushMessagePlan,
  type PushRules,
} from '../push-plans/push-plan.deliver';
import { failRun, finishIfDone, skipPending, type GroupSendJob } from './group-send.runs';
import { stillPending } from './recipient-state';

/**
 * Serving a run's frozen recipients (README.md), a batch of at most {@link BATCH} members per
 * transaction: the run row is read `for share` (a pause or stop waits for the batch in flight,
 * and the batch sees a pause or stop made before it), the batch's recipients still PENDING are
 * locked (`for update`: a second delivery waits, then finds them served and skips them), each
 * member is given the activity's gift (a coupon set, points) through the engine's giving (`events/give.ts`, in a
 * savepoint: budget, the coupon issue service, `activity_awards` keyed by run and member), and
 * every recipient of the batch is marked ISSUED or SKIPPED — all in that one transaction. A job
 * delivered twice, at once or after a kill, therefore serves nobody twice.
 */

/**
 * Recipients per transaction: one commit per batch, and a pause or stop waits at most one batch
 * (a batch given at once, {@link giveBatch}, takes a fraction of a second; member by member, 50
 * take about as long).
 */
const BATCH = 50;
const BULK_BATCH = 2000;
/** A push plan without a gift: its messages alone, one statement per batch (about a tenth of a second for 4,000). */
const MESSAGES_BATCH = 4000;

/** What one delivery of the job did. */
export interface ServeOutcome {
  /** Recipients this delivery served (issued or skipped). */
  readonly served: number;
  /** Whether recipients are left for a further delivery (a slice ended before the run did). */
  readonly more: boolean;
  /** The run holds until then (a push plan's wait before it sends): deliver it again at that time. */
  readonly waitUntil?: Date;
}

/** The recipient's reason for a refusal of the giving. */
function reasonOf(error: AppError): GroupSendReason {
  if (/\.(memberBlocked|memberNotFound|memberFrozen|memberCancelled)$/.test(error.key)) return 'memberUnavailable';
  if (/^coupons\.(templateNotEffective|templateExpired|templateNotFound|codesExhausted)$/.test(error.key)) return 'templateUnavailable';
  if (error.key === 'coupons.soldOut') return 'soldOut';
  if (error.key === 'coupons.memberLimit') return 'couponLimit';
  return 'refused';
}

/** What is written on a served recipient. */
interface Mark {
  readonly member_id: number;
  readonly result: 'ISSUED' | 'SKIPPED';
  readonly reason: GroupSendReason | null;
  readonly reason_values: unknown;
  readonly coupon_ids: readonly number[] | null;
}

/** The mark of one giving's outcome. */
function markOf(memberId: number, result: GivingResult | { given: false; error: AppError }): Mark {
  if (result.given) return { member_id: memberId, result: 'ISSUED', reason: null, reason_values: null, coupon_ids: result.couponIds };
  if ('error' in result) {
    const { key, values } = result.error;
    return { member_id: memberId, result: 'SKIPPED', reason: reasonOf(result.error), reason_values: { key, values }, coupon_ids: null };
  }
  const reason = result.reason === 'alreadyGiven' ? 'refused' : 'budget';
  return { member_id: memberId, result: 'SKIPPED', reason, reason_values: { exclusion: result.reason }, coupon_ids: null };
}

/** What a group-send kind gives each member: a bulk issue its coupon set, a group gift its reward (points and / or coupons); null for any other kind. */
function sendAwards(rule: PreparedActivity['rule']): Award[] | null {
  if (rule.kind === 'GROUP_COUPON') return [{ type: 'coupon', templateId: rule.couponTemplateId, count: rule.couponCount }];
  if (rule.kind === 'USER_GROUP_GIFT' || rule.kind === 'PUSH_PLAN') return rewardAwards(rule.reward, 1);
  return null;
}

/** What a push plan sends besides its gift (null for the other kinds, which send no message). */
const messagePlan = (rule: PreparedActivity['rule']): PushMessagePlan | null => (rule.kind === 'PUSH_PLAN' ? rule : null);

/** The run's activity, what it gives each member, the merchant's zone and the starter; null unless the run is RUNNING. */
async function runContext(db: Db, job: GroupSendJob) {
  const found = await db.execute<{
    state: string;
    activity_id: string;
    kind: string;
    started_by: string | null;
    not_before: Date | null;
    time_zone: string;
    day_ends: Date | null;
  }>(sql`
    select r.state, r.activity_id, a.kind, r.started_by, r.not_before, t.time_zone,
      (date_trunc('day', r.scheduled_at at time zone t.time_zone) + interval '1 day') at time zone t.time_zone as day_ends
    from group_send_runs r join tenants t on t.id = r.tenant_id
      join activities a on a.tenant_id = r.tenant_id and a.id = r.activity_id
    where r.tenant_id = ${job.tenantId} and r.id = ${job.runId}`);
  const row = found.rows[0];
  if (!row || row.state !== 'RUNNING') return null;
  // A push plan's rules read beside its activity (each delivery reads both).
  const [[activity], pushed] = await Promise.all([
    loadActivities(db, job.tenantId, [Number(row.activity_id)]),
    row.kind === 'PUSH_PLAN' ? pushRules(db, job.tenantId) : null,
  ]);
  if (!activity) return null;
  const awards = sendAwards(activity.rule);
  if (awards === null) return null;
  const messages = messagePlan(activity.rule);
  const rules: PushRules | null = messages === null ? null : pushed;
  return {
    activity,
    awards,
    messages,
    rules,
    notBefore: row.not_before === null ? null : new Date(row.not_before),
    // A scheduled run's messages belong to its day: past the merchant's midnight, nobody left is served.
    dayEnds: row.day_ends === null ? null : new Date(row.day_ends),
    zone: row.time_zone,
    operatorId: row.started_by === null ? null : Number(row.started_by),
  };
}

type Context = NonNullable<Awaited<ReturnType<typeof runContext>>>;

/**
 * What a batch can be given at once, else null (member by member): nothing (a push plan without
 * a gift), or at most one coupon award and points, whatever the budget.
 */
function bulkGift(context: Context): { coupon: Extract<Award, { type: 'coupon' }> | null; points: number } | null {
  let coupon: Extract<Award, { type: 'coupon' }> | null = null;
  let points = 0;
  for (const award of context.awards) {
    if (award.type === 'points') points += award.points;
    else if (award.type === 'coupon' && coupon === null) coupon = award;
    else return null;
  }
  return { coupon, points };
}

/** Thrown in the batch's savepoint when a member of it had been given already: the batch goes member by member. */
class GivenBefore extends Error {}

/** A unique violation (a points key used before), as node-postgres reports it (possibly wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * The batch at once (`bulkGift`), in a savepoint, in a fixed number of statements: the members
 * locked and those not in use skipped (`membersInUse`, the giving guard's reasons); the budget
 * taken for all (`takeBudgetForMany`: each member's buckets, then the total in member order, the
 * members it has no room for skipped as the giving skips them); the coupons of every member
 * given issued by `issueToMembers` (the template's total and each member's limit, the coupons,
 * their events); the points by one posting for many (`earnForMany`, the same ledger keys as
 * `giveOnce`'s); every giving recorded by one insert into `activity_awards` (the same keys).
 * Any refusal, a giving found recorded, or a points key used before rolls the savepoint back and
 * answers null: the batch is then served member by member, which finds each member's own result.
 */
async function giveBatch(args: {
  tx: DbOrTx;
  job: GroupSendJob;
  context: Context;
  memberIds: readonly number[];
  now: Date;
  localDate: string;
}): Promise<Mark[] | null> {
  const { job, context, now, localDate } = args;
  const gift = bulkGift(context);
  if (!gift || args.memberIds.length === 0) return null;
  const { activity } = context;
  const sourceNo = `run:${job.runId}`;
  try {
    return await args.tx.transaction(async (tx) => {
      const { inUse, unavailable } = await membersInUse(tx, job.tenantId, args.memberIds);
      // Members not in use are skipped as the giving's guard would skip them.
      const marks = [...unavailable].map(([id, state]) =>
        markOf(id, {
          given: false,
          error:
            state === undefined
              ? new AppError('notFound', 'points.memberNotFound')
              : new AppError('conflict', 'points.memberBlocked', { values: { state } }),
        }),
      );
      const { points, coupons } = awardTotals(context.awards);
      const refused =
        bucketsOf({ activity, memberId: 0, localDate }).length === 0
          ? new Map<number, BudgetRefusal>()
          : await takeBudgetForMany({ tx, tenantId: job.tenantId, activity, memberIds: inUse, localDate, points, coupons });
      for (const [memberId, reason] of refused) marks.push(markOf(memberId, { given: false, reason }));
      const given = new Map<number, { ids: number[]; cost: bigint }>(
        inUse.filter((id) => !refused.has(id)).map((id) => [id, { ids: [], cost: 0n }]),
      );
      const memberIds = [...given.keys()];
      // Points first, then coupons, as the giving of one member posts them (the members' webhook events in the same order).
      if (gift.points > 0 && memberIds.length > 0)
        await earnForMany({
          tx,
          tenantId: job.tenantId,
          memberIds,
          delta: gift.points,
          idempotencyKey: (memberId) => givingKey({ activity, source: 'group-send', sourceNo, memberId }),
          sourceType: 'activity',
          sourceId: activity.number,
          storeId: null,
          operatorId: context.operatorId,
          remark: activity.name,
          expiresAt: await pointsExpiry(tx, job.tenantId, now, context.zone),
          now,
        });
      if (gift.coupon && memberIds.length > 0) {
        const issued = await issueToMembers({
          tx,
          tenantId: job.tenantId,
          operatorId: context.operatorId,
          now,
          templateId: gift.coupon.templateId,
          memberIds,
          quantity: gift.coupon.count,
          source: 'ACTIVITY',
          sourceRef: activity.number,
          checked: true,
        });
        for (const coupon of issued.coupons) {
          const mine = given.get(coupon.member)!;
          mine.ids.push(Number(coupon.id));
          mine.cost += centsOf(coupon.face_value);
        }
      }
      const recorded = await recordAwards(
        tx,
        job.tenantId,
        [...given].map(([memberId, mine]) => ({
          activityId: activity.id,
          memberId,
          sourceType: 'group-send' as const,
          sourceNo,
          at: now,
          localDay: localDate,
          awards: context.awards,
          couponIds: mine.ids,
          costCents: mine.cost,
          costPartyId: activity.costPartyId,
        })),
      );
      if (recorded.length < given.size) throw new GivenBefore();
      return [...marks, ...[...given].map(([memberId, mine]) => markOf(memberId, { given: true, awardId: 0, couponIds: mine.ids }))];
    });
  } catch (error) {
    if (error instanceof AppError || error instanceof GivenBefore || isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Whether the run has recipients left to serve. */
async function hasPending(db: DbOrTx, job: GroupSendJob): Promise<boolean> {
  const found =
    await db.execute(sql`select 1 from group_send_runs r join group_send_recipients p on p.tenant_id = r.tenant_id and p.run_id = r.id
    where r.tenant_id = ${job.tenantId} and r.id = ${job.runId} and ${stillPending(sql`p`, sql`r`)} limit 1`);
  return found.rows.length > 0;
}

/**
 * Writes the marks of a batch: the members given no coupon (points alone) by
 * one update naming them, the others with their reasons and coupons by one update from JSON.
 */
async function writeMarks(tx: DbOrTx, job: GroupSendJob, marks: readonly Mark[], now: Date): Promise<void> {
  const plain = marks.filter((m) => m.result === 'ISSUED' && (m.coupon_ids ?? []).length === 0);
  const others = marks.filter((m) => m.result !== 'ISSUED' || (m.coupon_ids ?? []).length > 0);
  if (plain.length > 0)
    await tx.execute(sql`update group_send_recipients set result = 'ISSUED', reason = null, reason_values = null,
        coupon_ids = '[]'::jsonb, served_at = ${now}
      where tenant_id = ${job.tenantId} and run_id = ${job.runId} and member_id = any(${`{${plain.map((m) => m.member_id).join(',')}}`}::bigint[])`);
  if (others.length > 0)
    await tx.execute(sql`update group_send_recipients p set result = m.result, reason = m.reason,
        reason_values = m.reason_values, coupon_ids = m.coupon_ids, served_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(others)}::jsonb)
        as m(member_id bigint, result text, reason text, reason_values jsonb, coupon_ids jsonb)
      where p.tenant_id = ${job.tenantId} and p.run_id = ${job.runId} and p.member_id = m.member_id`);
}

/** What a batch did: members served, `halt` when the run is no longer RUNNING, the messages to send, whether recipients are left (when known). */
interface BatchOutcome {
  readonly served: number;
  readonly halt: boolean;
  readonly sending: readonly number[];
  readonly pending?: boolean;
}

/** Serves up to `limit` pending recipients in one transaction; `halt` when the run is no longer RUNNING. */
async function serveBatch(args: { db: Db; job: GroupSendJob; context: Context; limit: number; clock: () => Date }): Promise<BatchOutcome> {
  const { job, context } = args;
  return args.db.transaction(async (tx) => {
    const run = await tx.execute<{ state: string }>(sql`select state from group_send_runs
      where tenant_id = ${job.tenantId} and id = ${job.runId} for share`);
    if (run.rows[0]?.state !== 'RUNNING') return { served: 0, halt: true, sending: [] };
    const pending = await tx.execute<{ member_id: string }>(sql`select member_id from group_send_recipients
      where tenant_id = ${job.tenantId} and run_id = ${job.runId} and result = 'PENDING'
      order by member_id limit ${args.limit} for update`);
    const now = args.clock();
    const localDate = localFacts(now, context.zone).localDate;
    const memberIds = pending.rows.map((row) => Number(row.member_id));
    const marks: Mark[] = (await giveBatch({ tx, job, context, memberIds, now, localDate })) ?? [];
    for (const row of marks.length > 0 ? [] : pending.rows) {
      const memberId = Number(row.member_id);
      let result: GivingResult | { given: false; error: AppError };
      try {
        result = await giveOnce({
          tx,
          tenantId: job.tenantId,
          activity: context.activity,
          memberId,
          awards: context.awards,
          source: 'group-send',
          sourceNo: `run:${job.runId}`,
          now,
          localDate,
          zone: context.zone,
          operatorId: context.operatorId,
        });
      } catch (error) {
        // A refusal (its savepoint rolled back) skips this member alone; a fault ends the delivery.
        if (!(error instanceof AppError)) throw error;
        result = { given: false, error };
      }
      marks.push(markOf(memberId, result));
    }
    await writeMarks(tx, job, marks, now);
    const servedIds = marks.map((m) => m.member_id);
    // A push plan's messages, decided and keyed by (run, member, channel) in this same transaction.
    const decided =
      context.messages && context.rules && servedIds.length > 0
        ? await decideMessages({
            tx,
            tenantId: job.tenantId,
            runId: job.runId,
            batch: recipientsNamed(job.tenantId, job.runId, servedIds),
            plan: context.messages,
            rules: context.rules,
            now,
            zone: context.zone,
          })
        : null;
    return { served: marks.length, halt: false, sending: decided?.sending ?? [] };
  });
}

/**
 * A batch of a push plan that gives nothing, in one statement (its own transaction): the run row
 * locked (`for no key update`: the run's batches go one at a time, in member order; a pause or
 * stop waits for the one in flight, and the next sees it), the next `limit` pending recipients
 * above the run's `served_through` decided and written as their messages (`decideMessages`), and
 * `served_through` moved to the batch's last member, answering whether recipients are left above
 * it (so the delivery asks nothing more after its slice). Nothing else is written for them: their
 * messages are the record that they were served (recipient-state.ts), keyed by (run, member,
 * channel), so a delivery again, at once or after a kill, finds them served and sends nothing twice.
 */
async function serveMessagesOnly(args: {
  db: Db;
  job: GroupSendJob;
  context: Context;
  limit: number;
  clock: () => Date;
}): Promise<BatchOutcome> {
  const { job, context } = args;
  const { messages, rules } = context;
  // Only a push plan gives nothing (every other kind's rule asks for a gift).
  if (!messages || !rules) throw new Error(`run ${job.runId}: nothing to give and no message`);
  const thisRun = sql`tenant_id = ${job.tenantId} and id = ${job.runId}`;
  const decided = await args.db.transaction((tx) =>
    decideMessages({
      tx,
      tenantId: job.tenantId,
      runId: job.runId,
      batch: {
        with: sql`run as (select coalesce(served_through, 0) as through from group_send_runs where ${thisRun} and state = 'RUNNING'
          for no key update),
        batch as (select p.member_id, p.duplicate_mobile from group_send_recipients p
          where p.tenant_id = ${job.tenantId} and p.run_id = ${job.runId} and p.result = 'PENDING' and p.member_id > (select through from run)
          order by p.member_id limit ${args.limit})`,
      },
      then: sql`update group_send_runs set served_through = (select max(member_id) from batch)
      where ${thisRun} and exists (select 1 from batch)`,
      // Whether recipients are left above the batch (the delivery's slice may end with it).
      more: sql`exists (select 1 from group_send_recipients p where p.tenant_id = ${job.tenantId} and p.run_id = ${job.runId}
      and p.result = 'PENDING' and p.member_id > (select max(member_id) from batch))`,
      unwritten: true,
      plan: messages,
      rules,
      now: args.clock(),
      zone: context.zone,
    }),
  );
  if (decided.members > 0) return { served: decided.members, halt: false, sending: decided.sending, pending: decided.more };
  // Nobody left, or the run no longer RUNNING (paused, stopped): then the delivery ends here.
  const state = await args.db.execute<{ state: string }>(sql`select state from group_send_runs where ${thisRun}`);
  return { served: 0, halt: state.rows[0]?.state !== 'RUNNING', sending: [] };
}

/** Sends the messages a committed batch decided (a push plan's; nothing for the other kinds). */
async function sendBatchMessages(args: { db: Db; job: GroupSendJob; context: Context; sending: readonly number[] }) {
  const { context } = args;
  if (!context.messages || !context.rules) return;
  await sendMessages({
    db: args.db,
    tenantId: args.job.tenantId,
    runId: args.job.runId,
    sending: args.sending,
    plan: context.messages,
    rules: context.rules,
    zone: context.zone,
    operatorId: context.operatorId,
  });
}

/**
 * One delivery of the job: serves the run's pending recipients in member order, at most `slice`
 * of them (the queue's wrapper then enqueues the next delivery, so one run never holds a worker
 * for long), until the run is paused or stopped or nobody is left; then marks it DONE. Safe to
 * deliver any number of times, also concurrently. A fault marks the run FAILED (resumable).
 */
export async function serveRun(args: {
  db: Db;
  job: GroupSendJob;
  clock: () => Date;
  slice?: number;
  /**
   * What is done with the messages a committed batch wrote SENDING (their `push_deliveries` ids):
   * sent through the channel gateway by default. bench:push-plan keeps them instead, to time the
   * console's own work (decide and record) apart from the platforms' answers, then sends them.
   */
  send?: (sending: readonly number[]) => Promise<void>;
}): Promise<ServeOutcome> {
  const { db, job, clock } = args;
  const context = await runContext(db, job);
  if (!context) return { served: 0, more: false };
  // Held (a push plan's wait before it sends): nothing yet; the caller delivers it again then.
  if (context.notBefore !== null && context.notBefore.getTime() > clock().getTime())
    return { served: 0, more: false, waitUntil: context.notBefore };
  // A scheduled run resumed after its day (a process down until the morning after): the members
  // still pending are skipped (`dayEnded`), never sent yesterday's message late.
  if (context.dayEnds !== null && clock().getTime() >= context.dayEnds.getTime()) {
    const now = clock();
    await db.transaction(async (tx) => {
      // After the batch in flight, whose members are served (and its `served_through` seen).
      await tx.execute(sql`select 1 from group_send_runs where tenant_id = ${job.tenantId} and id = ${job.runId} for no key update`);
      await skipPending({ tx, tenantId: job.tenantId, runId: job.runId, reason: 'dayEnded', now });
    });
    await finishIfDone(db, job, now);
    return { served: 0, more: false };
  }
  const slice = args.slice ?? Number.MAX_SAFE_INTEGER;
  let served = 0;
  let pending: boolean | undefined;
  try {
    for (;;) {
      // The slice is served: the next delivery continues, or, nobody left, the run ends here.
      if (served >= slice) {
        if (pending ?? (await hasPending(db, job))) return { served, more: true };
        break;
      }
      const messagesOnly = context.awards.length === 0;
      const batchSize = messagesOnly ? MESSAGES_BATCH : bulkGift(context) ? BULK_BATCH : BATCH;
      const limit = Math.min(batchSize, slice - served);
      // A push plan that gives nothing is served by its messages alone.
      const batch = messagesOnly
        ? await serveMessagesOnly({ db, job, context, limit, clock })
        : await serveBatch({ db, job, context, limit, clock });
      if (batch.halt) return { served, more: false };
      if (args.send) await args.send(batch.sending);
      else await sendBatchMessages({ db, job, context, sending: batch.sending });
      served += batch.served;
      // Whether recipients are left, when the batch said so (a push plan's messages alone): none, the run ends here.
      pending = batch.pending;
      if (pending === false) break;
      // Nothing found: done, unless another delivery's batch held the rows this one waited for.
      if (batch.served === 0 && !(await hasPending(db, job))) break;
    }
  } catch (error) {
    await failRun(db, job);
    throw error;
  }
  await finishIfDone(db, job, clock());
  return { served, more: false };
}
