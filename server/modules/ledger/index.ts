/** The money ledger's public API (README.md beside this file). */
export type {
  Money,
  PayFromHolderInput,
  PostValueInput,
  PostedValueEntry,
  RefundPaymentInput,
  SpendValueInput,
  ValueBalance,
  ValueChannel,
  ValueEntryKind,
  ValueHolder,
} from './ledger.types';
export { VALUE_CHANNELS, VALUE_ENTRY_KINDS } from './ledger.types';
export { expireDueGift, guardMember, holderCondition, lockValueAccount, postValue, readBalance, spendValue } from './ledger.service';
export { payFromHolder, refundPayment } from './payments.service';
export { expireDueGiftLots, GIFT_EXPIRY_JOB } from './gift-expiry.job';
