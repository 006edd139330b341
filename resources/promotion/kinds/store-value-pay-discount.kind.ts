import { defineActivityKind } from '../activity-kind';
import { payDiscountRule, readPayRateRule } from './balance-pay';

/** Stored-value discount: a rate off a payment from stored value (server/modules/stored-value `pay`). */
export const storeValuePayDiscountKind = defineActivityKind(
  {
    value: 'STORE_VALUE_PAY_DISCOUNT',
    family: 'STORE_VALUE_PAY',
    trigger: 'pay',
    title: ['储值折扣', 'Stored-value discount'],
    screens: { add: 'discount-edit', edit: 'discount-edit', dtl: 'discount-dtl' },
    parts: [],
    rule: payDiscountRule,
  },
  { read: readPayRateRule },
);
