import { sql } from 'drizzle-orm';
import { couponCodeBatchesView } from '../../../../resources/promotion/coupon-code-batches.query-view';
import { defineViewSource } from '../../../crud/query-view.source';

/**
 * The source of a campaign's partner batches (resources/promotion/coupon-code-batches.query-view.ts):
 * each batch with its codes counted (bound: a coupon; redeemed: its coupon used) and the settlement
 * (codes redeemed × the batch's price).
 */
const SETTLEMENT = sql`(s.redeemed * b.settlement_price)::numeric(16, 2)`;

export const couponCodeBatchesSource = defineViewSource({
  view: couponCodeBatchesView,
  from: sql`coupon_code_batches b
    cross join lateral (select count(*) as codes, count(k.coupon_id) as bound, count(*) filter (where c.state = 'USED') as redeemed
      from coupon_codes k left join coupons c on c.tenant_id = k.tenant_id and c.id = k.coupon_id
      where k.tenant_id = b.tenant_id and k.batch_id = b.id) s`,
  scope: (actor) => sql`b.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`b.id`,
    activityId: sql`b.activity_id`,
    issuer: sql`b.issuer`,
    settlementPrice: sql`b.settlement_price`,
    fileName: sql`b.file_name`,
    codes: sql`s.codes`,
    bound: sql`s.bound`,
    redeemed: sql`s.redeemed`,
    settlement: SETTLEMENT,
    createdAt: sql`b.created_at`,
  },
  measures: {
    batches: sql`count(*)`,
    codes: sql`coalesce(sum(s.codes), 0)`,
    bound: sql`coalesce(sum(s.bound), 0)`,
    redeemed: sql`coalesce(sum(s.redeemed), 0)`,
    settlement: sql`coalesce(sum(${SETTLEMENT}), 0)`,
  },
});
