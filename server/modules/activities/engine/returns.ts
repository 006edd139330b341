import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import { releaseMemberPlace } from '../../coupons/coupon.hooks';
import { logCouponChange } from '../../coupons/redeem.service';
import { centsToString, toCents } from '../../../money/money';

/**
 * What a return takes back of a sale's activities, in the return's transaction. The points the
 * activities gave are part of the sale's points, whose returned share the points module reverses
 * (cumulative floors, so a full return reverses everything); here each award row keeps its share
 * (`reversed_points`) for the evaluation, and when the order is returned in full every coupon the
 * order gave that is still unused (stored ISSUED) is voided, its history saying so (`voidAwardCoupons`). A coupon
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
}): Promise<{ voidedCoupons: number; couponValueTakenBack: string }> {
  const { tx, tenantId } = input;
  const none = { voidedCoupons: 0, couponValueTakenBack: '0.00' };
  if (input.orderCents <= 0n) return none;
  const awards = await tx.execute<{ id: number; coupon_ids: number[] }>(sql`update activity_awards
      set reversed_points = (points * ${input.returnedAfterCents}::bigint) / ${input.orderCents}::bigint
    where tenant_id = ${tenantId} and source_type = 'sale' and source_no = ${input.orderNo}
    returning id, coupon_ids`);
  if (input.returnedAfterCents < input.orderCents) return none;
  let voided = 0;
  let takenBack = 0n;
  const policy = await tx.execute<{ returned_order_coupons: string }>(
    sql`select returned_order_coupons from coupon_settings where tenant_id = ${tenantId}`,
  );
  const takeBack = policy.rows[0]?.returned_order_coupons === 'TAKE_BACK_VALUE';
  for (const award of awards.rows) {
    const ids = (award.coupon_ids ?? []).map(Number);
    if (ids.length === 0) continue;
    if (takeBack) {
      const idList = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const used = await tx.execute<{ discount: string | null }>(sql`select coalesce(sum(discount), 0)::numeric(16, 2)::text as discount
        from coupons where tenant_id = ${tenantId} and state = 'USED' and id in (${idList})`);
      takenBack += toCents(String(used.rows[0]?.discount ?? '0')) ?? 0n;
    }
    const done = await voidAwardCoupons({ tx, tenantId, awardId: award.id, couponIds: ids, operatorId: input.operatorId, now: input.now });
    voided += done.length;
  }
  return { voidedCoupons: voided, couponValueTakenBack: centsToString(takenBack) };
}

/**
 * Voids the coupons of one award that are still unused (stored ISSUED), in the caller's
 * transaction: one conditional update (a coupon used meanwhile stays used; of two concurrent
 * voids one moves each coupon), each voided coupon's history saying so (with the reason when one
 * is given), its member's place in the template's limit given back as a void from the coupon
 * list does (coupons/coupon.hooks.ts), and the award's `voided_coupons` counted for the
 * evaluation. Answers the coupons voided. A full return and a partner's cancel use it.
 */
export async function voidAwardCoupons(input: {
  tx: DbOrTx;
  tenantId: number;
  awardId: number;
  couponIds: readonly number[];
  operatorId: number | null;
  now: Date;
  reason?: string | null;
}): Promise<{ id: number; code: string }[]> {
  const { tx, tenantId } = input;
  if (input.couponIds.length === 0) return [];
  const idList = sql.join(
    input.couponIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const done = await tx.execute<{ id: number; code: string; template: number; member: number }>(sql`update coupons
      set state = 'VOIDED', version = version + 1, updated_at = ${input.now}
    where tenant_id = ${tenantId} and state = 'ISSUED' and id in (${idList}) returning id, code, template, member`);
  for (const row of done.rows) {
    await logCouponChange(tx, {
      tenantId,
      couponId: Number(row.id),
      action: 'void',
      from: 'ISSUED',
      to: 'VOIDED',
      userId: input.operatorId,
      now: input.now,
      reason: input.reason ?? null,
    });
    await releaseMemberPlace(tx, { tenantId, templateId: Number(row.template), memberId: Number(row.member) });
  }
  if (done.rows.length > 0) {
    await tx.execute(
      sql`update activity_awards set voided_coupons = voided_coupons + ${done.rows.length} where tenant_id = ${tenantId} and id = ${input.awardId}`,
    );
  }
  return done.rows.map((row) => ({ id: Number(row.id), code: row.code }));
}
