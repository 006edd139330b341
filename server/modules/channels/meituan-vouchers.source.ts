import { sql } from 'drizzle-orm';
import { meituanVouchersView } from '../../../resources/member/meituan-vouchers.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { STORES_TABLE } from '../reads/store-lookup';
import { usableStores } from './meituan-voucher.stores';

/**
 * The source of the Meituan voucher consumptions (resources/member/meituan-vouchers.query-view.ts):
 * the rows meituan-voucher.routes.ts writes, at the stores the caller may use, with the store's
 * and the clerk's names. Cancelled rows stay listed; the totals count what still stands.
 */
export const meituanVouchersSource = defineViewSource({
  view: meituanVouchersView,
  from: sql`meituan_voucher_consumptions v
    join ${STORES_TABLE} s on s.tenant_id = v.tenant_id and s.id = v.store_id
    left join users u on u.tenant_id = v.tenant_id and u.id = v.user_id`,
  scope: (actor) => sql`v.tenant_id = ${actor.tenantId} and ${usableStores(actor, sql`s`)}`,
  columns: {
    id: sql`v.id`,
    consumedAt: sql`v.consumed_at`,
    storeName: sql`s.name`,
    code: sql`v.code`,
    dealTitle: sql`v.deal_title`,
    count: sql`v.count`,
    amount: sql`v.amount`,
    state: sql`v.state`,
    userName: sql`u.name`,
    callId: sql`v.call_id`,
  },
  filters: {
    storeId: sql`v.store_id`,
    code: { prefix: [sql`v.code`], contains: [sql`v.deal_title`] },
  },
  measures: {
    vouchers: sql`coalesce(sum(v.count) filter (where v.state = 'CONSUMED'), 0)`,
    amount: sql`coalesce(sum(v.amount) filter (where v.state = 'CONSUMED'), 0)`,
  },
  dimensions: { storeId: sql`v.store_id` },
});
