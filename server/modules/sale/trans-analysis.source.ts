import { sql, type SQL } from 'drizzle-orm';
import { transAnalysisView } from '../../../resources/data-table/trans-analysis.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { DAILY_TOTALS_ZONE } from '../../db/schema/daily-totals.schema';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';
import { membersBuying } from '../reports/daily-totals';

/**
 * The source of store member transactions (resources/data-table/trans-analysis.query-view.ts):
 * the members' sales the tills sent (`sales_transactions` with a member: a walk-in customer's sale
 * is left out), with the store and the member named; `(tenant, id)` pages them, `(tenant, occurred_at)` serves the dates. The returned
 * amount is the sale's own running total (sale.service.ts adds each return to it), so a return
 * counts against its sale. Members and the averages are each group's own (not additive).
 *
 * Its totals and chart sum the members' sales per day and store (member_sales_daily,
 * server/modules/reports), the members buying as the range's member-days less the repeat pairs
 * within it (per store, or over all stores): exact, with no store-area or member filter.
 */
const net = sql`(x.amount - x.returned_amount)`;
const members = sql`count(distinct x.member_id)`;
const perMember = (buying: SQL) => sql`coalesce(round(sum(${net}) / nullif(${buying}, 0), 2), 0)`;
const STORE = sql`left join ${STORES_TABLE} s on s.tenant_id = x.tenant_id and s.id = x.store_id`;

export const transAnalysisSource = defineViewSource({
  view: transAnalysisView,
  from: sql`sales_transactions x
    left join ${MEMBERS_TABLE} m on m.tenant_id = x.tenant_id and m.id = x.member_id
    ${STORE}`,
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
    perMember: perMember(members),
    perTransaction: sql`coalesce(round(sum(x.amount) / nullif(count(*), 0), 2), 0)`,
  },
  dimensions: { storeId: sql`x.store_id` },
  // Stores named in the totals' own pass (one statement less than looking them up after).
  dimensionTitles: { storeId: sql`s.name` },
  daily: {
    zone: DAILY_TOTALS_ZONE,
    day: sql`x.day`,
    count: sql`x.entries`,
    from: sql`member_sales_daily x ${STORE}`,
    scope: (actor) => sql`x.tenant_id = ${actor.tenantId}`,
    rows: {
      table: sql`member_sales_daily`,
      alias: 'x',
      joins: STORE,
      keys: ['tenant_id', 'store_id'],
      sums: ['entries', 'amount', 'returned_amount', 'points', 'member_days', 'member_days_all'],
    },
    filters: ['storeId'],
    dimensions: ['storeId'],
    measures: {
      transactions: sql`coalesce(sum(x.entries), 0)`,
      perTransaction: sql`coalesce(round(sum(x.amount) / nullif(sum(x.entries), 0), 2), 0)`,
      members: membersBuying({
        source: 'sales',
        days: sql`coalesce(sum(x.member_days_all), 0)`,
        per: { storeId: { days: sql`coalesce(sum(x.member_days), 0)`, grain: 'store' } },
      }),
      perMember: (m) => perMember(m.members),
    },
  },
});
