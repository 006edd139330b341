import { defineSaleKind } from '../activity-kind';
import type { BasketLine, RuleOf } from '../activity-engine';
import { fired, inGoodsScope, notMet } from './goods-scope';

/** The basket with the lines this rule names marked as earning no points (before any points kind). */
export function markNonPointsGoods(rule: RuleOf<'NON_POINTS_GOODS'>, basket: readonly BasketLine[]): BasketLine[] {
  return basket.map((line) => (line.earnsPoints && inGoodsScope(line, rule.goods) ? { ...line, earnsPoints: false } : line));
}

/** Listed goods earn no points (applied to the basket before every points kind). */
export const nonPointsGoodsKind = defineSaleKind(
  {
    value: 'NON_POINTS_GOODS',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['不积分商品规则', 'No-points goods rule'],
    screens: { add: 'non-points-goods-add', edit: 'non-points-goods-add', dtl: 'non-points-goods-dtl' },
    parts: ['goods', 'schedule'],
  },
  {
    read: (_rule, { goods }) => ({ goods }),
    // Fires when the basket holds goods it names; it gives nothing itself (markNonPointsGoods applies it).
    evaluate: (rule, { basket }) =>
      basket.some((line) => inGoodsScope(line, rule.goods)) ? fired([]) : notMet('activities.reason.noGoodsInScope'),
  },
);
