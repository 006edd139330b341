import { getTableName, sql, type SQL } from 'drizzle-orm';
import { CARD_ACTIVITY_REPORTS, type CardActivityView, type CardType } from '../../../resources/data-table/card-activity-report.query-view';
import { cardTemplateResource } from '../../../resources/deposit/card-template.resource';
import { prepayCardResource } from '../../../resources/deposit/prepay-card.resource';
import { defineViewSource, type ViewSource } from '../../crud/query-view.source';
import { deriveTable } from '../../crud/table.derive';
import { STORES_TABLE } from '../reads/store-lookup';
import { prepayCardHistorySource } from './prepay-card-history.source';
import { valueDaily } from '../reports/daily-totals';

/**
 * The sources of the four card reports (resources/data-table/card-activity-report.query-view.ts):
 * the cards' entries of the value ledger (holder `card`, as a card's balance history reads them),
 * of the cards of one type, with the card and its template named. Each measure is the sum of one
 * kind of entry, so the kinds add up to the net change to the cent. Read by each report's own
 * grant over the whole tenant. Their totals and charts read the value ledger's daily totals
 * (server/modules/reports), which keep each card entry's type and template.
 */
const CARDS = sql.identifier(getTableName(deriveTable(prepayCardResource)));
const TEMPLATES = sql.identifier(getTableName(deriveTable(cardTemplateResource)));
const h = prepayCardHistorySource.columns;
const amount = sql`(e.principal_delta + e.gift_delta)`;
const sumOf = (kind: string) => sql`coalesce(sum(${amount}) filter (where e.kind = ${kind}), 0)`;
const negative = (sum: SQL) => sql`(0 - ${sum})`;

function cardActivitySource(report: { view: CardActivityView; cardType: CardType }): ViewSource {
  return defineViewSource({
    view: report.view,
    from: sql`value_entries e
      join ${CARDS} c on c.tenant_id = e.tenant_id and c.id = e.card_id
      left join ${TEMPLATES} t on t.tenant_id = c.tenant_id and t.id = c.template
      left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id`,
    scope: (actor) => sql`e.tenant_id = ${actor.tenantId} and e.holder_kind = 'card' and c.card_type = ${report.cardType}`,
    columns: {
      id: h.id,
      occurredAt: h.occurredAt,
      kind: h.kind,
      cardId: h.cardId,
      cardNumber: sql`c.number`,
      templateId: sql`c.template`,
      templateName: sql`t.name`,
      storeId: sql`e.store_id`,
      storeName: h.storeName,
      sourceId: h.sourceId,
      principalDelta: h.principalDelta,
      giftDelta: h.giftDelta,
      balanceAfter: h.balanceAfter,
      remark: h.remark,
    },
    filters: {
      areaId: sql`s.area`,
      template: { prefix: [], contains: [sql`t.name`] },
    },
    measures: {
      sold: sql`count(*) filter (where e.kind = 'sale')`,
      soldValue: sumOf('sale'),
      toppedUp: sumOf('topup'),
      spent: negative(sumOf('pay')),
      refunded: sumOf('refund'),
      adjusted: sumOf('adjust'),
      voided: negative(sumOf('void')),
      net: sql`coalesce(sum(${amount}), 0)`,
    },
    dimensions: { templateId: sql`c.template`, storeId: sql`e.store_id`, kind: sql`e.kind` },
    dimensionTitles: { templateId: sql`t.name` },
    daily: valueDaily({
      scope: (actor) => sql`e.tenant_id = ${actor.tenantId} and e.holder_kind = 'card' and e.card_type = ${report.cardType}`,
      // The daily rows name the card's template as the entries' card does (`c.template`).
      joins: sql`cross join lateral (select e.card_template as template) c
        left join ${TEMPLATES} t on t.tenant_id = e.tenant_id and t.id = c.template`,
      filters: ['storeId', 'areaId', 'kind', 'template', 'templateId'],
      dimensions: ['templateId', 'storeId', 'kind'],
      measures: { sold: sql`coalesce(sum(e.entries) filter (where e.kind = 'sale'), 0)` },
    }),
  }) as ViewSource;
}

/** The four card reports' sources (named in cards.manifest.ts, `views`). */
export const CARD_ACTIVITY_SOURCES: readonly ViewSource[] = CARD_ACTIVITY_REPORTS.map(cardActivitySource);
