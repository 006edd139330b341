/** One line's share of a discount, in cents; also a line's weight in a split. */
export interface LineShare {
  readonly lineNo: number;
  readonly cents: bigint;
}

/**
 * Splits `total` cents over lines in proportion to their weights (their amounts, or what each
 * gave) by the largest remainder: each line gets the whole cents of its exact share, and the
 * cents left over go one each to the lines with the largest fractions (the lower line number
 * first on a tie). The shares add up to `total` exactly and none exceeds its weight, since
 * `total` never exceeds their sum. Pure; `total` must be between 0 and the weights' sum.
 */
export function apportion(total: bigint, lines: readonly LineShare[]): LineShare[] {
  const weight = lines.reduce((sum, l) => sum + l.cents, 0n);
  if (total < 0n || total > weight) throw new RangeError(`cannot apportion ${total} over ${weight}`);
  if (total === 0n) return lines.map((l) => ({ lineNo: l.lineNo, cents: 0n }));
  const exact = lines.map((l, index) => ({
    index,
    lineNo: l.lineNo,
    floor: (total * l.cents) / weight,
    fraction: (total * l.cents) % weight,
  }));
  let left = total - exact.reduce((sum, e) => sum + e.floor, 0n);
  const byFraction = [...exact].sort((a, b) => (a.fraction === b.fraction ? a.lineNo - b.lineNo : a.fraction > b.fraction ? -1 : 1));
  const extra = new Set<number>();
  for (const e of byFraction) {
    if (left === 0n) break;
    extra.add(e.index);
    left -= 1n;
  }
  return exact.map((e) => ({ lineNo: e.lineNo, cents: e.floor + (extra.has(e.index) ? 1n : 0n) }));
}
