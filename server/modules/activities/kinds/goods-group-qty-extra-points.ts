import { defineSaleKind } from './define-kind';
import { fired, notMet, scopedLines, sumQuantity } from './goods-scope';

/** GOODS_GROUP_QTY_EXTRA_POINTS: every `everyQuantity` units of the group give `points`, at most `maxTimes` times. */
export const goodsGroupQtyExtraPoints = defineSaleKind('GOODS_GROUP_QTY_EXTRA_POINTS', (rule, { basket }) => {
  const quantity = sumQuantity(scopedLines(basket, rule.goods, true));
  const every = Math.max(1, rule.everyQuantity);
  const times = Math.min(Math.floor(quantity / every), rule.maxTimes ?? Number.MAX_SAFE_INTEGER);
  if (times <= 0 || rule.points <= 0) return notMet('activities.reason.quantityBelow', { quantity });
  return fired([{ type: 'points', points: times * rule.points }]);
});
