import { defineActivityKind } from '../activity-kind';
import { payDiscountRule, readPayRateRule } from './balance-pay';

/** Prepaid-card discount: a rate off a payment from a card a member holds (server/modules/cards `POST /v1/prepay-card/pay`). */
export const cardPayDiscountKind = defineActivityKind(
  {
    value: 'CARD_PAY_DISCOUNT',
    family: 'PREPAY_CARD_PAY',
    trigger: 'pay',
    title: ['预付卡折扣', 'Card discount'],
    screens: { add: 'discount-edit', edit: 'discount-edit', dtl: 'discount-dtl' },
    parts: [],
    rule: payDiscountRule,
  },
  { read: readPayRateRule },
);
