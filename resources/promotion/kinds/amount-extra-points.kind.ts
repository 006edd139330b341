import { defineActivityKind } from '../activity-kind';
import { pointsLadder } from './ladders';

/** Extra points by amount: the highest step the goods counted reach gives its points. */
export const amountExtraPointsKind = defineActivityKind({
  value: 'AMOUNT_EXTRA_POINTS',
  family: 'COUPON_ACTIVE',
  trigger: 'sale',
  title: ['按金额加送积分规则', 'Extra points by amount rule'],
  screens: { add: 'amount-extra-points-add', edit: 'amount-extra-points-add', dtl: 'amount-extra-points-dtl' },
  parts: ['goods', 'schedule'],
  rule: { amountLadder: pointsLadder('amount') },
});
