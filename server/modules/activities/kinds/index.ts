import type { SaleKind, SaleKindEvaluate } from '../activity.contract';
import { qtyExtraPoints } from './qty-extra-points';
import { amountExtraPoints } from './amount-extra-points';
import { basicPoints } from './basic-points';
import { goodsAmountCoupon } from './goods-amount-coupon';
import { goodsAmountGift } from './goods-amount-gift';
import { goodsGroupQtyExtraPoints } from './goods-group-qty-extra-points';
import { goodsQtyCoupon } from './goods-qty-coupon';
import { nonPointsGoods } from './non-points-goods';
import { pointsAsCash } from './points-as-cash';
import { pointsSpeed } from './points-speed';
import { scoreDoubling } from './score-doubling';
import { useCouponSendCoupon } from './use-coupon-send-coupon';

/** The pure evaluation of every sale kind (activity.contract.ts SALE_KINDS): the type makes a missing kind a compile error. */
export const SALE_KIND_EVALUATORS: Readonly<Record<SaleKind, SaleKindEvaluate>> = {
  BASIC_POINTS: basicPoints,
  NON_POINTS_GOODS: nonPointsGoods,
  POINTS_SPEED: pointsSpeed,
  SCORE_DOUBLING: scoreDoubling,
  AMOUNT_EXTRA_POINTS: amountExtraPoints,
  QTY_EXTRA_POINTS: qtyExtraPoints,
  GOODS_GROUP_QTY_EXTRA_POINTS: goodsGroupQtyExtraPoints,
  GOODS_AMOUNT_COUPON: goodsAmountCoupon,
  GOODS_AMOUNT_GIFT: goodsAmountGift,
  GOODS_QTY_COUPON: goodsQtyCoupon,
  USE_COUPON_SEND_COUPON: useCouponSendCoupon,
  POINTS_AS_CASH: pointsAsCash,
};

export { markNonPointsGoods } from './non-points-goods';
export { checkPointsAsCash } from './points-as-cash';
