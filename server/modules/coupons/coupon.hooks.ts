import { sql } from 'drizzle-orm';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import { defineServerHooks } from '../../crud/server-hooks.define';
import type { DbOrTx } from '../../db/connection';

/** A voided coupon gives its member's place in the template's limit back (once per void; never below 0). */
export async function releaseMemberPlace(db: DbOrTx, args: { tenantId: number; templateId: number; memberId: number }): Promise<void> {
  await db.execute(sql`update coupon_member_counts set issued = issued - 1
    where tenant_id = ${args.tenantId} and template_id = ${args.templateId} and member_id = ${args.memberId} and issued > 0`);
}

/**
 * Server side of issued coupons (resources/coupons/coupon.resource.ts) beyond the engine's list
 * and its `void` action: a voided coupon gives its place back to its member's limit of the
 * template (`coupon_member_counts`), in the void's transaction, once (the engine runs afterAction
 * only for the call that really moved the coupon). It does not go back to the template's total:
 * that counts every coupon ever issued (README, "Limits").
 */
export const couponHooks = defineServerHooks(couponResource, {
  afterAction: {
    void: async ({ db, actor, record }) => {
      await releaseMemberPlace(db, { tenantId: actor.tenantId, templateId: Number(record.template), memberId: Number(record.member) });
    },
  },
});
