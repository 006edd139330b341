/**
 * Exact decimal arithmetic on strings and BigInt, just enough for the numeric input and the
 * number formats. Money must never pass through float rounding (0.1 + 0.2, 1.005.toFixed(2)),
 * so every value here is a BigInt coefficient plus a count of decimal places.
 */

/** A decimal value: (negative ? -1 : 1) × coefficient × 10^-scale. */
export interface Decimal {
  /** Sign; a zero coefficient is printed without a sign whatever this says. */
  readonly negative: boolean;
  /** The digits as a non-negative integer. */
  readonly coefficient: bigint;
  /** How many of the coefficient's digits sit after the decimal point (never negative). */
  readonly scale: number;
}

/**
 * Exponents beyond this are refused: a string like `1e999999999` would otherwise make a BigInt
 * with a billion digits and freeze the tab. Doubles stop near 1e308, so 1000 loses nothing real.
 */
const MAX_EXPONENT = 1000;

/** Plain or scientific decimal notation; at least one digit must be present (checked below). */
const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/**
 * Parses decimal notation (`12`, `-0.50`, `.5`, `3.`, `1e3`, `2.5E-2`) into an exact decimal.
 * Returns null for anything else, including blanks, spaces, `Infinity`, hex and `NaN`.
 */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponentText] = match;
  if (whole.length === 0 && fraction.length === 0) return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) return null;
  let coefficient = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    // A positive exponent larger than the fraction moves digits left of the point.
    coefficient *= pow10(-scale);
    scale = 0;
  }
  return { negative: sign === '-', coefficient, scale };
}

/**
 * Turns a number, bigint or numeric string into an exact decimal, or null if it is none.
 * Numbers go through `String()`, which prints the shortest text that reads back as the same
 * double: `0.1` stays `0.1` instead of 0.1000000000000000055…, which is what a person typed.
 */
export function toDecimal(value: unknown): Decimal | null {
  if (typeof value === 'bigint') return { negative: value < 0n, coefficient: value < 0n ? -value : value, scale: 0 };
  if (typeof value === 'number') return Number.isFinite(value) ? parseDecimal(String(value)) : null;
  if (typeof value === 'string') return parseDecimal(value);
  return null;
}

/**
 * Rounds (or pads) to exactly `decimals` places, half away from zero (2.345 -> 2.35,
 * -2.345 -> -2.35), the commercial rule and Java's HALF_UP, which the services use.
 */
export function roundDecimal(value: Decimal, decimals: number): Decimal {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  if (value.scale <= decimals) {
    return { ...value, coefficient: value.coefficient * pow10(decimals - value.scale), scale: decimals };
  }
  const divisor = pow10(value.scale - decimals);
  let coefficient = value.coefficient / divisor;
  // BigInt division truncates; the coefficient is non-negative, so the remainder decides alone.
  if ((value.coefficient % divisor) * 2n >= divisor) coefficient += 1n;
  return { negative: value.negative, coefficient, scale: decimals };
}

function signedAt(value: Decimal, scale: number): bigint {
  const magnitude = value.coefficient * pow10(scale - value.scale);
  return value.negative ? -magnitude : magnitude;
}

/** Compares two decimals exactly: negative if a < b, 0 if equal (also -0 vs 0), positive if a > b. */
export function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const left = signedAt(a, scale);
  const right = signedAt(b, scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/**
 * Prints a decimal in plain notation, keeping its scale (`1.50` stays `1.50`), without leading
 * zeros and without a sign on zero (`-0.00` prints `0.00`).
 */
export function decimalToString(value: Decimal): string {
  const digits = value.coefficient.toString().padStart(value.scale + 1, '0');
  const split = digits.length - value.scale;
  const whole = digits.slice(0, split);
  const fraction = digits.slice(split);
  const sign = value.negative && value.coefficient !== 0n ? '-' : '';
  return sign + whole + (value.scale > 0 ? `.${fraction}` : '');
}

/** The exact sum of some values at `decimals` places; blanks and anything not a number count as zero (a line still being typed). */
export function sumDecimals(values: readonly unknown[], decimals: number): Decimal {
  let total = 0n;
  for (const value of values) {
    const decimal = toDecimal(value);
    if (decimal) total += signedAt(roundDecimal(decimal, decimals), decimals);
  }
  return { negative: total < 0n, coefficient: total < 0n ? -total : total, scale: decimals };
}

/**
 * Moves the decimal point `places` to the right (left when negative), exactly: a discount of
 * 8.5 折 is 85 % paid (`shiftDecimal(d, 1)`), and back (`shiftDecimal(d, -1)`). The result keeps
 * no more places than it needs to (`8.5` -> `85`, not `85.0`).
 */
export function shiftDecimal(value: Decimal, places: number): Decimal {
  if (!Number.isInteger(places)) throw new RangeError(`places must be an integer, got ${places}`);
  const scale = value.scale - places;
  if (scale >= 0) return { ...value, scale };
  return { ...value, coefficient: value.coefficient * pow10(-scale), scale: 0 };
}
