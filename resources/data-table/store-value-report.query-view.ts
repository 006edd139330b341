import { storeValueHistoryView } from '../deposit/store-value-hst-detail.query-view';
import { defineQueryView } from '../query-view';
import { LEDGER_DIMENSIONS, LEDGER_FILTERS, VALUE_MOVES } from './report-parts';
import { reportEntry } from './report-entry';

/**
 * The stored-value report (储值报表, /data-table/store-value-report): members' stored value
 * recharged (principal), given (gift), spent, refunded, adjusted and expired over the value
 * ledger, by store and by day, each total drilling down to the ledger entries behind it (the
 * rows are the entries, with the stored-value history's columns). Spent counts payments only:
 * a refund gives value back and is its own figure, an adjustment is never spending.
 * Its source SQL: server/modules/stored-value-docs/store-value-report.source.ts.
 */
const c = storeValueHistoryView.columns;

export const storeValueReportView = defineQueryView({
  name: 'store-value-report',
  ...reportEntry('store-value-report'),
  key: 'id',
  time: 'occurredAt',
  empty: ['所选期间没有储值流水', 'No stored-value entries in the chosen period'],
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
  filters: {
    // Set by a member number's cell (the history's drill): the member's entries in the report.
    memberId: {
      kind: 'record',
      label: ['会员', 'Member'],
      heading: ['{member} 的储值报表', 'Stored-value report of {member}'],
      named: ['memberName', 'memberNumber'],
    },
    ...LEDGER_FILTERS,
    channel: { kind: 'enum', label: ['渠道', 'Channel'] },
  },
  measures: {
    recharged: {
      kind: 'money',
      label: ['充值本金', 'Recharged'],
      help: ['充值流水的本金之和', 'Principal of the recharge entries'],
    },
    gift: {
      kind: 'money',
      label: ['充值赠送', 'Gift given'],
      help: ['充值流水的赠送金之和', 'Gift portion of the recharge entries'],
    },
    ...VALUE_MOVES,
    expired: {
      kind: 'money',
      label: ['过期', 'Expired'],
      help: ['赠送金过期流水之和（正数）', 'Sum of the gift expiry entries, as a positive amount'],
    },
    other: {
      kind: 'money',
      label: ['初始化及其他', 'Opening and other'],
      help: ['初始化、作废流水的净额', 'Net of the opening-balance and void entries'],
    },
    net: {
      kind: 'money',
      label: ['净变动', 'Net change'],
      help: [
        '余额的净变动：充值本金 + 充值赠送 − 消费 + 退款 + 调整 − 过期 + 初始化及其他',
        'Net change of the balances: recharged + gift − spent + refunded + adjusted − expired + opening and other',
      ],
    },
  },
  dimensions: LEDGER_DIMENSIONS,
  groups: ['storeId', 'day'],
  chart: {
    trend: ['recharged', 'spent', 'refunded'],
    share: { dimension: 'storeId', measure: 'recharged' },
    compare: ['recharged', 'gift', 'spent'],
  },
});
