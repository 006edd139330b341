/**
 * Every activity kind, in menu order. Adding a kind is one file here (its rule fields and
 * screens), one line below, its screens in the catalogue entry and its evaluation function in
 * server/modules/activities.
 */
import type { ActivityKindDecl } from '../activity-kind';
import { activateGiftKind } from './activate-gift.kind';
import { amountExtraPointsKind } from './amount-extra-points.kind';
import { basicPointsKind } from './basic-points.kind';
import { birthdayGiftKind } from './birthday-gift.kind';
import { goodsAmountCouponKind } from './goods-amount-coupon.kind';
import { goodsAmountGiftKind } from './goods-amount-gift.kind';
import { goodsGroupQtyExtraPointsKind } from './goods-group-qty-extra-points.kind';
import { goodsQtyCouponKind } from './goods-qty-coupon.kind';
import { inviteGiftKind } from './invite-gift.kind';
import { nonPointsGoodsKind } from './non-points-goods.kind';
import { pointsAsCashKind } from './points-as-cash.kind';
import { pointsSpeedKind } from './points-speed.kind';
import { qtyExtraPointsKind } from './qty-extra-points.kind';
import { registerGiftKind } from './register-gift.kind';
import { scoreDoublingKind } from './score-doubling.kind';
import { scoreExchangeGoodsKind } from './score-exchange-goods.kind';
import { scoreGainCouponKind } from './score-gain-coupon.kind';
import { upgradeGiftKind } from './upgrade-gift.kind';
import { useCouponSendCouponKind } from './use-coupon-send-coupon.kind';

export const ACTIVITY_KINDS: readonly ActivityKindDecl[] = [
  basicPointsKind,
  nonPointsGoodsKind,
  pointsSpeedKind,
  scoreDoublingKind,
  amountExtraPointsKind,
  qtyExtraPointsKind,
  goodsGroupQtyExtraPointsKind,
  goodsAmountCouponKind,
  goodsAmountGiftKind,
  goodsQtyCouponKind,
  useCouponSendCouponKind,
  pointsAsCashKind,
  scoreGainCouponKind,
  scoreExchangeGoodsKind,
  birthdayGiftKind,
  registerGiftKind,
  activateGiftKind,
  inviteGiftKind,
  upgradeGiftKind,
];

/** A kind's declaration by its stored value. */
export function activityKind(value: string): ActivityKindDecl | undefined {
  return ACTIVITY_KINDS.find((k) => k.value === value);
}
