import { sql } from 'drizzle-orm';
import type { GroupSendReason } from '../../../../resources/contract/group-send.types';
import type { Award, PreparedActivity } from '../../../../resources/promotion/activity-engine';
import type { Db } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import { loadActivities } from '../activity.loader';
import { giveOnce, type GivingResult } from '../events/give';
import { localFacts } from '../events/member-events';
import { failRun, finishIfDone, type GroupSendJob } from './group-send.runs';

/**
 * Serving a run's frozen recipients (README.md): each member in its own small transaction, which
 * locks the run row for share (a pause or stop waits for it, and it sees a pause or stop made
 * before it), locks the recipient and re-reads it (still PENDING, else another delivery of the
 * job served it), gives the activity's coupon set through the activity engine's giving
 * (`events/give.ts`: budget, the coupon issue service, `activity_awards` keyed by run and member)
 * and marks the recipient ISSUED or SKIPPED, all in the same transaction. A job delivered twice,
 * at once or after a kill, therefore serves nobody twice.
 */

/** Recipients read per statement. */
const PAGE = 200;

/** What one delivery of the job did. */
export interface ServeOutcome {
  /** Recipients this delivery served (issued or skipped). */
  readonly served: number;
  /** Whether recipients are left for a further delivery (a slice ended before the run did). */
  readonly more: boolean;
}

/** The recipient's reason for a refusal of the giving. */
function reasonOf(error: AppError): GroupSendReason {
  if (/\.(memberBlocked|memberNotFound|memberFrozen|memberCancelled)$/.test(error.key)) return 'memberUnavailable';
  if (/^coupons\.(templateNotEffective|templateExpired|templateNotFound|codesExhausted)$/.test(error.key)) return 'templateUnavailable';
  if (error.key === 'coupons.soldOut') return 'soldOut';
  if (error.key === 'coupons.memberLimit') return 'couponLimit';
  return 'refused';
}

type Served = 'served' | 'gone' | 'halt';

/** Serves one recipient unless the run is no longer RUNNING ('halt') or the recipient was served ('gone'). */
async function serveOne(args: {
  db: Db;
  job: GroupSendJob;
  activity: PreparedActivity;
  awards: readonly Award[];
  memberId: number;
  zone: string;
  operatorId: number | null;
  clock: () => Date;
}): Promise<Served> {
  const { job, memberId } = args;
  return args.db.transaction(async (tx): Promise<Served> => {
    const run = await tx.execute<{ state: string }>(sql`select state from group_send_runs
      where tenant_id = ${job.tenantId} and id = ${job.runId} for share`);
    if (run.rows[0]?.state !== 'RUNNING') return 'halt';
    const pending = await tx.execute(sql`select 1 from group_send_recipients
      where tenant_id = ${job.tenantId} and run_id = ${job.runId} and member_id = ${memberId} and result = 'PENDING' for update`);
    if (pending.rows.length === 0) return 'gone';
    const now = args.clock();
    let result: GivingResult | { given: false; error: AppError };
    try {
      result = await giveOnce({
        tx,
        tenantId: job.tenantId,
        activity: args.activity,
        memberId,
        awards: args.awards,
        source: 'group-send',
        sourceNo: `run:${job.runId}`,
        now,
        localDate: localFacts(now, args.zone).localDate,
        zone: args.zone,
        operatorId: args.operatorId,
      });
    } catch (error) {
      // A refusal (the savepoint rolled back) skips this member alone; a fault ends the delivery.
      if (!(error instanceof AppError)) throw error;
      result = { given: false, error };
    }
    const mark = (fields: { result: string; reason: string | null; values: unknown; couponIds: readonly number[] | null }) =>
      tx.execute(sql`update group_send_recipients set result = ${fields.result}, reason = ${fields.reason},
          reason_values = ${fields.values === null ? null : JSON.stringify(fields.values)}::jsonb,
          coupon_ids = ${fields.couponIds === null ? null : JSON.stringify(fields.couponIds)}::jsonb, served_at = ${now}
        where tenant_id = ${job.tenantId} and run_id = ${job.runId} and member_id = ${memberId}`);
    if (result.given) await mark({ result: 'ISSUED', reason: null, values: null, couponIds: result.couponIds });
    else if ('error' in result)
      await mark({
        result: 'SKIPPED',
        reason: reasonOf(result.error),
        values: { key: result.error.key, values: result.error.values },
        couponIds: null,
      });
    else
      await mark({
        result: 'SKIPPED',
        reason: result.reason === 'alreadyGiven' ? 'refused' : 'budget',
        values: { exclusion: result.reason },
        couponIds: null,
      });
    return 'served';
  });
}

/** The run's activity and what it gives each member; null when the run is not RUNNING. */
async function runContext(db: Db, job: GroupSendJob) {
  const found = await db.execute<{ state: string; activity_id: string; started_by: string | null; time_zone: string }>(sql`
    select r.state, r.activity_id, r.started_by, t.time_zone from group_send_runs r join tenants t on t.id = r.tenant_id
    where r.tenant_id = ${job.tenantId} and r.id = ${job.runId}`);
  const row = found.rows[0];
  if (!row || row.state !== 'RUNNING') return null;
  const [activity] = await loadActivities(db, job.tenantId, [Number(row.activity_id)]);
  if (!activity || activity.rule.kind !== 'GROUP_COUPON') return null;
  const awards: Award[] = [{ type: 'coupon', templateId: activity.rule.couponTemplateId, count: activity.rule.couponCount }];
  return { activity, awards, zone: row.time_zone, operatorId: row.started_by === null ? null : Number(row.started_by) };
}

/**
 * One delivery of the job: serves the run's pending recipients in member order, at most `slice`
 * of them (the queue's wrapper then enqueues the next delivery, so one run never holds a worker
 * for long), until the run is paused or stopped or nobody is left; then marks it DONE. Safe to
 * deliver any number of times, also concurrently. A fault marks the run FAILED (resumable).
 */
export async function serveRun(args: { db: Db; job: GroupSendJob; clock: () => Date; slice?: number }): Promise<ServeOutcome> {
  const { db, job, clock } = args;
  const context = await runContext(db, job);
  if (!context) return { served: 0, more: false };
  const slice = args.slice ?? Number.MAX_SAFE_INTEGER;
  let served = 0;
  try {
    for (let after = 0; ;) {
      const page = await db.execute<{ member_id: string }>(sql`select member_id from group_send_recipients
        where tenant_id = ${job.tenantId} and run_id = ${job.runId} and result = 'PENDING' and member_id > ${after}
        order by member_id limit ${PAGE}`);
      if (page.rows.length === 0) break;
      for (const row of page.rows) {
        if (served >= slice) return { served, more: true };
        const memberId = Number(row.member_id);
        after = memberId;
        const outcome = await serveOne({ db, job, ...context, memberId, clock });
        if (outcome === 'halt') return { served, more: false };
        if (outcome === 'served') served += 1;
      }
    }
  } catch (error) {
    await failRun(db, job);
    throw error;
  }
  await finishIfDone(db, job, clock());
  return { served, more: false };
}
