import { defineReasonMaster } from '../document-presets';

/**
 * A reason for adjusting card balances (预付卡调整原因, deposit/prepay-card-adjust/reason): the
 * master every line of a card adjustment names (resources/document-presets.ts). Its direction says
 * which way a line citing it may move the balance; a disabled reason stays on old documents but
 * cannot be chosen for new lines (server/modules/cards/card-adjust.hooks.ts). The screen is the
 * list; add, edit and detail open in a drawer over it.
 */
export const prepayCardAdjustReasonResource = defineReasonMaster({
  name: 'prepay-card-adjust-reason',
  table: 'prepay_card_adjust_reasons',
  title: ['预付卡调整原因', 'Card adjustment reason'],
  route: { group: 'deposit', entry: 'prepay-card-adjust', screens: { list: 'reason' } },
  access: { read: ['单据查看'], write: '配置维护' },
  directionHelp: ['引用此原因的调整行只能按此方向调整余额', 'Lines citing this reason may only move the balance this way'],
});
