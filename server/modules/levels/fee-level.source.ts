import { getTableName, sql } from 'drizzle-orm';
import { feeLevelView } from '../../../resources/data-table/fee-level.query-view';
import { levelResource } from '../../../resources/member/level.resource';
import { paidLevelOrderResource } from '../../../resources/member/paid-level-order.resource';
import { defineViewSource } from '../../crud/query-view.source';
import { deriveTable } from '../../crud/table.derive';
import { DAILY_TOTALS_ZONE } from '../../db/schema/daily-totals.schema';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';
import { membersBuying } from '../reports/daily-totals';

/**
 * The source of the paid level report (resources/data-table/fee-level.query-view.ts): the paid
 * level orders with their level, member and store named; the time is the payment. A refunded
 * order is paid and refunded on its own day (the order keeps no refund time).
 *
 * Its totals and chart sum the orders per payment day, level, store and channel
 * (paid_level_daily, and paid_level_monthly for a range's whole months; server/modules/reports), the members buying as the range's member-days less
 * the repeat pairs within it, over all or within one store, level or channel: exact, with at most
 * one of those filters and no other (a state chosen reads the orders).
 */
const ORDERS = sql.identifier(getTableName(deriveTable(paidLevelOrderResource)));
const LEVELS = sql.identifier(getTableName(deriveTable(levelResource)));
const refunded = sql`coalesce(sum(o.amount) filter (where o.state = 'REFUNDED'), 0)`;
const NAMED = sql`left join ${LEVELS} l on l.tenant_id = o.tenant_id and l.id = o.level
    left join ${STORES_TABLE} s on s.tenant_id = o.tenant_id and s.id = o.store`;
const memberDays = (column: string) => sql`coalesce(sum(${sql.identifier('o')}.${sql.identifier(column)}), 0)`;

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
  // Stores named in the totals' own pass too (one statement less than looking them up after).
  dimensionTitles: { levelId: sql`l.name`, storeId: sql`s.name` },
  daily: {
    zone: DAILY_TOTALS_ZONE,
    day: sql`o.day`,
    count: sql`o.entries`,
    from: sql`paid_level_daily o ${NAMED}`,
    scope: (actor) => sql`o.tenant_id = ${actor.tenantId}`,
    rows: {
      table: sql`paid_level_daily`,
      alias: 'o',
      joins: NAMED,
      keys: ['tenant_id', 'level', 'store', 'pay_channel'],
      sums: [
        'entries',
        'amount',
        'refunded',
        'term_months',
        'member_days_all',
        'member_days_store',
        'member_days_level',
        'member_days_channel',
      ],
      monthly: sql`paid_level_monthly`,
    },
    filters: ['storeId', 'levelId', 'payChannel'],
    dimensions: ['levelId', 'storeId', 'payChannel'],
    measures: {
      orders: sql`coalesce(sum(o.entries), 0)`,
      refunded: sql`coalesce(sum(o.refunded), 0)`,
      net: sql`(coalesce(sum(o.amount), 0) - coalesce(sum(o.refunded), 0))`,
      months: sql`coalesce(sum(o.term_months), 0)`,
      members: membersBuying({
        source: 'paid_level',
        days: memberDays('member_days_all'),
        per: {
          storeId: { days: memberDays('member_days_store'), grain: 'store' },
          levelId: { days: memberDays('member_days_level'), grain: 'level' },
          payChannel: { days: memberDays('member_days_channel'), grain: 'channel' },
        },
      }),
    },
  },
});
