/**
 * Taking back a top-up promotion's gift when its top-up is refunded (issue 28 item 5), in the
 * refund's transaction. README.md beside this file, "Top-ups", refunds.
 *
 * A refund of part of a top-up takes back the same share of what each top-up promotion gave for
 * it (`activity_awards` of the top-up's source whose cause is that top-up): the share due is a
 * cumulative floor (gift value in cents, points, coupons: `discountShare` of the refunded total
 * after this refund less the one before), so the refund that completes the top-up takes the rest
 * and two half refunds take as much as one whole. What is due is taken as far as the member still
 * holds it: gift value up to the gift portion (the caller's ledger callback answers what it took),
 * points up to the points balance (the points ledger's `capAtBalance`), coupons by voiding unused
 * ones (a used coupon cannot be taken back). The rest is the shortfall, recorded on the refund's
 * row (`top_up_reversals`: due and taken) and answered; the refunded amount itself is not cut
 * (decision, README). Exactly once: one row per (award, refund number) under the award's row lock,
 * and every posting keyed by it, so a replayed refund takes nothing more.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import { centsOf, centsToString, dbCents, minCents } from '../../../money/money';
import { postPoints } from '../../points/points.ledger';
import { AppError } from '../../../http/envelope';
import {
  discountShare,
  expireDueGift,
  lockValueAccount,
  postValue,
  readBalance,
  type PostedValueEntry,
  type ValueBalance,
  type ValueEntryKind,
  type ValueHolder,
} from '../../ledger';
import type { Award } from '../../../../resources/promotion/activity-engine';
import { voidAwardCoupons } from '../engine/returns';

/** What one refund took back of one activity's giving, as answers list it. */
export interface TakenBack {
  readonly activityId: number;
  readonly number: string;
  readonly name: string;
  readonly kind: string;
  readonly awardId: number;
  /** Gift value due back and taken back (yuan text); the difference is the shortfall. */
  readonly valueDue: string;
  readonly valueTakenBack: string;
  readonly pointsDue: number;
  readonly pointsTakenBack: number;
  readonly couponsDue: number;
  readonly couponsVoided: number;
}

export interface TopUpRefund {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly source: 'recharge' | 'card-topup';
  /** The top-up's own number (the award's cause is `<source>:<sourceNo>`). */
  readonly sourceNo: string;
  /** The member topped up, when known (a recharge's); a card's top-up finds the award's member. */
  readonly memberId?: number;
  readonly refundNo: string;
  /** What the top-up put in, what its refunds took out before this one and with it, in cents. */
  readonly toppedUpCents: bigint;
  readonly refundedBeforeCents: bigint;
  readonly refundedAfterCents: bigint;
  readonly now: Date;
  readonly storeId: number | null;
  readonly operatorId: number | null;
  /**
   * Takes up to `cents` of gift value back from whoever was topped up (the member's gift portion,
   * the card's), in the caller's ledger under `idempotencyKey`; answers what it took.
   */
  readonly takeGiftValue: (args: { tx: DbOrTx; cents: bigint; idempotencyKey: string }) => Promise<bigint>;
}

type AwardRow = {
  id: number;
  activity_id: number;
  member_id: number;
  number: string;
  name: string;
  kind: string;
  awards: Award[];
  coupon_ids: number[];
};

/** The share due back by this refund of a total given: cumulative floors, so the last refund takes the rest. */
const dueNow = (total: bigint, r: TopUpRefund): bigint =>
  discountShare(total, r.refundedAfterCents, r.toppedUpCents) - discountShare(total, r.refundedBeforeCents, r.toppedUpCents);

/** Takes back this refund's share of every top-up promotion's giving for the top-up; answers what each took. */
export async function takeBackTopUp(r: TopUpRefund): Promise<TakenBack[]> {
  const { tx, tenantId } = r;
  // The award rows locked: concurrent refunds of one top-up take back one after the other.
  const awards = await tx.execute<AwardRow>(sql`select w.id, w.activity_id, w.member_id, w.awards, w.coupon_ids, a.number, a.name, a.kind
    from activity_awards w join activities a on a.tenant_id = w.tenant_id and a.id = w.activity_id
    where w.tenant_id = ${tenantId} and w.source_type = ${r.source}${r.memberId === undefined ? sql`` : sql` and w.member_id = ${r.memberId}`}
      and w.source_no in (${r.sourceNo}, 'once') and w.cause = ${`${r.source}:${r.sourceNo}`}
    order by w.id for update of w`);
  const taken: TakenBack[] = [];
  for (const award of awards.rows) {
    const awardId = Number(award.id);
    const memberId = Number(award.member_id);
    const done = await tx.execute(sql`select 1 from top_up_reversals
      where tenant_id = ${tenantId} and award_id = ${awardId} and refund_no = ${r.refundNo}`);
    if (done.rows.length > 0) continue; // this refund already took its share
    let valueTotal = 0n;
    let pointsTotal = 0n;
    for (const a of award.awards) {
      if (a.type === 'value') valueTotal += centsOf(a.amount);
      if (a.type === 'points') pointsTotal += BigInt(a.points);
    }
    const couponIds = (award.coupon_ids ?? []).map(Number);
    const key = `activity-back:${awardId}:${r.refundNo}`;

    const valueDue = dueNow(valueTotal, r);
    const valueTaken = valueDue > 0n ? await r.takeGiftValue({ tx, cents: valueDue, idempotencyKey: `${key}:value` }) : 0n;

    const pointsDue = Number(dueNow(pointsTotal, r));
    let pointsTaken = 0;
    if (pointsDue > 0) {
      const posted = await postPoints({
        tx,
        tenantId,
        memberId,
        delta: -pointsDue,
        kind: 'reverse',
        sourceType: 'activity',
        sourceId: `${r.source}:${r.sourceNo}`,
        storeId: r.storeId,
        operatorId: r.operatorId,
        remark: `refund ${r.refundNo}`,
        idempotencyKey: `${key}:points`,
        capAtBalance: true,
        now: r.now,
      });
      pointsTaken = -posted.delta;
    }

    const couponsDue = Number(dueNow(BigInt(couponIds.length), r));
    let voided: number[] = [];
    let couponCost = 0n;
    if (couponsDue > 0) {
      const unused = await tx.execute<{ id: number }>(sql`select id from coupons
        where tenant_id = ${tenantId} and state = 'ISSUED' and id in (${sql.join(
          couponIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id desc limit ${couponsDue} for update`);
      const done = await voidAwardCoupons({
        tx,
        tenantId,
        awardId,
        couponIds: unused.rows.map((row) => Number(row.id)),
        operatorId: r.operatorId,
        now: r.now,
        reason: `refund ${r.refundNo}`,
      });
      voided = done.map((c) => c.id);
      if (voided.length > 0) {
        const faces = await tx.execute<{ face: string }>(sql`select coalesce(sum(face_value), 0)::numeric(16, 2)::text as face
          from coupons where tenant_id = ${tenantId} and id in (${sql.join(
            voided.map((id) => sql`${id}`),
            sql`, `,
          )})`);
        couponCost = dbCents(faces.rows[0]?.face ?? '0');
      }
    }

    const costTaken = valueTaken + couponCost;
    await tx.execute(sql`insert into top_up_reversals (tenant_id, award_id, activity_id, member_id, source_type, source_no, refund_no,
        occurred_at, value_due, value_taken, points_due, points_taken, coupons_due, coupons_voided, voided_coupon_ids, cost_taken)
      values (${tenantId}, ${awardId}, ${award.activity_id}, ${memberId}, ${r.source}, ${r.sourceNo}, ${r.refundNo}, ${r.now},
        ${centsToString(valueDue)}::numeric, ${centsToString(valueTaken)}::numeric, ${pointsDue}, ${pointsTaken}, ${couponsDue},
        ${voided.length}, ${JSON.stringify(voided)}::jsonb, ${centsToString(costTaken)}::numeric)`);
    // The evaluation nets what was taken back (voided coupons are counted by voidAwardCoupons).
    await tx.execute(sql`update activity_awards set reversed_points = reversed_points + ${pointsTaken},
        reversed_cost = least(cost, reversed_cost + ${centsToString(costTaken)}::numeric)
      where tenant_id = ${tenantId} and id = ${awardId}`);
    taken.push({
      activityId: Number(award.activity_id),
      number: award.number,
      name: award.name,
      kind: award.kind,
      awardId,
      valueDue: centsToString(valueDue),
      valueTakenBack: centsToString(valueTaken),
      pointsDue,
      pointsTakenBack: pointsTaken,
      couponsDue,
      couponsVoided: voided.length,
    });
  }
  return taken;
}

/** A top-up as its ledger entry put it in, in cents: the principal paid in and the gift the till added. */
export interface ToppedUp {
  readonly principal: bigint;
  readonly gift: bigint;
}

/** What a refund of a top-up did (money in cents, the portions after it). */
export interface TopUpRefunded {
  readonly entry: PostedValueEntry;
  readonly refundedAfterCents: bigint;
  readonly giftDueCents: bigint;
  readonly giftTakenCents: bigint;
  readonly activities: readonly TakenBack[];
  readonly balance: ValueBalance;
}

/**
 * Gives back part or all of a top-up's principal (a recharge's, a card top-up line's), in the
 * caller's transaction after it locked the holder's member or card: under the value account's
 * lock (which serialises the refunds of one top-up) what its refunds gave back so far is read from
 * the entries of `refundSource` for `sourceNo`; more than what is left is 409
 * `ledger.topUpRefundExceeds` with the numbers. One entry (kind `entryKind`, negative, keyed by
 * the refund number) takes the principal and the same share of the till's gift (as far as the gift
 * portion holds it); then `takeBackTopUp` takes the promotions' share from what is left.
 */
export async function refundTopUp(input: {
  tx: DbOrTx;
  tenantId: number;
  holder: ValueHolder;
  toppedUp: ToppedUp;
  source: TopUpRefund['source'];
  sourceNo: string;
  refundSource: string;
  entryKind: ValueEntryKind;
  refundNo: string;
  amountCents: bigint;
  memberId?: number;
  now: Date;
  storeId: number | null;
  operatorId: number | null;
  remark: string | null;
}): Promise<TopUpRefunded> {
  const { tx, tenantId, holder, toppedUp, now } = input;
  const locked = await expireDueGift({ tx, tenantId, holder, account: await lockValueAccount({ tx, tenantId, holder }), now });
  const before = await tx.execute<{ refunded: string }>(sql`select coalesce(-sum(principal_delta), 0) as refunded from value_entries
    where tenant_id = ${tenantId} and source_type = ${input.refundSource} and source_id = ${input.sourceNo}`);
  const refundedBefore = dbCents(before.rows[0].refunded);
  const left = toppedUp.principal - refundedBefore;
  if (input.amountCents > left) {
    throw new AppError('conflict', 'ledger.topUpRefundExceeds', {
      values: {
        amount: centsToString(input.amountCents),
        left: centsToString(left),
        toppedUp: centsToString(toppedUp.principal),
        refunded: centsToString(refundedBefore),
      },
    });
  }
  const refundedAfter = refundedBefore + input.amountCents;
  const giftDue =
    discountShare(toppedUp.gift, refundedAfter, toppedUp.principal) - discountShare(toppedUp.gift, refundedBefore, toppedUp.principal);
  const giftTaken = minCents(giftDue, locked.gift);
  const common = {
    tx,
    tenantId,
    holder,
    kind: input.entryKind,
    sourceId: input.sourceNo,
    storeId: input.storeId,
    operatorId: input.operatorId,
    requireMemberInUse: false,
    now,
  } as const;
  const entry = await postValue({
    ...common,
    principal: centsToString(-input.amountCents),
    gift: centsToString(-giftTaken),
    sourceType: input.refundSource,
    remark: input.remark,
    idempotencyKey: `${input.refundSource}:${input.refundNo}`,
  });
  let giftLeft = centsOf(entry.giftAfter);
  const activities = await takeBackTopUp({
    tx,
    tenantId,
    source: input.source,
    sourceNo: input.sourceNo,
    memberId: input.memberId,
    refundNo: input.refundNo,
    toppedUpCents: toppedUp.principal,
    refundedBeforeCents: refundedBefore,
    refundedAfterCents: refundedAfter,
    now,
    storeId: input.storeId,
    operatorId: input.operatorId,
    takeGiftValue: async ({ tx: taking, cents, idempotencyKey }) => {
      const take = minCents(cents, giftLeft);
      if (take <= 0n) return 0n;
      await postValue({
        ...common,
        tx: taking,
        principal: '0',
        gift: centsToString(-take),
        sourceType: 'activity',
        remark: null,
        idempotencyKey,
      });
      giftLeft -= take;
      return take;
    },
  });
  const balance = await readBalance({ db: tx, tenantId, holder });
  return { entry, refundedAfterCents: refundedAfter, giftDueCents: giftDue, giftTakenCents: giftTaken, activities, balance };
}
