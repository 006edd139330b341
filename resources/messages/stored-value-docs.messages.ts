import { defineMessages } from './bilingual';

/**
 * Messages of the stored-value documents and read screens (deposit/store-value-adjust,
 * store-value-init, store-value-query, store-value-hst-detail, the member's stored-value tab):
 * the server's refusals and the screens' own texts. Field labels of the declared resources are
 * derived from their declarations.
 */
export const storedValueDocsMessages = defineMessages({
  // Adjustment documents (server/modules/stored-value-docs/store-value-adjust.hooks.ts)
  'storeValueAdjust.amountZero': ['本金变动和赠送金变动不能同时为 0', 'Change the principal, the gift or both'],
  'storeValueAdjust.reasonDisabled': ['调整原因“{reason}”已停用，请选择其他原因', 'The reason "{reason}" is disabled; choose another one'],
  'storeValueAdjust.reasonIncreaseOnly': ['调整原因“{reason}”只能用于增加储值', 'The reason "{reason}" may only add stored value'],
  'storeValueAdjust.reasonDecreaseOnly': ['调整原因“{reason}”只能用于扣减储值', 'The reason "{reason}" may only deduct stored value'],
  'storeValueAdjust.lineRefused': [
    '第 {line} 行（会员 {member}）无法调整：{reason}。整单未生效',
    'Line {line} (member {member}) cannot be applied: {reason}. Nothing was applied',
  ],

  'storedValue.adjust.reasons': ['调整原因', 'Reasons'],
  'storedValue.adjust.documents': ['储值调整单', 'Adjustment documents'],

  // Opening balances (server/modules/stored-value-docs/store-value-init.hooks.ts)
  'storeValueInit.amountZero': ['期初本金和期初赠送金不能同时为 0', 'Enter an opening principal, gift or both'],
  'storeValueInit.alreadyInitialised': ['该会员已有期初余额', 'the member already has an opening balance'],
  'storeValueInit.refused': [
    '会员 {member} 的期初余额无法入账：{reason}',
    'The opening balance of member {member} cannot be posted: {reason}',
  ],

  // The history's link title and its sources' labels (its query view's options); the name of
  // export tasks filed before the history became a query view
  'storedValue.history.title': ['储值流水', 'Stored-value history'],
  'res.store-value-entries': ['储值流水', 'Stored-value history'],
  'storedValue.source.recharge': ['充值', 'Recharge'],
  'storedValue.source.payment': ['消费', 'Payment'],
  'storedValue.source.refund': ['退款', 'Refund'],
  'storedValue.source.adjustment': ['储值调整单', 'Adjustment document'],
  'storedValue.source.init': ['储值期初', 'Opening balance'],
  'storedValue.source.batch': ['批量操作单', 'Batch operation'],
  'storedValue.source.activity': ['充值活动赠送', 'Top-up campaign gift'],

  // The member's stored-value tab (src/views/deposit/member-tab/)
  'storedValue.tab.title': ['储值', 'Stored value'],
  'storedValue.tab.balance': ['储值余额', 'Balance'],
  'storedValue.tab.principal': ['本金', 'Principal'],
  'storedValue.tab.gift': ['赠送金', 'Gift'],
  'storedValue.tab.frozen': ['账户已冻结', 'Account frozen'],
  'storedValue.tab.recent': ['最近流水', 'Recent entries'],
  'storedValue.tab.allHistory': ['查看全部流水', 'Full history'],
});
