import { CARD_READ } from './card-grants';
import { cardMessages } from '../messages/prepay-card.messages';
import { defineQueryView, optionsFrom } from '../query-view';

/**
 * A prepaid card's balance history (余额流水, the card detail's tab): its entries of the value
 * ledger, newest first, with the net changes of the filter (over every date, the card's balance).
 * No screen of its own: the card's detail shows it filtered on the card. Its source SQL:
 * server/modules/cards/prepay-card-history.source.ts.
 */
export const prepayCardHistoryView = defineQueryView({
  name: 'prepay-card-history',
  title: ['余额流水', 'Balance history'],
  route: { group: 'deposit', entry: 'prepay-card' },
  access: CARD_READ,
  fileModule: 'prepaidCards',
  key: 'id',
  time: 'occurredAt',
  empty: ['该卡还没有流水', 'No entries for this card yet'],
  columns: {
    id: { kind: 'integer', label: ['流水号', 'Entry'], hidden: true },
    cardId: { kind: 'integer', label: ['卡ID', 'Card id'], hidden: true },
    occurredAt: { kind: 'datetime', label: ['时间', 'Time'], width: 170 },
    kind: {
      kind: 'enum',
      label: ['类型', 'Kind'],
      width: 90,
      options: optionsFrom({
        book: cardMessages,
        prefix: 'cards.kind',
        codes: ['sale', 'topup', 'adjust', 'pay', 'refund', 'void', 'expire'],
        colors: { sale: 'purple', topup: 'green', pay: 'red', refund: 'cyan', adjust: 'blue' },
      }),
    },
    sourceId: { kind: 'text', label: ['来源单号', 'Source'], width: 150 },
    principalDelta: { kind: 'money', label: ['本金变动(元)', 'Principal (yuan)'], signed: true, width: 120 },
    giftDelta: { kind: 'money', label: ['赠送变动(元)', 'Gift (yuan)'], signed: true, width: 120 },
    balanceAfter: { kind: 'money', label: ['变动后余额(元)', 'Balance after (yuan)'], width: 130 },
    // A payment's offer discount (card-balance-promotion), and the share a refund took back (negative).
    discount: { kind: 'money', label: ['支付优惠', 'Payment discount'], signed: true, width: 110 },
    storeName: { kind: 'text', label: ['门店', 'Store'], width: 140 },
    remark: { kind: 'text', label: ['备注', 'Remarks'], width: 200 },
  },
  filters: {
    cardId: { kind: 'record', label: ['预付卡', 'Card'] },
    occurredAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    kind: { kind: 'enum', label: ['类型', 'Kind'] },
  },
  measures: {
    entries: { kind: 'integer', label: ['笔数', 'Entries'] },
    principal: {
      kind: 'money',
      label: ['本金', 'Principal'],
      help: ['本金的净变动；不限日期时即卡的本金余额', 'Net change of the principal; over every date, the card’s principal'],
    },
    gift: {
      kind: 'money',
      label: ['赠送', 'Gift'],
      help: ['赠送金的净变动；不限日期时即卡的赠送余额', 'Net change of the gift; over every date, the card’s gift balance'],
    },
    amount: {
      kind: 'money',
      label: ['余额', 'Balance'],
      help: ['本金 + 赠送的净变动；不限日期时即卡的当前余额', 'Net change of principal + gift; over every date, the card’s balance'],
    },
  },
});
