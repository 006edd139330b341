import { STORED_VALUE_READ } from './stored-value-grants';
import { MEMBER_VIEW_COLUMNS } from '../member/member-view-columns';
import { ledgerMessages } from '../messages/ledger.messages';
import { storedValueDocsMessages } from '../messages/stored-value-docs.messages';
import { defineQueryView, optionsFrom } from '../query-view';

/**
 * The stored-value history (储值流水, deposit/store-value-query/store-value-hst-detail): the
 * members' entries of the value ledger, newest first, of one member (from the inquiry or the
 * member's tab) or of everyone, with the totals of the filter by kind, channel, store and day.
 * Its source SQL: server/modules/stored-value-docs/value-history.source.ts.
 */
export const storeValueHistoryView = defineQueryView({
  name: 'store-value-hst-detail',
  title: ['储值流水', 'Stored-value history'],
  route: { group: 'deposit', entry: 'store-value-query', screen: 'store-value-hst-detail' },
  access: STORED_VALUE_READ,
  fileModule: 'storedValue',
  key: 'id',
  time: 'occurredAt',
  empty: ['没有储值流水', 'No stored-value entries'],
  columns: {
    id: { kind: 'integer', label: ['流水号', 'Entry'], hidden: true },
    occurredAt: { kind: 'datetime', label: ['时间', 'Time'], width: 170 },
    ...MEMBER_VIEW_COLUMNS,
    kind: {
      kind: 'enum',
      label: ['类型', 'Kind'],
      width: 90,
      options: optionsFrom({
        book: ledgerMessages,
        prefix: 'ledger.kind',
        codes: ['init', 'recharge', 'pay', 'refund', 'adjust', 'expire', 'void'],
        colors: { init: 'purple', recharge: 'green', pay: 'red', refund: 'cyan', adjust: 'blue' },
      }),
    },
    channel: {
      kind: 'enum',
      label: ['渠道', 'Channel'],
      width: 110,
      options: optionsFrom({ book: ledgerMessages, prefix: 'ledger.channel', codes: ['store', 'weixin', 'alipay', 'third', 'weixinApp'] }),
      none: ['无渠道', 'No channel'],
    },
    sourceType: {
      kind: 'enum',
      label: ['来源', 'Source'],
      width: 120,
      options: optionsFrom({
        book: storedValueDocsMessages,
        prefix: 'storedValue.source',
        // `activity`: the gift value a top-up promotion gives with a recharge (its own entry).
        codes: ['recharge', 'payment', 'refund', 'adjustment', 'init', 'batch', 'activity'],
      }),
    },
    sourceId: {
      kind: 'text',
      label: ['单号', 'Document'],
      width: 150,
      link: { by: 'sourceType', lists: { adjustment: 'store-value-adjust' } },
    },
    principalDelta: { kind: 'money', label: ['本金变动', 'Principal'], signed: true, width: 110 },
    giftDelta: { kind: 'money', label: ['赠送金变动', 'Gift'], signed: true, width: 110 },
    amount: { kind: 'money', label: ['变动金额', 'Amount'], signed: true, width: 110 },
    balanceAfter: { kind: 'money', label: ['储值余额', 'Balance after'], width: 110 },
    // A payment's offer discount (member-balance-promotion), and the share a refund took back (negative).
    discount: { kind: 'money', label: ['支付优惠', 'Payment discount'], signed: true, width: 110 },
    storeId: { kind: 'integer', label: ['门店ID', 'Store id'], hidden: true },
    storeName: { kind: 'text', label: ['门店', 'Store'], width: 140 },
    operatorName: { kind: 'text', label: ['操作人', 'Operator'], width: 110 },
    remark: { kind: 'text', label: ['备注', 'Remarks'], width: 200 },
  },
  filters: {
    memberId: {
      kind: 'record',
      label: ['会员', 'Member'],
      heading: ['{member} 的储值流水', 'Stored-value history of {member}'],
      named: ['memberName', 'memberNumber'],
    },
    occurredAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    kind: { kind: 'enum', label: ['类型', 'Kind'] },
    channel: { kind: 'enum', label: ['渠道', 'Channel'] },
    sourceType: { kind: 'enum', label: ['来源', 'Source'] },
    storeId: { kind: 'store', label: ['门店', 'Store'] },
  },
  measures: {
    entries: { kind: 'integer', label: ['笔数', 'Entries'] },
    amountIn: { kind: 'money', label: ['增加', 'Added'], help: ['增加余额的流水之和', 'Sum of the entries that added value'] },
    amountOut: {
      kind: 'money',
      label: ['减少', 'Taken'],
      help: ['减少余额的流水之和（正数）', 'Sum of the entries that took value, as a positive amount'],
    },
    principal: { kind: 'money', label: ['本金变动', 'Principal'], help: ['本金的净变动', 'Net change of the principal'] },
    gift: { kind: 'money', label: ['赠送金变动', 'Gift'], help: ['赠送金的净变动', 'Net change of the gift portion'] },
    amount: {
      kind: 'money',
      label: ['净变动', 'Net'],
      help: ['余额的净变动：本金 + 赠送金', 'Net change of the balance: principal + gift'],
    },
  },
  dimensions: {
    kind: { kind: 'enum', label: ['按类型', 'By kind'] },
    channel: { kind: 'enum', label: ['按渠道', 'By channel'] },
    storeId: { kind: 'store', label: ['按门店', 'By store'] },
    day: { kind: 'day', label: ['按日', 'By day'] },
  },
  groups: ['kind', 'channel'],
  chart: {
    trend: ['amountIn', 'amountOut'],
    share: { dimension: 'kind', measure: 'amountIn' },
    compare: ['amountIn', 'amountOut', 'amount'],
  },
});
