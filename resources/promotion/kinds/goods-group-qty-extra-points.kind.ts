import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { fired, notMet, scopedLines, sumQuantity } from './goods-scope';
import { int } from './rule-reading';

/** Every N units of the goods group give P points (at most M times per order). */
export const goodsGroupQtyExtraPointsKind = defineSaleKind(
  {
    value: 'GOODS_GROUP_QTY_EXTRA_POINTS',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['商品组按数量加送积分规则', 'Goods-group quantity extra points rule'],
    screens: { add: 'goods-group-qty-extra-points-add', edit: 'goods-group-qty-extra-points-add', dtl: 'goods-group-qty-extra-points-dtl' },
    parts: ['goods', 'schedule'],
    rule: {
      groupEveryQuantity: field.integer({ label: ['每满件数', 'Every units'], required: true, min: 1, max: 100000, width: 100 }),
      groupPoints: field.integer({ label: ['加送积分', 'Extra points'], required: true, min: 1, max: 10_000_000, width: 100 }),
      groupMaxTimes: field.integer({
        label: ['每单最多次数', 'Most times per order'],
        help: ['不填则不限', 'Empty: unlimited'],
        emptyMeans: ['不限', 'Unlimited'],
        min: 1,
        max: 1000,
        inList: false,
      }),
    },
  },
  {
    read: (rule, { goods }) => ({
      goods,
      everyQuantity: int(rule.groupEveryQuantity, 1),
      points: int(rule.groupPoints),
      maxTimes: rule.groupMaxTimes ?? null,
    }),
    // Every `everyQuantity` units of the group give `points`, at most `maxTimes` times.
    evaluate: (rule, { basket }) => {
      const quantity = sumQuantity(scopedLines(basket, rule.goods, true));
      const every = Math.max(1, rule.everyQuantity);
      const times = Math.min(Math.floor(quantity / every), rule.maxTimes ?? Number.MAX_SAFE_INTEGER);
      if (times <= 0 || rule.points <= 0) return notMet('activities.reason.quantityBelow', { quantity });
      return fired([{ type: 'points', points: times * rule.points }]);
    },
  },
);
