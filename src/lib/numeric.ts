/**
 * The numeric field rules of the specification (§5): what counts as a number, and how a numeric
 * input corrects itself when it loses focus.
 */
import { compareDecimal, decimalToString, parseDecimal, roundDecimal, toDecimal, type Decimal } from './decimal';

/** Bounds and precision of a numeric field. Bounds may be numbers or decimal strings. */
export interface NumericRules {
  /** Smallest allowed value; a smaller entry becomes this value. */
  readonly min?: number | string;
  /** Largest allowed value; a larger entry becomes this value. */
  readonly max?: number | string;
  /** Fixed number of decimal places applied to the result (rounded half away from zero). */
  readonly decimals?: number;
}

/**
 * True when `value` is a number: a finite number, a bigint, or a string in decimal notation.
 * Empty, null, undefined and any string containing whitespace are not numeric (§5), so
 * `' 12'` is rejected rather than silently trimmed.
 */
export function isNumeric(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (typeof value === 'string' && /\s/.test(value)) return false;
  return toDecimal(value) !== null;
}

function boundOf(name: 'min' | 'max', bound: number | string | undefined): Decimal | undefined {
  if (bound === undefined) return undefined;
  const decimal = toDecimal(bound);
  // A bad bound is a mistake in a field declaration; failing loudly beats clamping to nonsense.
  if (decimal === null) throw new RangeError(`${name} is not a number: ${String(bound)}`);
  return decimal;
}

/**
 * What a numeric input shows after blur: a non-number becomes `''`, a value below `min` becomes
 * `min`, above `max` becomes `max`, and `decimals` (if given) fixes the number of places.
 * All arithmetic is exact on strings, so `'0.125'` with 2 decimals gives `'0.13'`.
 * Without `decimals` the typed scale is kept and only the notation is normalised
 * (`'007.50'` -> `'7.50'`, `'1e3'` -> `'1000'`).
 *
 * The value is rounded before it is compared with the bounds, so `9.996` with max 9.99 and
 * 2 decimals becomes 9.99 rather than 10.00. Bounds are expected to fit in `decimals`.
 */
export function fixNumericOnBlur(raw: string, rules: NumericRules = {}): string {
  const min = boundOf('min', rules.min);
  const max = boundOf('max', rules.max);
  const { decimals } = rules;
  if (decimals !== undefined && (!Number.isInteger(decimals) || decimals < 0)) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  if (min && max && compareDecimal(min, max) > 0) {
    throw new RangeError(`min ${String(rules.min)} is greater than max ${String(rules.max)}`);
  }
  if (!isNumeric(raw)) return '';
  let value = parseDecimal(raw);
  if (value === null) return '';
  if (decimals !== undefined) value = roundDecimal(value, decimals);
  if (min && compareDecimal(value, min) < 0) value = min;
  if (max && compareDecimal(value, max) > 0) value = max;
  // A bound replaces the value with its own scale, so the places are fixed once more.
  if (decimals !== undefined) value = roundDecimal(value, decimals);
  return decimalToString(value);
}
