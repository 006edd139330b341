/**
 * The basket a coupon is checked against, as the discount functions read it: money in integer
 * cents (BigInt), quantities in thousandths of a unit (fuel is sold by the litre), never floats.
 */

/** One line of the basket, with the master data the goods scope reads (null when unknown). */
export interface BasketLine {
  readonly lineNo: number;
  readonly goodsId: number | null;
  /** The category and every category above it. */
  readonly categoryIds: readonly number[];
  readonly brandId: number | null;
  /** Thousandths of a unit: 1 500 is 1.5 litres; above 0. */
  readonly quantityMilli: bigint;
  /** What the line costs before this coupon, in cents; 0 or more. */
  readonly amountCents: bigint;
}

export interface Basket {
  readonly lines: readonly BasketLine[];
  /** Freight of the order in cents (0 when none). */
  readonly freightCents: bigint;
}

/** Which goods a template applies to: all, only those listed, or all but those listed. */
export interface GoodsScope {
  readonly mode: 'ALL' | 'INCLUDE' | 'EXCLUDE';
  readonly goods: readonly number[];
  readonly categories: readonly number[];
  readonly brands: readonly number[];
}

/** A line is listed when its goods, its category or its brand is. */
function listed(scope: GoodsScope, line: BasketLine): boolean {
  return (
    (line.goodsId !== null && scope.goods.includes(line.goodsId)) ||
    line.categoryIds.some((c) => scope.categories.includes(c)) ||
    (line.brandId !== null && scope.brands.includes(line.brandId))
  );
}

/** The lines of the basket the goods scope lets the coupon take from, in line order. */
export function eligibleLines(basket: Basket, scope: GoodsScope): BasketLine[] {
  const lines = [...basket.lines].sort((a, b) => a.lineNo - b.lineNo);
  if (scope.mode === 'ALL') return lines;
  return lines.filter((line) => listed(scope, line) === (scope.mode === 'INCLUDE'));
}

export { sumCents } from '../../../money/money';

export const MILLI = 1000n;

/** `a * b / c` rounded down (all non-negative). */
export const mulDivFloor = (a: bigint, b: bigint, c: bigint): bigint => (a * b) / c;
/** `a * b / c` rounded up (all non-negative). */
export const mulDivCeil = (a: bigint, b: bigint, c: bigint): bigint => (a * b + c - 1n) / c;
export const minOf = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);
