import { AppError } from '../http/envelope';
import { AMOUNT_MAX_CENTS, AMOUNT_MAX_TEXT, toCents } from '../../resources/money/cents';

/**
 * The money kernel on the server: the pure cents arithmetic of resources/money/cents.ts (re-exported,
 * so server code has one import) and what a request's amount must be, refused with the 400 naming
 * its field. The engine (`crud/`) and every domain module import it from here; it imports nothing
 * of theirs.
 */
export * from '../../resources/money/cents';

/** The 400 of an amount above numeric(14,2), naming `field`. */
function tooLarge(field: string): AppError {
  return new AppError('badInput', 'error.fieldsInvalid', {
    fields: [{ field, key: 'validation.max', values: { label: field, max: AMOUNT_MAX_TEXT } }],
  });
}

/** What a request's amount must be, and the message key that refuses it. */
export interface MoneyInputRule {
  /** The request field the amount came from (`lines.0.amount`): the 400 names it. */
  readonly field: string;
  /** The sign the amount may have: any, 0 or more, or above 0. */
  readonly sign: 'any' | 'nonNegative' | 'positive';
  /** The message key of a value that is not money (or has the wrong sign): the domain's own wording. */
  readonly invalidKey: string;
  /** The message key of an amount of 0 or less where `sign` is `positive`; `invalidKey` when absent. */
  readonly notPositiveKey?: string;
}

/** Cents of a request's amount, or the 400 naming its field (not money, wrong sign, beyond numeric(14,2)). */
export function inputCents(value: string | number, rule: MoneyInputRule): bigint {
  const cents = toCents(value);
  const fail = (key: string) => new AppError('badInput', key, { fields: [{ field: rule.field, key }] });
  if (cents === null || (rule.sign === 'nonNegative' && cents < 0n)) throw fail(rule.invalidKey);
  if (cents > AMOUNT_MAX_CENTS || -cents > AMOUNT_MAX_CENTS) throw tooLarge(rule.field);
  if (rule.sign === 'positive' && cents <= 0n) throw fail(rule.notPositiveKey ?? rule.invalidKey);
  return cents;
}

/** A sum of request amounts above numeric(14,2) is the 400 naming `field`; the sum otherwise. */
export function boundedTotal(total: bigint, field: string): bigint {
  if (total > AMOUNT_MAX_CENTS || -total > AMOUNT_MAX_CENTS) throw tooLarge(field);
  return total;
}

/** Cents of a signed amount of a ledger request, or the 400 naming `field`. */
export const signedCents = (value: string | number, field: string): bigint =>
  inputCents(value, { field, sign: 'any', invalidKey: 'ledger.amountInvalid' });

/** Cents of a ledger request's amount that must be above zero, or the 400 naming `field`. */
export const positiveCents = (value: string | number, field: string): bigint =>
  inputCents(value, { field, sign: 'positive', invalidKey: 'ledger.amountInvalid', notPositiveKey: 'ledger.amountNotPositive' });
