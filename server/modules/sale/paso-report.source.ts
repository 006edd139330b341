import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PASO_REPORTS, type PasoView } from '../../../resources/data-table/paso-report.query-view';
import { productResource } from '../../../resources/datum/product.resource';
import { defineViewSource, type ViewSource } from '../../crud/query-view.source';
import { deriveTable } from '../../crud/table.derive';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The source of the two fuel reports (resources/data-table/paso-report.query-view.ts): each line
 * of the sales the tills sent (`sales_transactions.lines`) whose product (by its code) has a fuel
 * grade, members' sales and walk-in customers' alike. A line's key is its sale's id × 1000 plus
 * its position (the sale schema allows at most 500 lines). A sale's points and its returned
 * amount are shared over its lines by amount; a return is its own figure, never taken off the
 * amount. Shares and per-litre figures are each group's own (not additive).
 */
const PRODUCTS = sql.identifier(getTableName(deriveTable(productResource)));

const litres = sql`(l.line->>'quantity')::numeric`;
const lineAmount = sql`(l.line->>'amount')::numeric`;
const lineDiscount = sql`coalesce((l.line->>'discount')::numeric, 0)`;
/**
 * The line's part of a figure of its sale, to 2 decimals: the figure times the line's amount over
 * the sale's (multiplied first, so an exact half stays exact and rounds up); none for a sale of nothing.
 */
const partOf = (figure: SQL) => sql`round(${figure} * ${lineAmount} / nullif(x.amount, 0), 2)`;
const member = sql`x.member_id is not null`;
const memberLitres = sql`sum(${litres}) filter (where ${member})`;
const transactions = sql`count(distinct x.id)`;

function pasoSource(view: PasoView): ViewSource {
  return defineViewSource({
    view,
    from: sql`sales_transactions x
      cross join lateral jsonb_array_elements(x.lines) with ordinality as l(line, n)
      join ${PRODUCTS} p on p.tenant_id = x.tenant_id and p.code = l.line->>'goodsCode' and p.fuel_type is not null
      left join ${MEMBERS_TABLE} m on m.tenant_id = x.tenant_id and m.id = x.member_id
      left join ${STORES_TABLE} s on s.tenant_id = x.tenant_id and s.id = x.store_id`,
    scope: (actor) => sql`x.tenant_id = ${actor.tenantId}`,
    columns: {
      id: sql`(x.id * 1000 + l.n)`,
      occurredAt: sql`x.occurred_at`,
      orderNo: sql`x.order_no`,
      storeId: sql`x.store_id`,
      storeName: sql`s.name`,
      grade: sql`p.fuel_type`,
      goodsName: sql`p.name`,
      buyer: sql`(case when ${member} then 'MEMBER' else 'WALK_IN' end)`,
      memberNumber: sql`m.member_number`,
      litres,
      amount: lineAmount,
      discount: lineDiscount,
    },
    filters: { areaId: sql`s.area` },
    measures: {
      litres: sql`coalesce(round(sum(${litres}), 3), 0)`,
      amount: sql`coalesce(sum(${lineAmount}), 0)`,
      returned: sql`coalesce(sum(${partOf(sql`x.returned_amount`)}), 0)`,
      transactions,
      memberLitres: sql`coalesce(round(${memberLitres}, 3), 0)`,
      memberLitresShare: sql`coalesce(round(100 * ${memberLitres} / nullif(sum(${litres}), 0), 2), 0)`,
      memberTransactionsShare: sql`coalesce(round(100.0 * count(distinct x.id) filter (where ${member}) / nullif(${transactions}, 0), 2), 0)`,
      pointsPerLitre: sql`coalesce(round(sum(${partOf(sql`x.points`)}) filter (where ${member}) / nullif(${memberLitres}, 0), 3), 0)`,
      discount: sql`coalesce(sum(${lineDiscount}), 0)`,
      discountPerLitre: sql`coalesce(round(sum(${lineDiscount}) / nullif(sum(${litres}), 0), 2), 0)`,
    },
    dimensions: { grade: sql`p.fuel_type`, storeId: sql`x.store_id` },
  });
}

/** The sources of both fuel reports. */
export const PASO_REPORT_SOURCES: readonly ViewSource[] = PASO_REPORTS.map(pasoSource);
