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
export { discountShare, payFromHolder, refundPayment } from './payments.service';
export { PAYMENT_DISCOUNT, PAYMENT_DISCOUNT_JOINS } from './payment-discount.sql';
export { expireDueGiftLots, GIFT_EXPIRY_JOB } from './gift-expiry.job';

/** The one posting algorithm and its books (README.md, "One algorithm, several books"). */
export type { Book, EntryMeta } from './book';
export { post, lockAccount, expireDue, type PostingInput, type PostedRow } from './core';
export { expireDueLotsOf } from './lot-expiry';
export { creditInOneStatement, prepareCredit } from './one-statement-credit';
export { MONEY_BOOK } from './money.book';
export { POINTS_BOOK, type PointsHolder } from './points.book';
