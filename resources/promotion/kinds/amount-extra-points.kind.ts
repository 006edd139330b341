import { defineSaleKind } from '../activity-kind';
import { pointsLadder } from './ladders';
import { centsToString } from '../../money/cents';
import { fired, notMet, reachedTier, scopedLines, sumCents } from './goods-scope';
import { tiersOf } from './rule-reading';

/** Extra points by amount: the highest step the goods counted reach gives its points. */
export const amountExtraPointsKind = defineSaleKind(
  {
    value: 'AMOUNT_EXTRA_POINTS',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['按金额加送积分规则', 'Extra points by amount rule'],
    screens: { add: 'amount-extra-points-add', edit: 'amount-extra-points-add', dtl: 'amount-extra-points-dtl' },
    parts: ['goods', 'schedule'],
    rule: { amountLadder: pointsLadder('amount') },
  },
  {
    read: (rule, { goods }) => ({ goods, tiers: tiersOf(rule.amountLadder, 'amount') }),
    // The amount of the goods in scope that earn points reaches a tier; the highest tier reached gives its points.
    evaluate: (rule, { basket }) => {
      const amount = sumCents(scopedLines(basket, rule.goods, true));
      const tier = reachedTier(rule.tiers, amount);
      if (!tier || tier.points <= 0) return notMet('activities.reason.amountBelow', { amount: centsToString(amount) });
      return fired([{ type: 'points', points: tier.points }]);
    },
  },
);
