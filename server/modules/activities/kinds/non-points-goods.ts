import type { BasketLine } from '../activity.contract';
import { defineSaleKind, type RuleOf } from './define-kind';
import { fired, inGoodsScope, notMet } from './goods-scope';

/** The basket with the lines this rule names marked as earning no points (before any points kind). */
export function markNonPointsGoods(rule: RuleOf<'NON_POINTS_GOODS'>, basket: readonly BasketLine[]): BasketLine[] {
  return basket.map((line) => (line.earnsPoints && inGoodsScope(line, rule.goods) ? { ...line, earnsPoints: false } : line));
}

/** NON_POINTS_GOODS: fires when the basket holds goods it names; it gives nothing itself. */
export const nonPointsGoods = defineSaleKind('NON_POINTS_GOODS', (rule, { basket }) =>
  basket.some((line) => inGoodsScope(line, rule.goods)) ? fired([]) : notMet('activities.reason.noGoodsInScope'),
);
