import { defineReasonMaster } from '../document-presets';

/**
 * A reason for adjusting stored value (储值调整原因, deposit/store-value-adjust/store-value-adjust-reason):
 * the master every line of a stored-value adjustment names. Its direction binds both portions of
 * a line citing it (an "increase" reason may not take principal or gift away); a disabled reason
 * stays on the documents that used it but cannot be chosen for new lines
 * (server/modules/stored-value-docs/store-value-adjust.hooks.ts).
 *
 * The entry's reason screen is the list: add, edit and detail open in a drawer over it.
 */
export const storeValueAdjustReasonResource = defineReasonMaster({
  name: 'store-value-adjust-reason',
  table: 'store_value_adjust_reasons',
  title: ['储值调整原因', 'Stored-value adjustment reason'],
  route: { group: 'deposit', entry: 'store-value-adjust', screens: { list: 'store-value-adjust-reason' } },
  access: { read: ['单据查看'], write: '配置维护' },
  directionHelp: ['引用此原因的调整行只能按此方向调整本金和赠送金', 'Lines citing this reason may only move principal and gift this way'],
});
