/**
 * Every activity kind, in menu order. Adding a kind: resources/promotion/README.md "Adding a kind".
 */
import type { ObjectValueOf } from '../../record-of';
import type { ActivityKindDecl } from '../activity-kind';
import { activateGiftKind } from './activate-gift.kind';
import { amountExtraPointsKind } from './amount-extra-points.kind';
import { basicPointsKind } from './basic-points.kind';
import { cardPayDiscountKind } from './card-pay-discount.kind';
import { cardPayReduceKind } from './card-pay-reduce.kind';
import { birthdayGiftKind } from './birthday-gift.kind';
import { giftCardActivityKind } from './gift-card-activity.kind';
import { groupCouponKind } from './group-coupon.kind';
import { goodsAmountCouponKind } from './goods-amount-coupon.kind';
import { goodsAmountGiftKind } from './goods-amount-gift.kind';
import { goodsGroupQtyExtraPointsKind } from './goods-group-qty-extra-points.kind';
import { goodsQtyCouponKind } from './goods-qty-coupon.kind';
import { miniProgramGainCouponKind } from './mini-program-gain-coupon.kind';
import { inviteGiftKind } from './invite-gift.kind';
import { nonPointsGoodsKind } from './non-points-goods.kind';
import { openScreenCouponKind } from './open-screen-coupon.kind';
import { pointsAsCashKind } from './points-as-cash.kind';
import { pointsSpeedKind } from './points-speed.kind';
import { prepayCardChargeGiftKind } from './prepay-card-charge-gift.kind';
import { qtyExtraPointsKind } from './qty-extra-points.kind';
import { registerGiftKind } from './register-gift.kind';
import { scoreDoublingKind } from './score-doubling.kind';
import { scoreExchangeGoodsKind } from './score-exchange-goods.kind';
import { scoreGainCouponKind } from './score-gain-coupon.kind';
import { storeValueActiveKind } from './store-value-active.kind';
import { thirdPartyIssueKind } from './third-party-issue.kind';
import { exportCodeKind } from './export-code.kind';
import { storeValuePayDiscountKind } from './store-value-pay-discount.kind';
import { storeValuePayReduceKind } from './store-value-pay-reduce.kind';
import { pushPlanKind } from './push-plan.kind';
import { userGroupGiftKind } from './user-group-gift.kind';
import { upgradeGiftKind } from './upgrade-gift.kind';
import { useCouponSendCouponKind } from './use-coupon-send-coupon.kind';
import { weiXinCouponKind } from './wei-xin-coupon.kind';

/** Every kind by its stored value, with its literal type: what the engine's typed rules derive from. */
export const KIND_DECLARATIONS = {
  BASIC_POINTS: basicPointsKind,
  NON_POINTS_GOODS: nonPointsGoodsKind,
  POINTS_SPEED: pointsSpeedKind,
  SCORE_DOUBLING: scoreDoublingKind,
  AMOUNT_EXTRA_POINTS: amountExtraPointsKind,
  QTY_EXTRA_POINTS: qtyExtraPointsKind,
  GOODS_GROUP_QTY_EXTRA_POINTS: goodsGroupQtyExtraPointsKind,
  GOODS_AMOUNT_COUPON: goodsAmountCouponKind,
  GOODS_AMOUNT_GIFT: goodsAmountGiftKind,
  GOODS_QTY_COUPON: goodsQtyCouponKind,
  USE_COUPON_SEND_COUPON: useCouponSendCouponKind,
  POINTS_AS_CASH: pointsAsCashKind,
  SCORE_GAIN_COUPON: scoreGainCouponKind,
  SCORE_EXCHANGE_GOODS: scoreExchangeGoodsKind,
  BIRTHDAY_GIFT: birthdayGiftKind,
  REGISTER_GIFT: registerGiftKind,
  ACTIVATE_GIFT: activateGiftKind,
  INVITE_GIFT: inviteGiftKind,
  UPGRADE_GIFT: upgradeGiftKind,
  STORE_VALUE_ACTIVE: storeValueActiveKind,
  PREPAY_CARD_CHARGE_GIFT: prepayCardChargeGiftKind,
  STORE_VALUE_PAY_REDUCE: storeValuePayReduceKind,
  STORE_VALUE_PAY_DISCOUNT: storeValuePayDiscountKind,
  CARD_PAY_REDUCE: cardPayReduceKind,
  CARD_PAY_DISCOUNT: cardPayDiscountKind,
  GIFT_CARD_ACTIVITY: giftCardActivityKind,
  GROUP_COUPON: groupCouponKind,
  THIRD_PARTY_ISSUE: thirdPartyIssueKind,
  EXPORT_CODE_SEND_COUPON: exportCodeKind,
  MINI_PROGRAM_GAIN_COUPON: miniProgramGainCouponKind,
  WEI_XIN_COUPON: weiXinCouponKind,
  OPEN_SCREEN_COUPON: openScreenCouponKind,
  USER_GROUP_GIFT: userGroupGiftKind,
  PUSH_PLAN: pushPlanKind,
} as const;

/** The stored value of a declared kind. */
export type DeclaredKind = keyof typeof KIND_DECLARATIONS;

/**
 * A kind's rule as stored (the `rule` jsonb, typed from the kind's declaration: a renamed or
 * retyped member changes this type); null for a kind without rule members.
 */
export type StoredRuleOf<K extends DeclaredKind> = (typeof KIND_DECLARATIONS)[K] extends { readonly rule: infer R }
  ? ObjectValueOf<R>
  : null;

// Each entry is keyed by its own value (a kind filed under another's value fails here).
const _keyedByValue: { readonly [K in DeclaredKind]: { readonly value: K } } = KIND_DECLARATIONS;
void _keyedByValue;

/** Every kind, in menu order. */
export const ACTIVITY_KINDS: readonly ActivityKindDecl[] = Object.values(KIND_DECLARATIONS);

/** A kind's declaration by its stored value. */
export function activityKind(value: string): ActivityKindDecl | undefined {
  return ACTIVITY_KINDS.find((k) => k.value === value);
}
