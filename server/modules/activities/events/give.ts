/**
 * Giving what one activity awards one member for one event, exactly once (member events and
 * exchanges, issue 13). In a savepoint of the caller's transaction: the budget is taken
 * (`engine/budgets.ts`), the points posted through the points ledger (with an idempotency key),
 * the coupons issued through `engine/coupon-awards.ts`, a top-up's gift value posted by the caller's
 * ledger callback (`postGiftValue`), and the giving recorded in `activity_awards`
 * (`engine/awards.ts`), whose unique key (activity, source, number, member) makes it once: a
 * second giving of the same event finds the record and the savepoint rolls back what it did.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import type { CouponSource } from '../../coupons/issue.service';
import { centsOf } from '../../../money/money';
import { assertMemberCanTransact } from '../../points/member-guard';
import { postPoints } from '../../points/points.ledger';
import { expiryFor, type ExpiryMode } from '../../points/points.rules';
import type { Award, Exclusion, PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { awardTotals, recordAward, type AwardSource } from '../engine/awards';
import { takeBudget } from '../engine/budgets';
import { issueCouponAward } from '../engine/coupon-awards';

/** One giving to make. */
export interface Giving {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly activity: PreparedActivity;
  /** Who receives (the inviter of an invite differs from the member who registered). */
  readonly memberId: number;
  readonly awards: readonly Award[];
  readonly source: AwardSource;
  /** The event's number: `register`, the birthday year, `invitee:<id>`, `level:<id>`, the request number. */
  readonly sourceNo: string;
  readonly now: Date;
  readonly localDate: string;
  readonly zone: string;
  readonly storeId?: number | null;
  readonly operatorId?: number | null;
  /** Why it was given (the level change behind an upgrade gift). */
  readonly cause?: string | null;
  /** The coupons' source (ACTIVITY, or EXCHANGE for an exchange). */
  readonly couponSource?: CouponSource;
  /**
   * Posts a `value` award (a top-up's gift value, in cents) to the ledger of whoever was topped up
   * (the member's stored value, the card), in the giving's savepoint, under the giving's key.
   */
  readonly postGiftValue?: (args: { tx: DbOrTx; cents: bigint; idempotencyKey: string }) => Promise<void>;
  /** The amount the giving drove, in cents (a discounted payment's bill). */
  readonly salesAmountCents?: bigint;
}

/** What a giving did: given (with the coupons issued), or why not. */
export type GivingResult =
  | { readonly given: true; readonly awardId: number; readonly couponIds: readonly number[] }
  | { readonly given: false; readonly reason: Exclusion | 'alreadyGiven' };

/** Thrown inside the savepoint to roll it back when the giving was recorded by someone else meanwhile. */
class AlreadyGiven extends Error {}

/** Whether this event already gave (checked first, so a replay costs one read). */
export async function alreadyGiven(g: Pick<Giving, 'tx' | 'tenantId' | 'activity' | 'memberId' | 'source' | 'sourceNo'>): Promise<boolean> {
  const found = await g.tx.execute(sql`select 1 from activity_awards where tenant_id = ${g.tenantId} and activity_id = ${g.activity.id}
    and source_type = ${g.source} and source_no = ${g.sourceNo} and member_id = ${g.memberId}`);
  return found.rows.length > 0;
}

/** The expiry of granted points under the tenant's points settings. */
export async function pointsExpiry(tx: DbOrTx, tenantId: number, now: Date, zone: string): Promise<Date | null> {
  const result = await tx.execute<{ expiry_mode: ExpiryMode; expiry_months: number }>(sql`
    select expiry_mode, expiry_months from points_settings where tenant_id = ${tenantId}`);
  const row = result.rows[0];
  return row ? expiryFor({ at: now, mode: row.expiry_mode, months: Number(row.expiry_months), timeZone: zone }) : null;
}

/** The ledger / coupon key of a giving: the same event never posts twice. */
export const givingKey = (g: Pick<Giving, 'activity' | 'source' | 'sourceNo' | 'memberId'>) =>
  `activity:${g.activity.id}:${g.source}:${g.sourceNo}:${g.memberId}`;

/**
 * Gives once. A budget or limit that refuses answers its reason and takes nothing; an event that
 * already gave answers `alreadyGiven`. A refusal of the ledger or the coupons (a template sold
 * out, a frozen member) throws its AppError with the savepoint rolled back: the caller decides
 * whether that fails its request (an exchange) or only this gift (a registration).
 */
export async function giveOnce(g: Giving): Promise<GivingResult> {
  if (await alreadyGiven(g)) return { given: false, reason: 'alreadyGiven' };
  const { points, coupons } = awardTotals(g.awards);
  try {
    return await g.tx.transaction(async (tx): Promise<GivingResult> => {
      // A frozen or cancelled member earns nothing (the inviter of a new member may be one).
      await assertMemberCanTransact({ tx, tenantId: g.tenantId, memberId: g.memberId });
      const refusal = await takeBudget({
        tx,
        tenantId: g.tenantId,
        activity: g.activity,
        memberId: g.memberId,
        localDate: g.localDate,
        points,
        coupons,
      });
      if (refusal) return { given: false, reason: refusal };
      const key = givingKey(g);
      if (points > 0) {
        await postPoints({
          tx,
          tenantId: g.tenantId,
          memberId: g.memberId,
          delta: points,
          kind: 'earn',
          sourceType: 'activity',
          sourceId: g.activity.number,
          storeId: g.storeId ?? null,
          operatorId: g.operatorId ?? null,
          remark: g.activity.name,
          idempotencyKey: key,
          expiresAt: await pointsExpiry(tx, g.tenantId, g.now, g.zone),
          now: g.now,
        });
      }
      const couponIds: number[] = [];
      let costCents = 0n;
      for (const award of g.awards) {
        if (award.type === 'value') {
          if (!g.postGiftValue) throw new Error(`activity ${g.activity.number}: a value award with nowhere to post it`);
          const giftCents = centsOf(award.amount);
          await g.postGiftValue({ tx, cents: giftCents, idempotencyKey: `${key}:value` });
          costCents += giftCents;
        }
        // Money off a payment: the payment spends that much less (the caller's ledger); it costs the merchant as much.
        if (award.type === 'discount') costCents += centsOf(award.amount);
        if (award.type !== 'coupon') continue;
        const issued = await issueCouponAward({
          tx,
          tenantId: g.tenantId,
          operatorId: g.operatorId ?? null,
          now: g.now,
          zone: g.zone,
          award,
          memberId: g.memberId,
          requestNo: `${key}:${award.templateId}`,
          source: g.couponSource ?? 'ACTIVITY',
          sourceRef: g.activity.number,
        });
        couponIds.push(...issued.couponIds);
        costCents += issued.costCents;
      }
      const awardId = await recordAward({
        tx,
        tenantId: g.tenantId,
        activityId: g.activity.id,
        memberId: g.memberId,
        sourceType: g.source,
        sourceNo: g.sourceNo,
        at: g.now,
        localDay: g.localDate,
        storeId: g.storeId ?? null,
        awards: g.awards,
        couponIds,
        costCents,
        salesAmountCents: g.salesAmountCents,
        costPartyId: g.activity.costPartyId,
        cause: g.cause ?? null,
      });
      if (awardId === null) throw new AlreadyGiven();
      return { given: true, awardId, couponIds };
    });
  } catch (error) {
    if (error instanceof AlreadyGiven) return { given: false, reason: 'alreadyGiven' };
    throw error;
  }
}

/** Whether an error is a refusal (a 4xx AppError) rather than a fault. */
export const isRefusal = (error: unknown): error is AppError => error instanceof AppError;
