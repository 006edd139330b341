import { centsToString } from '../../../money/money';
import { defineSaleKind } from './define-kind';
import { fired, notMet, scopedLines, sumCents } from './goods-scope';

/** GOODS_AMOUNT_GIFT: the amount of the goods in scope reaches the threshold; the till hands out the gift goods (recorded, not posted). */
export const goodsAmountGift = defineSaleKind('GOODS_AMOUNT_GIFT', (rule, { basket }) => {
  const amount = sumCents(scopedLines(basket, rule.goods, false));
  if (rule.thresholdCents <= 0n || amount < rule.thresholdCents)
    return notMet('activities.reason.amountBelow', { amount: centsToString(amount) });
  if (rule.giftQuantity <= 0) return notMet('activities.reason.nothingToGive');
  return fired([{ type: 'gift', goodsCode: rule.giftGoodsCode, quantity: rule.giftQuantity }]);
});
