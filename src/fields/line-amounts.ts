import type { LinesAmounts, LinesField } from '../../resources/define';
import { lineFieldApplies } from '../../resources/field-rules';
import type { ApiRecord } from './field-kind';
import { toDecimal, type Decimal } from '../lib/decimal';

/**
 * What a document's lines come to as they are typed (`LinesField.amounts`), exact: each line's
 * count times its record's unit figure, summed, and what is left after the header's deduction.
 * The arithmetic only; the lines editor draws it (kinds/lines.kind.tsx).
 */

/**
 * How many numbers a range holds: its first and last numbers of one length that differ only in
 * their trailing digits (`PC000101`–`PC000120`: 20); null when it is no such range yet (one is
 * blank, the lengths or the prefixes differ, or it runs backwards).
 */
export function rangeSize(first: unknown, last: unknown): number | null {
  if (typeof first !== 'string' || typeof last !== 'string') return null;
  const a = first.trim();
  const b = last.trim();
  if (a === '' || a.length !== b.length) return null;
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared += 1;
  if (shared === a.length) return 1;
  const tailA = a.slice(shared);
  const tailB = b.slice(shared);
  if (!/^\d+$/.test(tailA) || !/^\d+$/.test(tailB)) return null;
  const size = BigInt(tailB) - BigInt(tailA) + 1n;
  return size > 0n && size <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(size) : null;
}

/** How many one line counts, and whether that came from a range (every number in it). */
export function lineCount(args: { lines: LinesField; amounts: LinesAmounts; row: ApiRecord }): { count: number; byRange: boolean } {
  const { lines, amounts, row } = args;
  const valueOf = (name: string) => row[name];
  if (lineFieldApplies({ lines, name: amounts.count, valueOf })) {
    const count = Number(row[amounts.count]);
    return { count: Number.isSafeInteger(count) && count > 0 ? count : 0, byRange: false };
  }
  const [first, last] = amounts.range ?? [];
  if (first && last && lineFieldApplies({ lines, name: first, valueOf }))
    return { count: rangeSize(row[first], row[last]) ?? 0, byRange: true };
  return { count: 0, byRange: false };
}

/** What {@link linesAmount} found. */
export interface LinesAmount {
  /** Σ count × unit, at 2 decimals. */
  readonly total: Decimal;
  /** The total less the deduction (never below zero), when the declaration names one. */
  readonly left: Decimal | null;
  /** Some line was counted by its range. */
  readonly byRange: boolean;
}

/** Cents of a money value (2 decimals, rounded half away from zero); zero for a blank or a non-number. */
function cents(value: unknown): bigint {
  const decimal = toDecimal(value);
  if (!decimal) return 0n;
  const shifted = decimal.scale <= 2 ? decimal.coefficient * 10n ** BigInt(2 - decimal.scale) : roundedCents(decimal);
  return decimal.negative ? -shifted : shifted;
}

function roundedCents(decimal: Decimal): bigint {
  const divisor = 10n ** BigInt(decimal.scale - 2);
  const whole = decimal.coefficient / divisor;
  return decimal.coefficient % divisor >= divisor / 2n ? whole + 1n : whole;
}

function money(total: bigint): Decimal {
  return { negative: total < 0n, coefficient: total < 0n ? -total : total, scale: 2 };
}

/**
 * The lines' amount: for each line, its count ({@link lineCount}) times `unitOf(row)` (the
 * record's price, blank while the line names none), exact in cents; and what is left after
 * `deduction` (the header's discount).
 */
export function linesAmount(args: {
  lines: LinesField;
  amounts: LinesAmounts;
  rows: readonly ApiRecord[];
  unitOf: (row: ApiRecord) => unknown;
  deduction?: unknown;
}): LinesAmount {
  let total = 0n;
  let byRange = false;
  for (const row of args.rows) {
    const counted = lineCount({ lines: args.lines, amounts: args.amounts, row });
    byRange ||= counted.byRange && counted.count > 0;
    total += cents(args.unitOf(row)) * BigInt(counted.count);
  }
  const less = cents(args.deduction);
  const left = args.amounts.less ? money(total > less ? total - less : 0n) : null;
  return { total: money(total), left, byRange };
}
