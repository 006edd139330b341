import { defineActivityKind } from '../activity-kind';

/** Listed goods earn no points (applied to the basket before every points kind). */
export const nonPointsGoodsKind = defineActivityKind({
  value: 'NON_POINTS_GOODS',
  family: 'COUPON_ACTIVE',
  trigger: 'sale',
  title: ['不积分商品规则', 'No-points goods rule'],
  screens: { add: 'non-points-goods-add', edit: 'non-points-goods-add', dtl: 'non-points-goods-dtl' },
  parts: ['goods', 'schedule'],
});
