import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PASO_REPORTS, type PasoView } from '../../../resources/data-table/paso-report.query-view';
import { productResource } from '../../../resources/datum/product.resource';
import { defineViewSource, type ViewSource } from '../../crud/query-view.source';
import { deriveTable } from '../../crud/table.derive';
import { DAILY_TOTALS_ZONE } from '../../db/schema/daily-totals.schema';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The source of the two fuel reports (resources/data-table/paso-report.query-view.ts): each line
 * of the sales the tills sent (`sales_transactions.lines`) whose product (by its code) has a fuel
 * grade, members' sales and walk-in customers' alike, as `f`. A line's key is its sale's id × 1000
 * plus its position (the sale schema allows at most 500 lines). A sale's points and its returned
 * amount are shared over its lines by amount; a return is its own figure, never taken off the
 * amount. Shares and per-litre figures are each group's own (not additive).
 *
 * Its totals and chart sum the fuel lines' daily totals (fuel_daily, server/modules/reports),
 * which keep the same columns per day, station, grade and buyer, so the measures read both alike;
 * the count of sales is the one figure they read differently: a sale with two grades is one sale
 * of each grade (`sales`) and one sale in all (`sales_lead`, on its least grade).
 */
const PRODUCTS = sql.identifier(getTableName(deriveTable(productResource)));

const LINES = sql`(
    select x.tenant_id, x.id * 1000 + l.n as id, x.id as sale_id, x.occurred_at, x.order_no, x.store_id, x.member_id,
      p.fuel_type as grade, p.name as goods_name, (case when x.member_id is not null then 'MEMBER' else 'WALK_IN' end) as buyer,
      (l.line->>'quantity')::numeric as litres, (l.line->>'amount')::numeric as amount,
      coalesce((l.line->>'discount')::numeric, 0) as discount,
      -- The line's part of a figure of its sale, to 2 decimals: the figure times the line's amount over
      -- the sale's (multiplied first, so an exact half stays exact and rounds up); none for a sale of nothing.
      round(x.returned_amount * (l.line->>'amount')::numeric / nullif(x.amount, 0), 2) as returned,
      round(x.points * (l.line->>'amount')::numeric / nullif(x.amount, 0), 2) as points
    from sales_transactions x
      cross join lateral jsonb_array_elements(x.lines) with ordinality as l(line, n)
      join ${PRODUCTS} p on p.tenant_id = x.tenant_id and p.code = l.line->>'goodsCode' and p.fuel_type is not null
  )`;

const STATION = sql`left join ${STORES_TABLE} s on s.tenant_id = f.tenant_id and s.id = f.store_id`;
const member = sql`f.buyer = 'MEMBER'`;
const memberLitres = sql`sum(f.litres) filter (where ${member})`;
/** The share of members' sales among the sales counted by `sales` (`count(distinct …)` over rows, a sum over days). */
const memberSalesShare = (members: SQL, all: SQL) => sql`coalesce(round(100.0 * ${members} / nullif(${all}, 0), 2), 0)`;
const salesOf = (column: SQL) => ({
  all: sql`coalesce(sum(${column}), 0)`,
  members: sql`coalesce(sum(${column}) filter (where ${member}), 0)`,
});

function pasoSource(view: PasoView): ViewSource {
  const bySale = salesOf(sql`f.sales`);
  const byLead = salesOf(sql`f.sales_lead`);
  return defineViewSource({
    view,
    from: sql`${LINES} f
      left join ${MEMBERS_TABLE} m on m.tenant_id = f.tenant_id and m.id = f.member_id
      ${STATION}`,
    scope: (actor) => sql`f.tenant_id = ${actor.tenantId}`,
    columns: {
      id: sql`f.id`,
      occurredAt: sql`f.occurred_at`,
      orderNo: sql`f.order_no`,
      storeId: sql`f.store_id`,
      storeName: sql`s.name`,
      grade: sql`f.grade`,
      goodsName: sql`f.goods_name`,
      buyer: sql`f.buyer`,
      memberNumber: sql`m.member_number`,
      litres: sql`f.litres`,
      amount: sql`f.amount`,
      discount: sql`f.discount`,
    },
    filters: { areaId: sql`s.area` },
    measures: {
      litres: sql`coalesce(round(sum(f.litres), 3), 0)`,
      amount: sql`coalesce(sum(f.amount), 0)`,
      returned: sql`coalesce(sum(f.returned), 0)`,
      transactions: sql`count(distinct f.sale_id)`,
      memberLitres: sql`coalesce(round(${memberLitres}, 3), 0)`,
      memberLitresShare: sql`coalesce(round(100 * ${memberLitres} / nullif(sum(f.litres), 0), 2), 0)`,
      memberTransactionsShare: memberSalesShare(sql`count(distinct f.sale_id) filter (where ${member})`, sql`count(distinct f.sale_id)`),
      pointsPerLitre: sql`coalesce(round(sum(f.points) filter (where ${member}) / nullif(${memberLitres}, 0), 3), 0)`,
      discount: sql`coalesce(sum(f.discount), 0)`,
      discountPerLitre: sql`coalesce(round(sum(f.discount) / nullif(sum(f.litres), 0), 2), 0)`,
    },
    dimensions: { grade: sql`f.grade`, storeId: sql`f.store_id` },
    daily: {
      zone: DAILY_TOTALS_ZONE,
      day: sql`f.day`,
      count: sql`f.entries`,
      from: sql`fuel_daily f ${STATION}`,
      scope: (actor) => sql`f.tenant_id = ${actor.tenantId}`,
      rows: {
        table: sql`fuel_daily`,
        alias: 'f',
        joins: STATION,
        keys: ['tenant_id', 'store_id', 'grade', 'buyer'],
        sums: ['entries', 'litres', 'amount', 'discount', 'returned', 'points', 'sales', 'sales_lead'],
      },
      filters: ['storeId', 'areaId', 'grade', 'buyer'],
      dimensions: ['grade', 'storeId'],
      measures: {
        transactions: { by: 'grade', one: bySale.all, all: byLead.all },
        memberTransactionsShare: {
          by: 'grade',
          one: memberSalesShare(bySale.members, bySale.all),
          all: memberSalesShare(byLead.members, byLead.all),
        },
      },
    },
  });
}

/** The sources of both fuel reports. */
export const PASO_REPORT_SOURCES: readonly ViewSource[] = PASO_REPORTS.map(pasoSource);
