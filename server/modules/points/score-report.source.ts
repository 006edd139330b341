import { sql } from 'drizzle-orm';
import { scoreReportView } from '../../../resources/data-table/score-report.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { pointsEntriesSource } from './points-entries.source';
import { pointsDaily } from '../reports/daily-totals';

/**
 * The source of the points report (resources/data-table/score-report.query-view.ts): the points
 * ledger's entries as the ledger's own view reads them (its FROM and columns), each measure the
 * sum of one kind of entry, so the kinds add up to the net change exactly. The report is read
 * by its own grant over the whole tenant. Its totals and chart read the points ledger's daily
 * totals (server/modules/reports), which answer each of its filters and groups.
 */
const c = pointsEntriesSource.columns;
const ofKind = (kind: string, sign: 1 | -1 = 1) =>
  sign === 1
    ? sql`coalesce(sum(e.delta) filter (where e.kind = ${kind}), 0)`
    : sql`coalesce(-sum(e.delta) filter (where e.kind = ${kind}), 0)`;

export const scoreReportSource = defineViewSource({
  view: scoreReportView,
  from: pointsEntriesSource.from,
  scope: (actor) => sql`e.tenant_id = ${actor.tenantId}`,
  columns: {
    id: c.id,
    occurredAt: c.occurredAt,
    storeId: c.storeId,
    storeName: c.storeName,
    memberId: c.memberId,
    memberNumber: c.memberNumber,
    memberName: c.memberName,
    kind: c.kind,
    sourceType: c.sourceType,
    sourceId: c.sourceId,
    documentId: c.documentId,
    channel: c.channel,
    delta: c.delta,
    remark: c.remark,
  },
  filters: { areaId: sql`s.area` },
  measures: {
    issued: ofKind('earn'),
    redeemed: ofKind('spend', -1),
    reversed: ofKind('reverse'),
    expired: ofKind('expire', -1),
    adjusted: ofKind('adjust'),
    net: sql`coalesce(sum(e.delta), 0)`,
  },
  dimensions: { storeId: sql`e.store_id`, kind: sql`e.kind` },
  daily: pointsDaily({ filters: ['storeId', 'areaId', 'kind', 'sourceType'], dimensions: ['storeId', 'kind'] }),
});
