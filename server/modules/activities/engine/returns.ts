import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import { logCouponChange } from '../../coupons/redeem.service';

/**
 * What a return takes back of a sale's activities, in the return's transaction. The points the
 * activities gave are part of the sale's points, whose returned share the points module reverses
 * (cumulative floors, so a full return reverses everything); here each award row keeps its share
 * (`reversed_points`) for the evaluation, and when the order is returned in full every coupon the
 * order gave that is still unused (stored ISSUED) is voided, its history saying so. A coupon
 * already used stays used (activities/README.md, "Engine": returns).
 */
export async function reverseSaleActivities(input: {
  tx: DbOrTx;
  tenantId: number;
  orderNo: string;
  orderCents: bigint;
  /** Returned before and with this return, in cents. */
  returnedAfterCents: bigint;
  operatorId: number | null;
  now: Date;
}): Promise<{ voidedCoupons: number }> {
  const { tx, tenantId } = input;
  if (input.orderCents <= 0n) return { voidedCoupons: 0 };
  const awards = await tx.execute<{ id: number; coupon_ids: number[] }>(sql`update activity_awards
      set reversed_points = (points * ${input.returnedAfterCents}::bigint) / ${input.orderCents}::bigint
    where tenant_id = ${tenantId} and source_type = 'sale' and source_no = ${input.orderNo}
    returning id, coupon_ids`);
  if (input.returnedAfterCents < input.orderCents) return { voidedCoupons: 0 };
  let voided = 0;
  for (const award of awards.rows) {
    const ids = (award.coupon_ids ?? []).map(Number);
    if (ids.length === 0) continue;
    const done = await tx.execute<{ id: number }>(sql`update coupons set state = 'VOIDED', version = version + 1, updated_at = ${input.now}
      where tenant_id = ${tenantId} and state = 'ISSUED' and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) returning id`);
    for (const row of done.rows) {
      await logCouponChange(tx, {
        tenantId,
        couponId: Number(row.id),
        action: 'void',
        from: 'ISSUED',
        to: 'VOIDED',
        userId: input.operatorId,
        now: input.now,
      });
    }
    if (done.rows.length > 0) {
      await tx.execute(
        sql`update activity_awards set voided_coupons = voided_coupons + ${done.rows.length} where tenant_id = ${tenantId} and id = ${award.id}`,
      );
    }
    voided += done.rows.length;
  }
  return { voidedCoupons: voided };
}
