import { centsToString, toCents } from '../points/points.rules';

/**
 * Exact money of the stored-value documents: decimal text in, cents (BigInt) inside, decimal
 * text out; never a float.
 */

/** Cents of a money value the engine has validated (null or blank counts as zero). */
export function centsOf(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const cents = toCents(value);
  if (cents === null) throw new Error(`not a money value: ${String(value)}`);
  return cents;
}

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

export { centsToString };
