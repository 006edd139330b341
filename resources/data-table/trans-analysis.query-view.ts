import { defineQueryView } from '../query-view';
import { MEMBER_VIEW_COLUMNS } from '../member/member-view-columns';
import { LEDGER_DIMENSIONS, LEDGER_FILTERS } from './report-parts';
import { reportEntry } from './report-entry';

/**
 * Store member transactions (门店会员交易分析, /data-table/trans-analysis): the members' sales the
 * tills sent (`POST /v1/points/transaction`), by store and by day: how many, their amount, what
 * was returned of them, the net, the points they earned, how many members bought and what each
 * spent on average. A row is one sale at its time and store; a return counts against the sale it
 * returns (on the sale's day), so the net of a period is what its sales finally came to, and a
 * return is never counted as a sale. Its source SQL: server/modules/sale/trans-analysis.source.ts.
 */
export const transAnalysisView = defineQueryView({
  name: 'trans-analysis',
  ...reportEntry('trans-analysis'),
  key: 'id',
  time: 'occurredAt',
  empty: ['所选期间没有会员交易', 'No member transactions in the chosen period'],
  columns: {
    id: { kind: 'integer', label: ['交易序号', 'Transaction'], hidden: true },
    occurredAt: { kind: 'datetime', label: ['交易时间', 'Time'], width: 170 },
    orderNo: { kind: 'text', label: ['订单号', 'Order number'], width: 170 },
    storeId: { kind: 'integer', label: ['门店ID', 'Store id'], hidden: true },
    storeName: { kind: 'text', label: ['门店', 'Store'], width: 160 },
    ...MEMBER_VIEW_COLUMNS,
    amount: { kind: 'money', label: ['交易金额', 'Amount'], width: 110 },
    returnedAmount: { kind: 'money', label: ['已退货金额', 'Returned'], width: 110 },
    points: { kind: 'integer', label: ['获得积分', 'Points earned'], width: 100 },
  },
  filters: {
    memberId: {
      kind: 'record',
      label: ['会员', 'Member'],
      heading: ['{member} 的交易', 'Transactions of {member}'],
      named: ['memberName', 'memberNumber'],
    },
    occurredAt: LEDGER_FILTERS.occurredAt,
    storeId: LEDGER_FILTERS.storeId,
    areaId: LEDGER_FILTERS.areaId,
  },
  measures: {
    transactions: { kind: 'integer', label: ['交易笔数', 'Transactions'], help: ['期间内会员的交易笔数', 'Member sales in the period'] },
    amount: {
      kind: 'money',
      label: ['交易金额', 'Sales amount'],
      help: ['期间内会员交易的金额之和', 'Amount of the member sales in the period'],
    },
    returned: {
      kind: 'money',
      label: ['退货金额', 'Returned'],
      help: ['这些交易至今的退货金额（计在原交易当日）', 'What has been returned of these sales so far (counted on the sale’s day)'],
    },
    net: {
      kind: 'money',
      label: ['净交易额', 'Net sales'],
      help: ['交易金额 − 退货金额', 'Sales amount − returned'],
    },
    points: {
      kind: 'integer',
      label: ['获得积分', 'Points earned'],
      help: ['这些交易获得的积分（退货冲回前）', 'Points the sales earned (before any return took them back)'],
    },
    members: {
      kind: 'integer',
      label: ['交易会员数', 'Members buying'],
      help: ['有交易的会员人数（同一会员只计一次）', 'Members with a sale (each counted once)'],
      additive: false,
    },
    perMember: {
      kind: 'money',
      label: ['人均净交易额', 'Net sales per member'],
      help: ['净交易额 ÷ 交易会员数', 'Net sales ÷ members buying'],
      additive: false,
    },
    perTransaction: {
      kind: 'money',
      label: ['笔均交易额', 'Average sale'],
      help: ['交易金额 ÷ 交易笔数', 'Sales amount ÷ transactions'],
      additive: false,
    },
  },
  dimensions: { storeId: LEDGER_DIMENSIONS.storeId, day: LEDGER_DIMENSIONS.day },
  groups: ['storeId', 'day'],
  chart: {
    trend: ['amount', 'net'],
    share: { dimension: 'storeId', measure: 'net' },
    compare: ['transactions', 'members', 'net', 'perMember'],
  },
});
