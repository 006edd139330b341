import { paidLevelOrderResource } from '../member/paid-level-order.resource';
import { defineQueryView } from '../query-view';
import { LEDGER_DIMENSIONS, LEDGER_FILTERS } from './report-parts';
import { reportEntry } from './report-entry';

/**
 * The paid level report (付费等级报表, /data-table/fee-level): the paid levels members bought
 * (the orders of member/store-pay-list), by level and by store: orders, amount paid, what was
 * refunded, the net, the months of membership sold and the members buying. A row is one order at
 * its payment; a refunded order counts in the orders and the amount paid, and its amount again
 * as refunded (on the order's day), so the net never holds a refund. Its source SQL:
 * server/modules/levels/fee-level.source.ts.
 */
const f = paidLevelOrderResource.fields;

export const feeLevelView = defineQueryView({
  name: 'fee-level',
  ...reportEntry('fee-level'),
  key: 'id',
  time: 'paidAt',
  empty: ['所选期间没有付费等级订单', 'No paid level orders in the chosen period'],
  columns: {
    id: { kind: 'integer', label: ['订单序号', 'Order'], hidden: true },
    paidAt: { kind: 'datetime', label: f.paidAt.label, width: 170 },
    number: { kind: 'text', label: f.number.label, width: 170 },
    levelId: { kind: 'integer', label: ['等级ID', 'Level id'], hidden: true },
    levelName: { kind: 'text', label: f.level.label, width: 120, drill: { filter: 'levelId', column: 'levelId' } },
    memberNumber: { kind: 'text', label: f.memberId.label, width: 130 },
    memberName: { kind: 'text', label: f.memberName.label, width: 110 },
    storeId: { kind: 'integer', label: ['门店ID', 'Store id'], hidden: true },
    storeName: { kind: 'text', label: f.store.label, width: 160 },
    payChannel: { kind: 'enum', label: f.payChannel.label, width: 100, options: f.payChannel.options },
    state: { kind: 'enum', label: f.state.label, width: 100, options: f.state.options },
    termMonths: { kind: 'integer', label: f.termMonths.label, width: 100 },
    amount: { kind: 'money', label: f.amount.label, width: 110 },
  },
  filters: {
    paidAt: LEDGER_FILTERS.occurredAt,
    storeId: LEDGER_FILTERS.storeId,
    areaId: LEDGER_FILTERS.areaId,
    levelId: {
      kind: 'record',
      label: f.level.label,
      heading: ['{member} 的付费等级报表', 'Paid level report of {member}'],
      named: ['levelName'],
    },
    payChannel: { kind: 'enum', label: f.payChannel.label },
    state: { kind: 'enum', label: f.state.label },
  },
  measures: {
    orders: { kind: 'integer', label: ['订单数', 'Orders'], help: ['期间内支付的付费等级订单数', 'Paid level orders paid in the period'] },
    amount: {
      kind: 'money',
      label: ['支付金额', 'Amount paid'],
      help: ['这些订单支付的金额之和（含之后退款的）', 'What these orders paid (those refunded since included)'],
    },
    refunded: {
      kind: 'money',
      label: ['退款金额', 'Refunded'],
      help: ['其中已退款订单的金额之和', 'Amount of those orders refunded since'],
    },
    net: { kind: 'money', label: ['净收入', 'Net revenue'], help: ['支付金额 − 退款金额', 'Amount paid − refunded'] },
    months: {
      kind: 'integer',
      label: ['售出月数', 'Months sold'],
      help: ['未退款订单购买的会员月数之和', 'Months of membership the orders not refunded bought'],
    },
    members: {
      kind: 'integer',
      label: ['购买会员数', 'Members buying'],
      help: ['下单的会员人数（同一会员只计一次）', 'Members with an order (each counted once)'],
      additive: false,
    },
  },
  dimensions: {
    levelId: { kind: 'record', label: ['按付费等级', 'By paid level'] },
    storeId: LEDGER_DIMENSIONS.storeId,
    payChannel: { kind: 'enum', label: ['按支付方式', 'By payment'] },
    day: LEDGER_DIMENSIONS.day,
  },
  groups: ['levelId', 'storeId'],
  chart: {
    trend: ['amount', 'net'],
    share: { dimension: 'payChannel', measure: 'net' },
    compare: ['orders', 'net', 'members'],
  },
});
