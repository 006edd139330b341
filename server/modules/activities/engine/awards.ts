import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import { centsToString } from '../../../money/money';
import type { Award } from '../../../../resources/promotion/activity-engine';

/**
 * The record of what one activity gave one member for one order or event (`activity_awards`).
 * The unique key (activity, source type, source number, member) makes it once: a second record
 * of the same giving answers null and the caller must give nothing (roll back what it gave, or
 * check first). The evaluation (participants, points, coupons, gifts, sales, cost by bearer, by
 * day) reads only this table.
 */

export type AwardSource =
  | 'sale'
  | 'birthday'
  | 'register'
  | 'activate'
  | 'invite'
  | 'upgrade'
  | 'exchange'
  | 'recharge'
  | 'card-topup'
  /** A bulk coupon issue's run (`run:<id>`, group-send/). */
  | 'group-send'
  /** A partner application's issue (`third-party/`), by its request number. */
  | 'third-party'
  /** A generated code bound to a member (`codes/`), by the code. */
  | 'code'
  /** A member's coupon claim (the claim token's nonce, claims/). */
  | 'claim'
  /** Money off a stored-value payment (its request number, events/pay-discount.ts). */
  | 'pay'
  /** A gift card campaign on a card sale bill (its number, cards/card-sale-promotion.ts); member 0 for a company buyer. */
  | 'card-sale';

export interface AwardRecord {
  readonly activityId: number;
  readonly memberId: number;
  readonly sourceType: AwardSource;
  /** The order number, the event's key (e.g. `2026` for a birthday year), the exchange's request number. */
  readonly sourceNo: string;
  readonly at: Date;
  /** The merchant's calendar day of `at` (YYYY-MM-DD). */
  readonly localDay: string;
  readonly storeId?: number | null;
  readonly awards: readonly Award[];
  /** The ids of the coupons issued for the coupon awards. */
  readonly couponIds?: readonly number[];
  /** The sale amount the activity drove, in cents (sales only). */
  readonly salesAmountCents?: bigint;
  /** What the giving cost the merchant, in cents (the face value of the coupons given, gift value given). */
  readonly costCents?: bigint;
  readonly costPartyId?: number | null;
  /** Why an event gave (the level change of an upgrade gift). */
  readonly cause?: string | null;
}

/** The points, coupons and gift units in a list of awards. */
export function awardTotals(awards: readonly Award[]): { points: number; coupons: number; gifts: number } {
  let points = 0;
  let coupons = 0;
  let gifts = 0;
  for (const award of awards) {
    if (award.type === 'points') points += award.points;
    else if (award.type === 'coupon') coupons += award.count;
    else if (award.type === 'gift') gifts += award.quantity;
  }
  return { points, coupons, gifts };
}

/** Records a giving in the caller's transaction; its id, or null when this giving was already recorded. */
export async function recordAward(input: AwardRecord & { tx: DbOrTx; tenantId: number }): Promise<number | null> {
  const [id] = await recordAwards(input.tx, input.tenantId, [input]);
  return id ?? null;
}

/**
 * Records several givings in one statement (a group send's batch); answers the ids of those
 * recorded, in no particular order: a giving already recorded is left out (`on conflict do nothing`).
 */
export async function recordAwards(tx: DbOrTx, tenantId: number, records: readonly AwardRecord[]): Promise<number[]> {
  if (records.length === 0) return [];
  const rows = records.map((r) => {
    const totals = awardTotals(r.awards);
    return {
      activity_id: r.activityId,
      member_id: r.memberId,
      source_type: r.sourceType,
      source_no: r.sourceNo,
      occurred_at: r.at.toISOString(),
      local_day: r.localDay,
      store_id: r.storeId ?? null,
      points: totals.points,
      coupons: totals.coupons,
      gifts: totals.gifts,
      awards: r.awards,
      coupon_ids: r.couponIds ?? [],
      sales_amount: centsToString(r.salesAmountCents ?? 0n),
      cost: centsToString(r.costCents ?? 0n),
      cost_party_id: r.costPartyId ?? null,
      cause: r.cause ?? null,
    };
  });
  const result = await tx.execute<{ id: number }>(sql`insert into activity_awards
      (tenant_id, activity_id, member_id, source_type, source_no, occurred_at, local_day, store_id, points, coupons, gifts,
       awards, coupon_ids, sales_amount, cost, cost_party_id, cause)
    select ${tenantId}, x.activity_id, x.member_id, x.source_type, x.source_no, x.occurred_at, x.local_day, x.store_id, x.points,
      x.coupons, x.gifts, x.awards, x.coupon_ids, x.sales_amount, x.cost, x.cost_party_id, x.cause
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(activity_id bigint, member_id bigint, source_type text, source_no text,
      occurred_at timestamptz, local_day date, store_id bigint, points bigint, coupons int, gifts int, awards jsonb, coupon_ids jsonb,
      sales_amount numeric, cost numeric, cost_party_id bigint, cause text)
    on conflict (tenant_id, activity_id, source_type, source_no, member_id) do nothing
    returning id`);
  return result.rows.map((row) => Number(row.id));
}
