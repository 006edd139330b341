import { sql } from 'drizzle-orm';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import { defineServerHooks } from '../../crud/server-hooks.define';

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
      await db.execute(sql`update coupon_member_counts set issued = issued - 1
        where tenant_id = ${actor.tenantId} and template_id = ${record.template} and member_id = ${record.member} and issued > 0`);
    },
  },
});
