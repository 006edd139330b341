import { defineQueryView } from '../query-view';
import { pointsEntriesView } from '../score/points-entries.query-view';
import { LEDGER_DIMENSIONS, LEDGER_FILTERS } from './report-parts';
import { reportEntry } from './report-entry';

/**
 * The points report (积分报表, /data-table/score-report): points issued, redeemed, reversed,
 * expired and adjusted over the points ledger, by store and by day, each total drilling down to
 * the ledger entries behind it (the rows are the entries themselves, so every total is their
 * sum). Filters: dates (quick ranges), store, area (and the areas below it), kind and source.
 * Its source SQL: server/modules/points/score-report.source.ts.
 */
const c = pointsEntriesView.columns;

export const scoreReportView = defineQueryView({
  name: 'score-report',
  ...reportEntry('score-report'),
  key: 'id',
  time: 'occurredAt',
  empty: ['所选期间没有积分流水', 'No points entries in the chosen period'],
  columns: {
    id: c.id,
    occurredAt: c.occurredAt,
    storeId: c.storeId,
    storeName: { ...c.storeName, noExport: false },
    memberId: c.memberId,
    memberNumber: { ...c.memberNumber, noExport: false },
    memberName: c.memberName,
    kind: c.kind,
    sourceType: c.sourceType,
    sourceId: c.sourceId,
    documentId: c.documentId,
    channel: c.channel,
    delta: c.delta,
    remark: c.remark,
  },
  filters: {
    ...LEDGER_FILTERS,
    sourceType: { kind: 'enum', label: ['来源', 'Source'] },
  },
  measures: {
    issued: {
      kind: 'integer',
      label: ['发放', 'Issued'],
      help: ['获得类流水之和（消费、活动、积分券等送出的积分）', 'Sum of the earning entries: points given for sales, campaigns, coupons'],
    },
    redeemed: {
      kind: 'integer',
      label: ['消耗', 'Redeemed'],
      help: [
        '消费类流水之和（兑换、抵现用掉的积分，正数）',
        'Sum of the spending entries (exchanges, points as cash), as a positive number',
      ],
    },
    reversed: {
      kind: 'integer',
      label: ['冲回', 'Reversed'],
      help: ['冲回类流水的净额（退货收回的积分为负）', 'Net of the reversing entries (points taken back by returns are negative)'],
    },
    expired: {
      kind: 'integer',
      label: ['过期', 'Expired'],
      help: ['过期类流水之和（正数）', 'Sum of the expiry entries, as a positive number'],
    },
    adjusted: {
      kind: 'integer',
      label: ['调整', 'Adjusted'],
      help: ['调整类流水的净额（调增为正、调减为负）', 'Net of the adjusting entries (additions positive, deductions negative)'],
    },
    net: {
      kind: 'integer',
      label: ['净变动', 'Net change'],
      help: [
        '余额的净变动：发放 − 消耗 + 冲回 − 过期 + 调整',
        'Net change of the balances: issued − redeemed + reversed − expired + adjusted',
      ],
    },
  },
  dimensions: LEDGER_DIMENSIONS,
  groups: ['storeId', 'day'],
  chart: {
    trend: ['issued', 'redeemed', 'expired'],
    share: { dimension: 'storeId', measure: 'issued' },
    compare: ['issued', 'redeemed', 'expired'],
  },
});
