import { defineSaleKind } from './define-kind';
import { fired, notMet, reachedTier, scopedLines, sumQuantity } from './goods-scope';

/** QTY_EXTRA_POINTS: the quantity of the goods in scope that earn points reaches a tier; the highest tier reached gives its points. */
export const qtyExtraPoints = defineSaleKind('QTY_EXTRA_POINTS', (rule, { basket }) => {
  const quantity = sumQuantity(scopedLines(basket, rule.goods, true));
  const tier = reachedTier(rule.tiers, BigInt(quantity));
  if (!tier || tier.points <= 0) return notMet('activities.reason.quantityBelow', { quantity });
  return fired([{ type: 'points', points: tier.points }]);
});
