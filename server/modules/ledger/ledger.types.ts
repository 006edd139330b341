import { LEDGER_CHANNELS } from '../../db/schema/channels';
import type { DbOrTx } from '../../db/connection';
import type { EntryMeta } from './book';

/** Whose money: a member's stored-value account, or one prepaid card's balance. */
export type ValueHolder = { readonly kind: 'member'; readonly memberId: number } | { readonly kind: 'card'; readonly cardId: number };
/** An exact amount as decimal text with at most 2 decimals ("12.50", "-3"); never a float. */
export type Money = string;
export type ValueEntryKind = 'init' | 'recharge' | 'pay' | 'refund' | 'adjust' | 'sale' | 'topup' | 'expire' | 'void';
/** §4 channel types of an entry (stored value, cards and points alike; a CHECK on each entries table). */
export type ValueChannel = (typeof LEDGER_CHANNELS)[number];
export const VALUE_CHANNELS: readonly ValueChannel[] = LEDGER_CHANNELS;
export const VALUE_ENTRY_KINDS: readonly ValueEntryKind[] = [
  'init',
  'recharge',
  'pay',
  'refund',
  'adjust',
  'sale',
  'topup',
  'expire',
  'void',
];

export interface PostValueInput extends EntryMeta<ValueEntryKind, ValueChannel> {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly holder: ValueHolder;
  /** Signed change of each portion; both may not be zero. Principal = money paid in; gift = given free. */
  readonly principal: Money;
  readonly gift: Money;
  /** The request field named in a 400 (default `amount`). */
  readonly field?: string;
  readonly now?: Date;
  /**
   * Added after the first version. A frozen account refuses every decrease; an increase is
   * refused too when this is true (a till's recharge). Default false.
   */
  readonly refuseIncreaseWhenFrozen?: boolean;
  /**
   * Added after the first version. For a member holder, whether the member must be in use
   * (state `using`): default true for every kind except `refund` and `void` (money owed back
   * to a frozen member still goes back).
   */
  readonly requireMemberInUse?: boolean;
  /**
   * Added after the first version. When gift added by this posting expires (null: never).
   * Default: the programme's `giftValidityDays` for a member (README.md "Gift expiry"), never
   * for a card. A refund passes the expiry of the gift its payment spent.
   */
  readonly giftExpiresAt?: Date | null;
}

export interface PostedValueEntry {
  readonly id: number;
  readonly principalDelta: Money;
  readonly giftDelta: Money;
  readonly principalAfter: Money;
  readonly giftAfter: Money;
  readonly balanceAfter: Money;
  readonly replayed: boolean;
}

export interface ValueBalance {
  readonly principal: Money;
  readonly gift: Money;
  readonly balance: Money;
  readonly frozen: boolean;
}

export type SpendValueInput = Omit<PostValueInput, 'principal' | 'gift' | 'kind'> & {
  readonly amount: Money;
  readonly kind?: ValueEntryKind;
};

export interface PayFromHolderInput {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly holder: ValueHolder;
  readonly amount: Money;
  readonly requestNo: string;
  readonly storeId?: number | null;
  readonly operatorId?: number | null;
  readonly channel?: ValueChannel | null;
  readonly sourceType: string;
  readonly now?: Date;
  /** Added after the first version: the entry's remark. */
  readonly remark?: string | null;
  /**
   * Money off the bill a balance-payment promotion gave (the holder pays `amount`, the bill was
   * `amount + discount`); refunds take it back in proportion (payments.service.ts).
   */
  readonly discount?: Money;
}

export interface RefundPaymentInput {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly paymentRequestNo: string;
  readonly refundNo: string;
  readonly amount: Money;
  readonly storeId?: number | null;
  readonly operatorId?: number | null;
  readonly now?: Date;
  /** Added after the first version: only a payment of this kind of holder is found (a stored-value route never refunds a card). */
  readonly holderKind?: ValueHolder['kind'];
}
