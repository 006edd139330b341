/**
 * The life cycle of one prepaid card (DOMAIN.md "Prepaid cards", issue 11): the stored codes,
 * their labels and colours, shared by the card declaration, the stock screen and the server.
 *
 * - IN_STOCK 在库: made in a batch, held by a store, not sold yet (no balance).
 * - ACTIVATED 已激活: sold by an audited sale bill; its face value is on its balance.
 * - FROZEN 已冻结: stopped by hand (with a reason); pays are refused until unfrozen.
 * - USED_UP 已用完: its balance reached zero; a refund, top-up or adjustment brings it back.
 * - VOIDED 已作废: withdrawn for good (with a reason); any balance left is written off.
 *
 * "Expired" is not stored: a card is expired when its validity has ended (`validTo` before today),
 * whatever its stored state, so no job has to move anything at midnight. Pays refuse it, the
 * stock screen counts it as expired, and the card list finds it by its validity.
 */
export const CARD_STATE_OPTIONS = {
  IN_STOCK: { label: ['在库', 'In stock'], color: 'blue' },
  ACTIVATED: { label: ['已激活', 'Activated'], color: 'green' },
  FROZEN: { label: ['已冻结', 'Frozen'], color: 'orange' },
  USED_UP: { label: ['已用完', 'Used up'], color: 'default' },
  VOIDED: { label: ['已作废', 'Voided'], color: 'red' },
} as const;

export type CardState = keyof typeof CARD_STATE_OPTIONS;

/** States in which a card holds spendable value (a pay, top-up or adjustment may reach it). */
export const LIVE_CARD_STATES: readonly CardState[] = ['ACTIVATED', 'USED_UP'];
