import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { notMet, pointsAward, pointsOf, scopedLines, sumCents } from './goods-scope';
import { tenths } from './rule-reading';

/** Points doubling on the goods counted. */
export const scoreDoublingKind = defineSaleKind(
  {
    value: 'SCORE_DOUBLING',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['积分翻倍规则', 'Points doubling rule'],
    screens: { add: 'score-doubling-add', edit: 'score-doubling-add', dtl: 'score-doubling-dtl' },
    parts: ['goods', 'schedule'],
    rule: {
      doublingMultiple: field.decimal({
        label: ['翻倍倍数', 'Multiple'],
        help: ['2 表示适用商品的基础积分翻倍', '2 doubles the basic points of the goods counted'],
        required: true,
        decimals: 1,
        min: 1.1,
        max: 10,
        defaultValue: 2,
        width: 100,
      }),
    },
  },
  {
    read: (rule, { goods }) => ({ goods, multipleTenths: tenths(rule.doublingMultiple) }),
    // The basic points of the goods in scope (at the basic rate the sale uses, as the engine hands
    // it) multiplied by `multipleTenths / 10`, rounded down; the award is the extra (x2 on 35 gives 35).
    evaluate: (rule, { facts, basket }) => {
      const lines = scopedLines(basket, rule.goods, true);
      if (lines.length === 0) return notMet('activities.reason.noGoodsInScope');
      const base = pointsOf(sumCents(lines), facts.defaultCentsPerPoint);
      return pointsAward(Math.floor((base * rule.multipleTenths) / 10) - base, 'activities.reason.noPoints');
    },
  },
);
