import { defineActivityKind } from '../activity-kind';
import { payReduceRule, readPayReduceRule } from './balance-pay';

/** Prepaid-card spend-and-save: money off a payment from a card a member holds (server/modules/cards `POST /v1/prepay-card/pay`). */
export const cardPayReduceKind = defineActivityKind(
  {
    value: 'CARD_PAY_REDUCE',
    family: 'PREPAY_CARD_PAY',
    trigger: 'pay',
    title: ['预付卡满额立减', 'Card spend-and-save'],
    screens: { add: 'edit', edit: 'edit', dtl: 'dtl' },
    parts: [],
    rule: payReduceRule,
  },
  { read: readPayReduceRule },
);
