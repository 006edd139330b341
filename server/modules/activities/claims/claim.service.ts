/**
 * Coupon claims (issue 28 item 2): a member claims the coupon set of a running claim campaign
 * (`CLAIM_KINDS`, resources/promotion/kinds/claim.ts) from the mini program, with a signed,
 * single-use claim token bound to the member (claim-token.ts).
 *
 * - `issueClaimToken`: a token for a member and a claim campaign of the tenant (404 for an
 *   unknown campaign or member). Nothing is taken yet.
 * - `claimCoupons`: checks the token (400 on `token`: not ours, tampered, ended; 403 when it was
 *   made for another member), then in one transaction: the campaign running (404 / 409
 *   `claims.closed`), the member in its scope and able to transact, and the giving by the engine's
 *   `giveOnce` (events/give.ts): the stock and the per-member and per-day limits taken from the
 *   activity's budget (all or nothing, exact under concurrency), the coupons issued through the
 *   coupons module's issue path (source ACTIVITY, source ref the activity number) and the claim
 *   recorded in `activity_awards` under source `claim`, number the token's nonce. That record's
 *   unique key is what makes a token single-use: a replay (or the same token twice at once) finds
 *   the claim given and gets nothing (409 `claims.tokenUsed`). A limit reached answers 409 naming
 *   it and takes nothing; the token stays unused.
 * - `simulateClaim`: the same giving for an activity in any state, rolled back (its detail's simulator).
 * - `splashOffer`: the splash-screen coupons (OPEN_SCREEN_COUPON) a member opening the app may claim
 *   now, with a token (README "Splash-screen coupons"). A claim of that kind also needs the member
 *   in its customer group (409 `claims.notInGroup`).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/connection';
import { AppError, badInput, forbidden } from '../../../http/envelope';
import { CLAIM_KINDS, type Award, type PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { claimAwards, type ClaimRule } from '../../../../resources/promotion/kinds/claim';
import { groupSelection } from '../../audiences/audience.compute';
import { activeSet } from '../engine/active-set';
import { eventExclusion, isTimeExclusion } from '../events/evaluate';
import { giveOnce } from '../events/give';
import { factsFor, memberContext } from '../events/member-events';
import { readClaimToken, signClaimToken } from './claim-token';
import { capReached, touchCaps, touchCounts } from '../push-plans/marketing-touches';

const isClaim = (kind: string): boolean => (CLAIM_KINDS as readonly string[]).includes(kind);

export interface ClaimTokenAnswer {
  readonly token: string;
  readonly activityId: number;
  readonly memberId: number;
  readonly expiresAt: Date;
}

export interface ClaimAnswer {
  readonly activityId: number;
  readonly number: string;
  readonly name: string;
  readonly memberId: number;
  readonly awards: readonly Award[];
  readonly couponIds: readonly number[];
  /** The WeChat card a WeChat card coupon claim published (wechat-card.publish.ts), for the member's page to add; else null. */
  readonly wechatCardId: string | null;
}

/** The stored claim campaign's name (404 when the tenant has none of that id). */
async function storedClaimActivity(db: DbOrTx, tenantId: number, activityId: number): Promise<{ name: string }> {
  const stored = await db.execute<{ name: string; kind: string }>(sql`select name, kind from activities
    where tenant_id = ${tenantId} and id = ${activityId}`);
  const row = stored.rows[0];
  if (!row || !isClaim(row.kind)) throw new AppError('notFound', 'claims.activityNotFound', { values: { activityId } });
  return row;
}

/** A claim token for a member and one of the tenant's claim campaigns. */
export async function issueClaimToken(input: {
  db: Db;
  tenantId: number;
  now: Date;
  activityId: number;
  memberId: number;
}): Promise<ClaimTokenAnswer> {
  const { db, tenantId, activityId, memberId } = input;
  await storedClaimActivity(db, tenantId, activityId);
  const member = await db.execute(sql`select 1 from members where tenant_id = ${tenantId} and id = ${memberId}`);
  if (member.rows.length === 0) throw new AppError('notFound', 'claims.memberNotFound', { values: { memberId } });
  const { token, body } = signClaimToken({ tenantId, activityId, memberId, now: input.now });
  return { token, activityId, memberId, expiresAt: body.expiresAt };
}

/** The running claim campaign, or the 404 / 409 that says why there is none. */
async function runningClaim(tx: DbOrTx, tenantId: number, activityId: number): Promise<PreparedActivity> {
  const active = (await activeSet(tx, tenantId)).activities.find((a) => a.id === activityId && isClaim(a.kind));
  if (active) return active;
  const { name } = await storedClaimActivity(tx, tenantId, activityId);
  throw new AppError('conflict', 'claims.closed', { values: { name } });
}

/** Whether the customer group selects the member now (the group's own SQL, as its count and a bulk send's recipients). */
async function inGroup(
  tx: DbOrTx,
  tenantId: number,
  groupId: number,
  memberId: number,
  ctx: { now: Date; timeZone: string },
): Promise<boolean> {
  const selection = await groupSelection({ db: tx, tenantId, groupId, ctx });
  if (!selection) return false;
  const found = await tx.execute(sql`select 1 from (${selection}) sel where sel.id = ${memberId} limit 1`);
  return found.rows.length > 0;
}

/**
 * The giving of one claim in the caller's transaction: the member in the campaign's window and
 * scope, then `giveOnce` under the claim's number (the token's nonce). Throws the refusal.
 */
async function giveClaim(input: {
  tx: DbOrTx;
  tenantId: number;
  activity: PreparedActivity;
  memberId: number;
  claimNo: string;
  now: Date;
  operatorId: number | null;
}): Promise<ClaimAnswer> {
  const { tx, tenantId, activity, memberId, now } = input;
  const context = await memberContext(tx, tenantId, memberId, now);
  if (!context) throw new AppError('notFound', 'claims.memberNotFound', { values: { memberId } });
  const exclusion = eventExclusion(activity, await factsFor(tx, tenantId, activity, context.facts));
  if (isTimeExclusion(exclusion)) throw new AppError('conflict', 'claims.closed', { values: { name: activity.name } });
  if (exclusion) throw new AppError('conflict', 'claims.outOfScope', { values: { name: activity.name } });
  const rule = activity.rule as ClaimRule & { kind: string };
  if (rule.groupId !== undefined && !(await inGroup(tx, tenantId, rule.groupId, memberId, { now, timeZone: context.zone })))
    throw new AppError('conflict', 'claims.notInGroup', { values: { name: activity.name } });
  const awards = claimAwards(rule);
  const given = await giveOnce({
    tx,
    tenantId,
    activity,
    memberId,
    awards,
    source: 'claim',
    sourceNo: input.claimNo,
    now,
    localDate: context.facts.localDate,
    zone: context.zone,
    operatorId: input.operatorId,
    couponSource: 'ACTIVITY',
  });
  if (!given.given) {
    const key = given.reason === 'alreadyGiven' ? 'claims.tokenUsed' : `claims.${given.reason}`;
    throw new AppError('conflict', key, { values: { name: activity.name } });
  }
  const card = await tx.execute<{ wechat_card_id: string | null }>(sql`select wechat_card_id from activities
    where tenant_id = ${tenantId} and id = ${activity.id}`);
  return {
    activityId: activity.id,
    number: activity.number,
    name: activity.name,
    memberId,
    awards,
    couponIds: given.couponIds,
    wechatCardId: card.rows[0]?.wechat_card_id ?? null,
  };
}

/** A member's claim with a token (see the file's comment). */
export async function claimCoupons(input: {
  db: Db;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  memberId: number;
  token: string;
}): Promise<ClaimAnswer> {
  const { db, tenantId, memberId, now } = input;
  const body = readClaimToken(input.token);
  if (!body || body.tenantId !== tenantId) throw badInput('error.fieldsInvalid', [{ field: 'token', key: 'claims.tokenInvalid' }]);
  if (body.expiresAt.getTime() <= now.getTime()) throw badInput('error.fieldsInvalid', [{ field: 'token', key: 'claims.tokenExpired' }]);
  if (body.memberId !== memberId) throw forbidden('claims.tokenOtherMember');
  return db.transaction(async (tx) => {
    const activity = await runningClaim(tx, tenantId, body.activityId);
    return giveClaim({ tx, tenantId, activity, memberId, claimNo: body.nonce, now, operatorId: input.operatorId });
  });
}

/** Carries a simulation's answer out of the transaction it rolls back. */
class Simulated extends Error {
  constructor(readonly answer: ClaimAnswer) {
    super('simulated claim');
  }
}

/** A claim tried without keeping it: who, for whom, under which activity, when. */
interface ClaimTrial {
  readonly db: Db;
  readonly tenantId: number;
  readonly operatorId: number | null;
  readonly now: Date;
  readonly activity: PreparedActivity;
  readonly memberId: number;
}

/** What a claim would give: the giving of `giveClaim`, in a transaction that always rolls back. */
async function dryClaim(input: ClaimTrial): Promise<ClaimAnswer> {
  try {
    await input.db.transaction(async (tx) => {
      throw new Simulated(await giveClaim({ ...input, tx, claimNo: `simulation:${randomUUID()}` }));
    });
  } catch (error) {
    if (error instanceof Simulated) return error.answer;
    throw error;
  }
  throw new Error('unreachable: the simulation always rolls back');
}

/**
 * What a claim would give the member now under the activity, in any state (its detail simulates
 * it before its audit): the claim's own giving, stock and limits as they stand, in a transaction
 * that always rolls back; a refusal is the claim's own.
 */
export async function simulateClaim(input: ClaimTrial): Promise<ClaimAnswer> {
  const { activity } = input;
  if (!isClaim(activity.kind)) throw new AppError('notFound', 'claims.activityNotFound', { values: { activityId: activity.id } });
  return dryClaim(input);
}

/** A splash-screen offer: what the member may claim now, with the token to claim it. */
export interface SplashOffer extends ClaimTokenAnswer {
  readonly number: string;
  readonly name: string;
  readonly awards: readonly Award[];
}

/**
 * What the app shows a member opening it (issue 29 item 4): the first running splash-screen
 * coupon campaign (`OPEN_SCREEN_COUPON`, oldest first) whose group selects the member and whose
 * claim the member may make now (stock, per-member and per-day limits as they stand: the claim's
 * own giving, rolled back), with a claim token for it; null when there is none. Nothing is given:
 * the app claims with the token (`claimCoupons`), where the same rules are held again.
 *
 * A campaign shown is a marketing touch under the merchant's caps per day and per week, counted
 * with the push plans' messages (../push-plans/marketing-touches.ts): the first showing of a
 * campaign on a day is recorded, and a new campaign is not shown once a cap is reached. The
 * campaign already shown today is shown again as the member reopens the app (no new touch).
 */
export async function splashOffer(input: Omit<ClaimTrial, 'activity'>): Promise<SplashOffer | null> {
  const { db, tenantId, memberId, now } = input;
  const member = await db.execute<{ time_zone: string }>(sql`select t.time_zone from members m join tenants t on t.id = m.tenant_id
    where m.tenant_id = ${tenantId} and m.id = ${memberId}`);
  if (member.rows.length === 0) throw new AppError('notFound', 'claims.memberNotFound', { values: { memberId } });
  const zone = member.rows[0].time_zone;
  const running = (await activeSet(db, tenantId)).activities.filter((a) => a.kind === 'OPEN_SCREEN_COUPON').sort((a, b) => a.id - b.id);
  for (const activity of running) {
    try {
      const answer = await dryClaim({ ...input, activity });
      if (!(await mayShow({ db, tenantId, memberId, activityId: activity.id, now, zone }))) return null;
      const { token, body } = signClaimToken({ tenantId, activityId: activity.id, memberId, now });
      return {
        token,
        activityId: activity.id,
        memberId,
        expiresAt: body.expiresAt,
        number: answer.number,
        name: answer.name,
        awards: answer.awards,
      };
    } catch (error) {
      // A refusal (not in the group, a limit reached, the stock spent …) passes to the next campaign.
      if (error instanceof AppError && error.kind === 'conflict') continue;
      throw error;
    }
  }
  return null;
}

/**
 * Whether the splash campaign may be shown to the member now: already shown today (no new touch),
 * or a new touch under the caps, which is then recorded (once a member, campaign and day, whatever
 * the app's calls at once).
 */
async function mayShow(args: { db: Db; tenantId: number; memberId: number; activityId: number; now: Date; zone: string }) {
  const { db, tenantId, memberId, activityId, now, zone } = args;
  const day = sql`(${now}::timestamptz at time zone ${zone})::date`;
  const shown = await db.execute(sql`select 1 from splash_offer_views
    where tenant_id = ${tenantId} and member_id = ${memberId} and activity_id = ${activityId} and local_day = ${day}`);
  if (shown.rows.length > 0) return true;
  const caps = await touchCaps(db, tenantId);
  const member = sql`${memberId}::bigint`;
  const counted = await db.execute<{ today: string; week: string }>(touchCounts({ tenantId, member, now, zone }));
  const touches = counted.rows[0];
  if (capReached({ today: Number(touches.today), week: Number(touches.week) }, caps)) return false;
  await db.execute(sql`insert into splash_offer_views (tenant_id, member_id, activity_id, local_day, shown_at)
    values (${tenantId}, ${memberId}, ${activityId}, ${day}, ${now}) on conflict do nothing`);
  return true;
}
