import { defineSaleKind } from './define-kind';
import { fired, notMet, rewardAwards, scopedLines, sumQuantity } from './goods-scope';

/** GOODS_QTY_COUPON: the quantity of the goods in scope reaches the threshold; the reward once, or once per whole threshold when `repeat`. */
export const goodsQtyCoupon = defineSaleKind('GOODS_QTY_COUPON', (rule, { basket }) => {
  const quantity = sumQuantity(scopedLines(basket, rule.goods, false));
  if (rule.thresholdQuantity <= 0 || quantity < rule.thresholdQuantity) return notMet('activities.reason.quantityBelow', { quantity });
  const awards = rewardAwards(rule.reward, rule.repeat ? Math.floor(quantity / rule.thresholdQuantity) : 1);
  return awards.length > 0 ? fired(awards) : notMet('activities.reason.nothingToGive');
});
