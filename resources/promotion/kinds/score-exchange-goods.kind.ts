import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { int } from './rule-reading';

/** Points for goods: a member spends points for goods. */
export const scoreExchangeGoodsKind = defineActivityKind(
  {
    value: 'SCORE_EXCHANGE_GOODS',
    family: 'SCORE_ACTIVITY',
    trigger: 'exchange',
    title: ['积分兑换商品', 'Points-for-goods exchange'],
    screens: { add: 'score-exchange-goods-add', edit: 'score-exchange-goods-add', dtl: 'score-exchange-goods-dtl' },
    parts: [],
    rule: {
      exchangeGoods: field.relation({ label: ['兑换商品', 'Goods'], resource: 'product', required: true, width: 140 }),
      goodsPointsCost: field.integer({ label: ['所需积分', 'Points needed'], required: true, min: 1, max: 100_000_000, width: 110 }),
      exchangeQuantity: field.integer({ label: ['兑换数量', 'Quantity'], required: true, min: 1, max: 1000, defaultValue: 1, width: 100 }),
    },
  },
  {
    read: (rule, { exchangeGoodsCode }) => ({
      pointsCost: int(rule.goodsPointsCost),
      goodsCode: exchangeGoodsCode,
      quantity: int(rule.exchangeQuantity, 1),
    }),
  },
);
