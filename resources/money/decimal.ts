/**
 * Exact decimals for money and decimal fields, kept as strings and compared through BigInt,
 * so a value never passes through float arithmetic (DESIGN.md §3 Numbers). JSON numbers are
 * accepted too: `JSON.parse` already turned them into the double closest to what was written,
 * and `String()` gives back the shortest text of that double, which is what the client wrote
 * for every value with at most 15 significant digits (our columns hold 14).
 */

const PLAIN = /^-?\d+(\.\d+)?$/;

/** A decimal's text without its sign, exponent or spaces: `-12.50` -> `-12.50`; null when not decimal. */
export function exactText(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    return PLAIN.test(text) ? text : null; // `1e+21`, `1e-7`: beyond any column, refused
  }
  if (typeof value === 'string' && PLAIN.test(value)) return value;
  return null;
}

/** Digits after the point, trailing zeros ignored (`1.50` has 1 significant decimal). */
export function significantDecimals(text: string): number {
  const point = text.indexOf('.');
  if (point < 0) return 0;
  return text.slice(point + 1).replace(/0+$/, '').length;
}

/** Digits before the point, leading zeros ignored. */
export function integerDigits(text: string): number {
  const whole = text.replace('-', '').split('.')[0].replace(/^0+/, '');
  return whole.length;
}

/** The decimal text as an integer of `scale` decimals, cut (never rounded) beyond them: `scaled('-1.5', 2)` is -150n. */
export function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const digits = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -digits : digits;
}

/** Compares two decimal texts exactly: negative, zero or positive like a sort comparator. */
export function compareExact(a: string, b: string): number {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The decimal text of a declared bound (`min: 0.01`): bounds are written as numbers. */
export function boundText(bound: number): string {
  const text = exactText(bound);
  if (text === null) throw new Error(`Bound ${bound} is not a plain decimal`);
  return text;
}

/**
 * A numeric column's text as a JSON number (§3: money goes out as a number). Exact: a
 * numeric(14, s) value has at most 14 significant digits, which a double represents and prints
 * back unchanged.
 */
export function toJsonNumber(text: string | null): number | null {
  return text === null ? null : Number(text);
}
