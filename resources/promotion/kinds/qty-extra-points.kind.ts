import { defineActivityKind } from '../activity-kind';
import { pointsLadder } from './ladders';

/** Extra points by quantity: the highest step the units of goods counted reach gives its points. */
export const qtyExtraPointsKind = defineActivityKind({
  value: 'QTY_EXTRA_POINTS',
  family: 'COUPON_ACTIVE',
  trigger: 'sale',
  title: ['按数量加送积分规则', 'Extra points by quantity rule'],
  screens: { add: 'qty-extra-points-add', edit: 'qty-extra-points-add', dtl: 'qty-extra-points-dtl' },
  parts: ['goods', 'schedule'],
  rule: { quantityLadder: pointsLadder('quantity') },
});
