import { sql, type SQL } from 'drizzle-orm';
import { storeValueReportView } from '../../../resources/data-table/store-value-report.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { valueHistorySource } from './value-history.source';
import { valueDaily } from '../reports/daily-totals';

/**
 * The source of the stored-value report (resources/data-table/store-value-report.query-view.ts):
 * the members' value entries as the stored-value history reads them (its FROM, scope and
 * columns), each measure the sum of one kind of entry, so the kinds add up to the net change to
 * the cent. The report is read by its own grant over the whole tenant. Its totals and chart read
 * the value ledger's daily totals (server/modules/reports) unless a member is chosen.
 */
const c = valueHistorySource.columns;
const amount = sql`(e.principal_delta + e.gift_delta)`;
const sumOf = (of: SQL, kinds: readonly string[]) =>
  sql`coalesce(sum(${of}) filter (where e.kind in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})), 0)`;
const negative = (sum: SQL) => sql`(0 - ${sum})`;

export const storeValueReportSource = defineViewSource({
  view: storeValueReportView,
  from: valueHistorySource.from,
  scope: valueHistorySource.scope,
  columns: {
    id: c.id,
    occurredAt: c.occurredAt,
    storeId: c.storeId,
    storeName: c.storeName,
    memberId: c.memberId,
    memberNumber: c.memberNumber,
    memberName: c.memberName,
    kind: c.kind,
    channel: c.channel,
    sourceType: c.sourceType,
    sourceId: c.sourceId,
    principalDelta: c.principalDelta,
    giftDelta: c.giftDelta,
    amount: c.amount,
    operatorName: c.operatorName,
    remark: c.remark,
  },
  filters: { areaId: sql`s.area` },
  measures: {
    recharged: sumOf(sql`e.principal_delta`, ['recharge']),
    gift: sumOf(sql`e.gift_delta`, ['recharge']),
    spent: negative(sumOf(amount, ['pay'])),
    refunded: sumOf(amount, ['refund']),
    adjusted: sumOf(amount, ['adjust']),
    expired: negative(sumOf(amount, ['expire'])),
    other: sumOf(amount, ['init', 'void']),
    net: sql`coalesce(sum(${amount}), 0)`,
  },
  dimensions: { storeId: sql`e.store_id`, kind: sql`e.kind` },
  daily: valueDaily({
    scope: valueHistorySource.scope,
    filters: ['storeId', 'areaId', 'kind', 'channel'],
    dimensions: ['storeId', 'kind'],
  }),
});
