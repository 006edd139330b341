import { getTableName, sql } from 'drizzle-orm';
import { feeLevelView } from '../../../resources/data-table/fee-level.query-view';
import { levelResource } from '../../../resources/member/level.resource';
import { paidLevelOrderResource } from '../../../resources/member/paid-level-order.resource';
import { defineViewSource } from '../../crud/query-view.source';
import { deriveTable } from '../../crud/table.derive';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The source of the paid level report (resources/data-table/fee-level.query-view.ts): the paid
 * level orders with their level, member and store named; the time is the payment. A refunded
 * order is paid and refunded on its own day (the order keeps no refund time).
 */
const ORDERS = sql.identifier(getTableName(deriveTable(paidLevelOrderResource)));
const LEVELS = sql.identifier(getTableName(deriveTable(levelResource)));
const refunded = sql`coalesce(sum(o.amount) filter (where o.state = 'REFUNDED'), 0)`;

export const feeLevelSource = defineViewSource({
  view: feeLevelView,
  from: sql`${ORDERS} o
    left join ${LEVELS} l on l.tenant_id = o.tenant_id and l.id = o.level
    left join ${MEMBERS_TABLE} m on m.tenant_id = o.tenant_id and m.id = o.member_id
    left join ${STORES_TABLE} s on s.tenant_id = o.tenant_id and s.id = o.store`,
  scope: (actor) => sql`o.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`o.id`,
    paidAt: sql`o.paid_at`,
    number: sql`o.number`,
    levelId: sql`o.level`,
    levelName: sql`l.name`,
    memberNumber: sql`m.member_number`,
    memberName: sql`o.member_name`,
    storeId: sql`o.store`,
    storeName: sql`s.name`,
    payChannel: sql`o.pay_channel`,
    state: sql`o.state`,
    termMonths: sql`o.term_months`,
    amount: sql`o.amount`,
  },
  filters: { areaId: sql`s.area` },
  measures: {
    orders: sql`count(*)`,
    amount: sql`coalesce(sum(o.amount), 0)`,
    refunded,
    net: sql`(coalesce(sum(o.amount), 0) - ${refunded})`,
    months: sql`coalesce(sum(o.term_months) filter (where o.state <> 'REFUNDED'), 0)`,
    members: sql`count(distinct o.member_id)`,
  },
  dimensions: { levelId: sql`o.level`, storeId: sql`o.store`, payChannel: sql`o.pay_channel` },
  dimensionTitles: { levelId: sql`l.name` },
});
