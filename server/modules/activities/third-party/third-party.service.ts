/**
 * Third-party issuing (THIRD_PARTY_ISSUE, issue 28 item 1; README.md): a partner's application
 * issues the activity's coupons to a member, or cancels what one of its issues gave, each call
 * once by the partner's own request number under the idempotency rule (server/modules/idempotency):
 * the same number with the same body answers the first answer, with another body 409. The key is
 * scoped by the application (`thirdCoupon.issue.app<id>`): two partners of one merchant may use
 * the same numbers. The coupons come through the engine's giving (`events/give.ts`: budget and
 * limits, the coupon issue service, `activity_awards` keyed by the request number), so a request
 * gives once however many times it arrives, also concurrently.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/connection';
import { formatInstant } from '../../../crud/zoned-time';
import { AppError, badInput, forbidden } from '../../../http/envelope';
import { pick, type Locale } from '../../../../resources/messages/bilingual';
import { thirdPartyMessages } from '../../../../resources/promotion/third-party.messages';
import type { PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { idempotent, type IdempotentResult } from '../../idempotency/idempotency.service';
import { loadActivities } from '../activity.loader';
import { activeSet } from '../engine/active-set';
import { voidAwardCoupons } from '../engine/returns';
import { eventExclusion, isTimeExclusion } from '../events/evaluate';
import { giveOnce } from '../events/give';
import { factsFor, memberContext } from '../events/member-events';

/** Who calls: the application behind the key (null for a console user, who may not). */
export interface ThirdPartyCaller {
  readonly tenantId: number;
  readonly userId: number;
  readonly applicationId: number | null;
  readonly zone: string;
  readonly locale: Locale;
}

export interface ThirdIssueInput {
  /** The partner's number: the same number twice issues once. */
  readonly requestNo: string;
  readonly activityId: number;
  readonly memberId: number;
  /** Coupons asked for (default 1, at most the activity's `thirdMaxPerRequest`). */
  readonly quantity?: number;
}

export interface IssuedCode {
  readonly id: number;
  readonly code: string;
  readonly validFrom: string;
  readonly validTo: string;
}

export interface ThirdIssueAnswer {
  readonly requestNo: string;
  readonly activityId: number;
  readonly memberId: number;
  readonly coupons: readonly IssuedCode[];
}

export interface ThirdCancelInput {
  /** The partner's number of this cancel: the same number twice cancels once. */
  readonly requestNo: string;
  readonly activityId: number;
  /** The request number of the issue whose coupons are cancelled. */
  readonly issueRequestNo: string;
  readonly reason?: string | null;
}

export interface ThirdCancelAnswer {
  readonly requestNo: string;
  readonly activityId: number;
  readonly issueRequestNo: string;
  /** The codes voided by this cancel. */
  readonly voided: readonly string[];
}

type ThirdPartyActivity = PreparedActivity & { readonly rule: Extract<PreparedActivity['rule'], { kind: 'THIRD_PARTY_ISSUE' }> };

const isThirdParty = (activity: PreparedActivity | undefined): activity is ThirdPartyActivity =>
  activity?.rule.kind === 'THIRD_PARTY_ISSUE';

/** The third-party activity asked for, when the caller is its issuing application (404 / 403 otherwise). */
async function issuersActivity(tx: DbOrTx, caller: ThirdPartyCaller, activityId: number): Promise<ThirdPartyActivity> {
  const [activity] = await loadActivities(tx, caller.tenantId, [activityId]);
  if (!isThirdParty(activity)) throw new AppError('notFound', 'thirdCoupon.activityNotFound', { values: { activityId } });
  if (caller.applicationId === null || caller.applicationId !== activity.rule.applicationId) throw forbidden('thirdCoupon.notIssuer');
  return activity;
}

/** The idempotency scope of an operation for the calling application. */
const operationOf = (name: 'issue' | 'cancel', caller: ThirdPartyCaller) => `thirdCoupon.${name}.app${caller.applicationId ?? 0}`;

/**
 * The running activity, and the member inside its scope now (409 `<prefix>.notRunning` /
 * `<prefix>.outOfScope` otherwise, 404 for an unknown member). Also the bind of a code (codes/).
 */
export async function assertOpenFor(
  tx: DbOrTx,
  args: { tenantId: number; activity: PreparedActivity; memberId: number; now: Date; prefix: string },
) {
  const { tenantId, activity, prefix } = args;
  const running = (await activeSet(tx, tenantId)).activities.some((a) => a.id === activity.id);
  const values = { name: activity.name };
  if (!running) throw new AppError('conflict', `${prefix}.notRunning`, { values });
  const context = await memberContext(tx, tenantId, args.memberId, args.now);
  if (!context) throw new AppError('notFound', 'points.memberNotFound');
  const exclusion = eventExclusion(activity, await factsFor(tx, tenantId, activity, context.facts));
  if (isTimeExclusion(exclusion)) throw new AppError('conflict', `${prefix}.notRunning`, { values });
  if (exclusion) throw new AppError('conflict', `${prefix}.outOfScope`, { values });
  return context;
}

/** Issues `quantity` coupons of the activity's template to the member, once per request number. */
export async function issueThirdParty(input: {
  db: Db;
  caller: ThirdPartyCaller;
  now: Date;
  issue: ThirdIssueInput;
}): Promise<IdempotentResult<ThirdIssueAnswer>> {
  const { db, caller, issue, now } = input;
  const quantity = issue.quantity ?? 1;
  return idempotent({
    db,
    tenantId: caller.tenantId,
    operation: operationOf('issue', caller),
    key: issue.requestNo,
    keyField: 'requestNo',
    request: { activityId: issue.activityId, memberId: issue.memberId, quantity },
    run: async (tx) => {
      const activity = await issuersActivity(tx, caller, issue.activityId);
      if (quantity > activity.rule.maxPerRequest) {
        const label = pick(thirdPartyMessages['thirdCoupon.quantityLabel'], caller.locale);
        throw badInput('error.fieldsInvalid', [
          { field: 'quantity', key: 'validation.max', values: { label, max: activity.rule.maxPerRequest } },
        ]);
      }
      const context = await assertOpenFor(tx, {
        tenantId: caller.tenantId,
        activity,
        memberId: issue.memberId,
        now,
        prefix: 'thirdCoupon',
      });
      const given = await giveOnce({
        tx,
        tenantId: caller.tenantId,
        activity,
        memberId: issue.memberId,
        awards: [{ type: 'coupon', templateId: activity.rule.couponTemplateId, count: quantity }],
        source: 'third-party',
        sourceNo: issue.requestNo,
        now,
        localDate: context.facts.localDate,
        zone: context.zone,
        operatorId: caller.userId,
        couponSource: 'THIRD_PARTY',
      });
      // The request number is new (idempotent above), so a giving refused here is a budget or a limit.
      if (!given.given) throw new AppError('conflict', `thirdCoupon.${given.reason}`, { values: { name: activity.name } });
      const ids = sql.join(
        given.couponIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const coupons = await tx.execute<{
        id: string;
        code: string;
        valid_from: Date;
        valid_to: Date;
      }>(sql`select id, code, valid_from, valid_to
        from coupons where tenant_id = ${caller.tenantId} and id in (${ids}) order by id`);
      const answer: ThirdIssueAnswer = {
        requestNo: issue.requestNo,
        activityId: activity.id,
        memberId: issue.memberId,
        coupons: coupons.rows.map((c) => ({
          id: Number(c.id),
          code: c.code,
          validFrom: formatInstant(new Date(c.valid_from), caller.zone),
          validTo: formatInstant(new Date(c.valid_to), caller.zone),
        })),
      };
      return answer;
    },
  });
}

/**
 * Cancels what one issue of the application gave: every coupon of it still unused is voided, in
 * one transaction, once per cancel request number. A coupon of it already used refuses the whole
 * cancel (409 naming the code, nothing voided); an issue whose coupons are all voided or expired
 * already answers 409. The activity may have ended: a partner cancels after the campaign too.
 */
export async function cancelThirdParty(input: {
  db: Db;
  caller: ThirdPartyCaller;
  now: Date;
  cancel: ThirdCancelInput;
}): Promise<IdempotentResult<ThirdCancelAnswer>> {
  const { db, caller, cancel, now } = input;
  const reason = cancel.reason?.trim() || null;
  return idempotent({
    db,
    tenantId: caller.tenantId,
    operation: operationOf('cancel', caller),
    key: cancel.requestNo,
    keyField: 'requestNo',
    request: { activityId: cancel.activityId, issueRequestNo: cancel.issueRequestNo, reason },
    run: async (tx) => {
      const activity = await issuersActivity(tx, caller, cancel.activityId);
      const found = await tx.execute<{ id: string; coupon_ids: number[] }>(sql`select id, coupon_ids from activity_awards
        where tenant_id = ${caller.tenantId} and activity_id = ${activity.id} and source_type = 'third-party'
          and source_no = ${cancel.issueRequestNo} for update`);
      const award = found.rows[0];
      const values = { name: activity.name, issueRequestNo: cancel.issueRequestNo };
      if (!award) throw new AppError('notFound', 'thirdCoupon.issueNotFound', { values });
      const couponIds = (award.coupon_ids ?? []).map(Number);
      const idList = sql.join(
        couponIds.map((id) => sql`${id}`),
        sql`, `,
      );
      // Locked in id order, so a concurrent redemption either went first (used: refused) or waits and finds them voided.
      const coupons = await tx.execute<{ code: string; state: string }>(sql`select code, state from coupons
        where tenant_id = ${caller.tenantId} and id in (${idList}) order by id for update`);
      const used = coupons.rows.find((c) => c.state === 'USED');
      if (used) throw new AppError('conflict', 'thirdCoupon.couponUsed', { values: { code: used.code } });
      const voided = await voidAwardCoupons({
        tx,
        tenantId: caller.tenantId,
        awardId: Number(award.id),
        // Only coupons still usable (an expired one stays expired, as the coupon list's void allows).
        couponIds: (
          await tx.execute<{ id: string }>(sql`select id from coupons where tenant_id = ${caller.tenantId} and id in (${idList})
            and state = 'ISSUED' and valid_to > ${now}`)
        ).rows.map((row) => Number(row.id)),
        operatorId: caller.userId,
        now,
        reason: reason ?? pick(thirdPartyMessages['thirdCoupon.defaultReason'], caller.locale),
      });
      if (voided.length === 0) throw new AppError('conflict', 'thirdCoupon.alreadyCancelled', { values });
      // The cancel as the list 作废券 shows it (the same transaction: once per request number, as the void).
      await tx.execute(sql`insert into third_party_cancels (tenant_id, activity_id, application_id, request_no, issue_request_no,
          member_id, coupon_ids, reason, cancelled_by, cancelled_at)
        select ${caller.tenantId}, ${activity.id}, ${activity.rule.applicationId}, ${cancel.requestNo}, ${cancel.issueRequestNo},
          member_id, ${JSON.stringify(voided.map((c) => c.id))}::jsonb, ${reason}, ${caller.userId}, ${now}
        from activity_awards where tenant_id = ${caller.tenantId} and id = ${Number(award.id)}`);
      const answer: ThirdCancelAnswer = {
        requestNo: cancel.requestNo,
        activityId: activity.id,
        issueRequestNo: cancel.issueRequestNo,
        voided: voided.map((c) => c.code).sort(),
      };
      return answer;
    },
  });
}
