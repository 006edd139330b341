import { sql } from 'drizzle-orm';
import { couponCodesView } from '../../../../resources/promotion/coupon-codes.query-view';
import { defineViewSource } from '../../../crud/query-view.source';

/**
 * The source of a coupon code export campaign's codes (resources/promotion/coupon-codes.query-view.ts):
 * each code with the member it is bound to and the coupon it became (redeemed: the coupon used).
 */
const STATE = sql`case when k.coupon_id is null then 'UNBOUND' when c.state = 'USED' then 'USED' else 'BOUND' end`;

export const couponCodesSource = defineViewSource({
  view: couponCodesView,
  from: sql`coupon_codes k
    left join members m on m.tenant_id = k.tenant_id and m.id = k.member_id
    left join coupons c on c.tenant_id = k.tenant_id and c.id = k.coupon_id`,
  scope: (actor) => sql`k.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`k.id`,
    activityId: sql`k.activity_id`,
    code: sql`k.code`,
    state: STATE,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    couponCode: sql`c.code`,
    boundAt: sql`k.bound_at`,
  },
  filters: {
    keyword: { prefix: [sql`k.code`, sql`m.mobile`, sql`m.member_number`] },
  },
  measures: {
    generated: sql`count(*)`,
    bound: sql`count(k.coupon_id)`,
    redeemed: sql`count(*) filter (where c.state = 'USED')`,
  },
});
