import { sql } from 'drizzle-orm';
import { transAnalysisView } from '../../../resources/data-table/trans-analysis.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The source of store member transactions (resources/data-table/trans-analysis.query-view.ts):
 * the members' sales the tills sent (`sales_transactions` with a member: a walk-in customer's sale
 * is left out), with the store and the member named; `(tenant, id)` pages them, `(tenant, occurred_at)` serves the dates. The returned
 * amount is the sale's own running total (sale.service.ts adds each return to it), so a return
 * counts against its sale. Members and the averages are each group's own (not additive).
 */
const net = sql`(x.amount - x.returned_amount)`;
const members = sql`count(distinct x.member_id)`;

export const transAnalysisSource = defineViewSource({
  view: transAnalysisView,
  from: sql`sales_transactions x
    left join ${MEMBERS_TABLE} m on m.tenant_id = x.tenant_id and m.id = x.member_id
    left join ${STORES_TABLE} s on s.tenant_id = x.tenant_id and s.id = x.store_id`,
  scope: (actor) => sql`x.tenant_id = ${actor.tenantId} and x.member_id is not null`,
  columns: {
    id: sql`x.id`,
    occurredAt: sql`x.occurred_at`,
    orderNo: sql`x.order_no`,
    storeId: sql`x.store_id`,
    storeName: sql`s.name`,
    memberId: sql`x.member_id`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    amount: sql`x.amount`,
    returnedAmount: sql`x.returned_amount`,
    points: sql`x.points`,
  },
  filters: { areaId: sql`s.area` },
  measures: {
    transactions: sql`count(*)`,
    amount: sql`coalesce(sum(x.amount), 0)`,
    returned: sql`coalesce(sum(x.returned_amount), 0)`,
    net: sql`coalesce(sum(${net}), 0)`,
    points: sql`coalesce(sum(x.points), 0)`,
    members,
    perMember: sql`coalesce(round(sum(${net}) / nullif(${members}, 0), 2), 0)`,
    perTransaction: sql`coalesce(round(sum(x.amount) / nullif(count(*), 0), 2), 0)`,
  },
  dimensions: { storeId: sql`x.store_id` },
});
