import { defineActivityKind } from '../activity-kind';
import { readTopUpRule, topUpRule } from './top-up';

/** Card top-up gift: fired by the audit of a prepaid card top-up document (server/modules/cards), for cards held by a member. */
export const prepayCardChargeGiftKind = defineActivityKind(
  {
    value: 'PREPAY_CARD_CHARGE_GIFT',
    family: 'PREPAY_CARD_CHARGE_GIFT',
    trigger: 'topUp',
    title: ['预付卡充值赠礼', 'Card top-up gift'],
    screens: { add: 'edit', edit: 'edit', dtl: 'dtl' },
    parts: [],
    rule: topUpRule,
  },
  { read: readTopUpRule },
);
