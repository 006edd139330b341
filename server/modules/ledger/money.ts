import { AppError } from '../../http/envelope';
import { AMOUNT_MAX_CENTS, AMOUNT_MAX_TEXT, centsToString, toCents } from '../points/points.rules';

/**
 * Money of the ledger as integer cents (BigInt) in code and numeric(14,2) in PostgreSQL; text
 * with 2 decimals in between. Never a float.
 */
export { AMOUNT_MAX_CENTS, AMOUNT_MAX_TEXT, centsToString };

/** Cents of a signed amount, or the 400 naming `field` (not money, or beyond numeric(14,2)). */
export function signedCents(value: string | number, field: string): bigint {
  const cents = typeof value === 'number' && !Number.isFinite(value) ? null : toCents(value);
  if (cents === null || (typeof value === 'number' && Math.abs(Math.round(value * 100) - value * 100) > 1e-6)) {
    throw new AppError('badInput', 'ledger.amountInvalid', { fields: [{ field, key: 'ledger.amountInvalid' }] });
  }
  if (cents > AMOUNT_MAX_CENTS || -cents > AMOUNT_MAX_CENTS) {
    throw new AppError('badInput', 'error.fieldsInvalid', {
      fields: [{ field, key: 'validation.max', values: { label: field, max: AMOUNT_MAX_TEXT } }],
    });
  }
  return cents;
}

/** Cents of an amount that must be above zero, or the 400 naming `field`. */
export function positiveCents(value: string | number, field: string): bigint {
  const cents = signedCents(value, field);
  if (cents <= 0n) throw new AppError('badInput', 'ledger.amountNotPositive', { fields: [{ field, key: 'ledger.amountNotPositive' }] });
  return cents;
}

/** A numeric read back from PostgreSQL ("12.50") as cents. */
export function dbCents(value: unknown): bigint {
  const cents = toCents(String(value));
  if (cents === null) throw new Error(`not a money value from the database: ${String(value)}`);
  return cents;
}

export const minCents = (a: bigint, b: bigint): bigint => (a < b ? a : b);
