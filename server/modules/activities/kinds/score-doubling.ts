import { defineSaleKind } from './define-kind';
import { notMet, pointsAward, pointsOf, scopedLines, sumCents } from './goods-scope';

/**
 * SCORE_DOUBLING: the basic points of the goods in scope (at the basic rate the sale uses,
 * `facts.defaultCentsPerPoint` as the engine hands it) multiplied by `multipleTenths / 10`,
 * rounded down; the award is the extra over those basic points (x2 on 35 points gives 35).
 */
export const scoreDoubling = defineSaleKind('SCORE_DOUBLING', (rule, { facts, basket }) => {
  const lines = scopedLines(basket, rule.goods, true);
  if (lines.length === 0) return notMet('activities.reason.noGoodsInScope');
  const base = pointsOf(sumCents(lines), facts.defaultCentsPerPoint);
  return pointsAward(Math.floor((base * rule.multipleTenths) / 10) - base, 'activities.reason.noPoints');
});
