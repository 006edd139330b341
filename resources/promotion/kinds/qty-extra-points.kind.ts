import { defineSaleKind } from '../activity-kind';
import { pointsLadder } from './ladders';
import { fired, notMet, reachedTier, scopedLines, sumQuantity } from './goods-scope';
import { tiersOf } from './rule-reading';

/** Extra points by quantity: the highest step the units of goods counted reach gives its points. */
export const qtyExtraPointsKind = defineSaleKind(
  {
    value: 'QTY_EXTRA_POINTS',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['按数量加送积分规则', 'Extra points by quantity rule'],
    screens: { add: 'qty-extra-points-add', edit: 'qty-extra-points-add', dtl: 'qty-extra-points-dtl' },
    parts: ['goods', 'schedule'],
    rule: { quantityLadder: pointsLadder('quantity') },
  },
  {
    read: (rule, { goods }) => ({ goods, tiers: tiersOf(rule.quantityLadder, 'quantity') }),
    // The quantity of the goods in scope that earn points reaches a tier; the highest tier reached gives its points.
    evaluate: (rule, { basket }) => {
      const quantity = sumQuantity(scopedLines(basket, rule.goods, true));
      const tier = reachedTier(rule.tiers, BigInt(quantity));
      if (!tier || tier.points <= 0) return notMet('activities.reason.quantityBelow', { quantity });
      return fired([{ type: 'points', points: tier.points }]);
    },
  },
);
