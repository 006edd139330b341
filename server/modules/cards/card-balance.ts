/**
 * The one door between prepaid cards and the value ledger (server/modules/ledger): every card
 * module posts, spends, pays, refunds and reads balances through these re-exports, with the
 * holder `{ kind: 'card', cardId }`. Keeping it to one file means the cards depend on the ledger's
 * published signatures only.
 */
import type { ValueHolder } from '../ledger';

export { payFromHolder, postValue, readBalance, refundPayment, spendValue } from '../ledger';
export type { Money, PostedValueEntry, ValueBalance, ValueHolder } from '../ledger';

/** The ledger holder of one card's balance. */
export const cardHolder = (cardId: number): ValueHolder => ({ kind: 'card', cardId });
