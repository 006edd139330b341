/**
 * Display formats for numbers (specification §5 and §9): thousands separators with 2 decimals
 * for amounts, or integers. Rounding is done on exact decimals, never on floats, so an amount
 * of 9 999 999 999 999.995 (as a string) prints 10,000,000,000,000.00, not …999.99.
 */
import { decimalToString, roundDecimal, toDecimal } from './decimal';
import { isNumeric } from './numeric';

/** What an empty (or non-numeric) value displays as: a dash, per the specification. */
export const EMPTY_DISPLAY = '-';

/** A value a number format accepts; strings carry exact decimals from the server. */
export type FormattableNumber = number | string | bigint | null | undefined;

/** Options of {@link formatNumber}. */
export interface NumberFormatOptions {
  /** Fixed decimal places (rounded half away from zero); omitted keeps the value's own places. */
  readonly decimals?: number;
  /** Text for an empty or non-numeric value; defaults to {@link EMPTY_DISPLAY}. */
  readonly empty?: string;
}

/** Inserts a comma before every group of three digits counted from the right. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Formats a number with thousands separators: `formatNumber(1234567.891, { decimals: 1 })`
 * gives `1,234,567.9`. Empty, whitespace-containing or non-numeric input gives a dash.
 */
export function formatNumber(value: FormattableNumber, options: NumberFormatOptions = {}): string {
  const empty = options.empty ?? EMPTY_DISPLAY;
  // The same notion of "numeric" as the input rules: blanks and spaces are not numbers.
  if (!isNumeric(value)) return empty;
  let decimal = toDecimal(value);
  if (decimal === null) return empty;
  if (options.decimals !== undefined) decimal = roundDecimal(decimal, options.decimals);
  const text = decimalToString(decimal);
  const sign = text.startsWith('-') ? '-' : '';
  const [whole, fraction] = text.slice(sign.length).split('.');
  return sign + groupThousands(whole) + (fraction === undefined ? '' : `.${fraction}`);
}

/** Formats a money amount: 2 decimals and thousands separators; empty shows a dash. */
export function formatAmount(value: FormattableNumber): string {
  return formatNumber(value, { decimals: 2 });
}

/** Formats a whole number (points, counts) with thousands separators, rounding half away from zero. */
export function formatInteger(value: FormattableNumber): string {
  return formatNumber(value, { decimals: 0 });
}
