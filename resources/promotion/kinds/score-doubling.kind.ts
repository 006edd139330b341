import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';

/** Points doubling on the goods counted. */
export const scoreDoublingKind = defineActivityKind({
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
});
