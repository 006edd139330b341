import { centsToString } from '../../../money/money';
import { defineSaleKind } from './define-kind';
import { fired, notMet, rewardAwards, scopedLines, sumCents } from './goods-scope';

/**
 * GOODS_AMOUNT_COUPON: the amount of the goods in scope (every line, points or not) reaches the
 * threshold; the reward once, or once per whole threshold when `repeat`.
 */
export const goodsAmountCoupon = defineSaleKind('GOODS_AMOUNT_COUPON', (rule, { basket }) => {
  const amount = sumCents(scopedLines(basket, rule.goods, false));
  if (rule.thresholdCents <= 0n || amount < rule.thresholdCents)
    return notMet('activities.reason.amountBelow', { amount: centsToString(amount) });
  const awards = rewardAwards(rule.reward, rule.repeat ? Number(amount / rule.thresholdCents) : 1);
  return awards.length > 0 ? fired(awards) : notMet('activities.reason.nothingToGive');
});
