import { exactText, integerDigits, scaled, significantDecimals } from './decimal';

/**
 * The pure money kernel: every amount is integer cents (BigInt) in code, numeric(14,2) in
 * PostgreSQL and decimal text or a JSON number with at most 2 decimals on the wire. Never a float,
 * never rounded: a value with a third decimal is not money (null here, a 400 in
 * server/money/money.ts). Pure, so the declarations' own code (an activity kind's evaluation)
 * and the server share one kernel.
 */

/** The largest amount numeric(14,2) holds, in cents (999,999,999,999.99). */
export const AMOUNT_MAX_CENTS = 99_999_999_999_999n;
/** `AMOUNT_MAX_CENTS` as the text an error message names. */
export const AMOUNT_MAX_TEXT = '999999999999.99';

/**
 * Cents of a money value with at most 2 decimals (text or a JSON number), or null when it is not
 * one: more decimals, an exponent, not finite, or more than 13 integer digits. Exact: a number is
 * read through its shortest text, so 0.1 + 0.2 (0.30000000000000004) is refused, not rounded.
 */
export function toCents(value: string | number): bigint | null {
  const text = exactText(typeof value === 'string' ? value.trim() : value);
  if (text === null || significantDecimals(text) > 2 || integerDigits(text) > 13) return null;
  return scaled(text, 2);
}

/** Cents back to a 2-decimal text (`-1250n` → `-12.50`). */
export function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A numeric read back from PostgreSQL (`"12.50"`) as cents; a value that is not money is a bug, thrown as such. */
export function dbCents(value: unknown): bigint {
  const cents = toCents(String(value));
  if (cents === null) throw new Error(`not a money value from the database: ${String(value)}`);
  return cents;
}

/** Cents of a value the engine or the database has already checked; null, undefined or blank count as zero. */
export function centsOf(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const cents = toCents(value);
  if (cents === null) throw new Error(`not a money value: ${String(value)}`);
  return cents;
}

/** The total of lines that carry their amount in cents (a basket's, a scope's). */
export const sumCents = (lines: readonly { readonly amountCents: bigint }[]): bigint =>
  lines.reduce((sum, line) => sum + line.amountCents, 0n);

/** The smaller of two amounts. */
export const minCents = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** The sum of the values, as 2-decimal text. */
export const sumMoney = (values: readonly (string | number | null | undefined)[]): string =>
  centsToString(values.reduce<bigint>((sum, value) => sum + centsOf(value), 0n));

/** The sum of the absolute values, as 2-decimal text. */
export const sumAbsolute = (values: readonly (string | number | null | undefined)[]): string =>
  centsToString(
    values.reduce<bigint>((sum, value) => {
      const cents = centsOf(value);
      return sum + (cents < 0n ? -cents : cents);
    }, 0n),
  );
