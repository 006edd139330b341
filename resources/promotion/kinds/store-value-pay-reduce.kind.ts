import { defineActivityKind } from '../activity-kind';
import { payReduceRule, readPayReduceRule } from './balance-pay';

/** Stored-value spend-and-save: money off a payment from stored value (server/modules/stored-value `pay`). */
export const storeValuePayReduceKind = defineActivityKind(
  {
    value: 'STORE_VALUE_PAY_REDUCE',
    family: 'STORE_VALUE_PAY',
    trigger: 'pay',
    title: ['储值满额立减', 'Stored-value spend-and-save'],
    screens: { add: 'edit', edit: 'edit', dtl: 'dtl' },
    parts: [],
    rule: payReduceRule,
  },
  { read: readPayReduceRule },
);
