import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { centsToString } from '../../money/cents';
import { fired, notMet, scopedLines, sumCents } from './goods-scope';
import { cents, int } from './rule-reading';

/** Goods full-amount gift: goods handed out at the till when the goods counted reach an amount. */
export const goodsAmountGiftKind = defineSaleKind(
  {
    value: 'GOODS_AMOUNT_GIFT',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['商品满额送礼活动', 'Goods spend gift campaign'],
    screens: { add: 'goods-amount-gift-add', edit: 'goods-amount-gift-add', dtl: 'goods-amount-gift-dtl' },
    parts: ['goods', 'schedule'],
    rule: {
      giftGoods: field.relation({ label: ['赠品', 'Gift goods'], resource: 'product', required: true, width: 140 }),
      giftThresholdAmount: field.money({
        label: ['满金额(元)', 'From amount (yuan)'],
        required: true,
        min: 0.01,
        max: 99999999,
        width: 120,
      }),
      giftQuantity: field.integer({ label: ['赠品数量', 'Gift quantity'], required: true, min: 1, max: 1000, defaultValue: 1, width: 100 }),
    },
  },
  {
    read: (rule, { goods, giftGoodsCode }) => ({
      goods,
      thresholdCents: cents(rule.giftThresholdAmount),
      giftGoodsCode,
      giftQuantity: int(rule.giftQuantity, 1),
    }),
    // The amount of the goods in scope reaches the threshold; the till hands out the gift goods (recorded, not posted).
    evaluate: (rule, { basket }) => {
      const amount = sumCents(scopedLines(basket, rule.goods, false));
      if (rule.thresholdCents <= 0n || amount < rule.thresholdCents)
        return notMet('activities.reason.amountBelow', { amount: centsToString(amount) });
      if (rule.giftQuantity <= 0) return notMet('activities.reason.nothingToGive');
      return fired([{ type: 'gift', goodsCode: rule.giftGoodsCode, quantity: rule.giftQuantity }]);
    },
  },
);
