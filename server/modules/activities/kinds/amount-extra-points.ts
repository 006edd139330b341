import { centsToString } from '../../../money/money';
import { defineSaleKind } from './define-kind';
import { fired, notMet, reachedTier, scopedLines, sumCents } from './goods-scope';

/** AMOUNT_EXTRA_POINTS: the amount of the goods in scope that earn points reaches a tier; the highest tier reached gives its points. */
export const amountExtraPoints = defineSaleKind('AMOUNT_EXTRA_POINTS', (rule, { basket }) => {
  const amount = sumCents(scopedLines(basket, rule.goods, true));
  const tier = reachedTier(rule.tiers, amount);
  if (!tier || tier.points <= 0) return notMet('activities.reason.amountBelow', { amount: centsToString(amount) });
  return fired([{ type: 'points', points: tier.points }]);
});
