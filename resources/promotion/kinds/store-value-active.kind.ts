import { defineActivityKind } from '../activity-kind';
import { readTopUpRule, topUpRule } from './top-up';

/** Stored-value top-up campaign: fired by a member's stored-value recharge (server/modules/stored-value). */
export const storeValueActiveKind = defineActivityKind(
  {
    value: 'STORE_VALUE_ACTIVE',
    family: 'STORE_VALUE_ACTIVE',
    trigger: 'topUp',
    title: ['储值充值活动', 'Top-up campaign'],
    screens: { add: 'add', edit: 'add', dtl: 'dtl' },
    parts: [],
    rule: topUpRule,
  },
  { read: readTopUpRule },
);
