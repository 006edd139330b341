ALTER TABLE "activities" ADD COLUMN "rule" jsonb;--> statement-breakpoint
-- Each kind's own rule fields move from their columns into the one jsonb rule (resources/promotion/
-- kinds: `rule`), under the same names as the API used; money and decimals as exact text, as the
-- object kind stores them. Relations and what lists filter on stay columns. Kinds without rule
-- members keep null.
UPDATE "activities" SET "rule" = CASE "kind"
  WHEN 'BASIC_POINTS' THEN jsonb_build_object('yuanPerPoint', "yuan_per_point"::text)
  WHEN 'POINTS_SPEED' THEN jsonb_build_object('speedMultiple', "speed_multiple"::text)
  WHEN 'SCORE_DOUBLING' THEN jsonb_build_object('doublingMultiple', "doubling_multiple"::text)
  WHEN 'AMOUNT_EXTRA_POINTS' THEN jsonb_build_object('amountLadder', "amount_ladder")
  WHEN 'QTY_EXTRA_POINTS' THEN jsonb_build_object('quantityLadder', "quantity_ladder")
  WHEN 'GOODS_GROUP_QTY_EXTRA_POINTS' THEN jsonb_build_object('groupEveryQuantity', "group_every_quantity", 'groupPoints', "group_points", 'groupMaxTimes', "group_max_times")
  WHEN 'GOODS_AMOUNT_COUPON' THEN jsonb_build_object('couponThresholdAmount', "coupon_threshold_amount"::text, 'couponAmountRepeat', "coupon_amount_repeat")
  WHEN 'GOODS_AMOUNT_GIFT' THEN jsonb_build_object('giftThresholdAmount', "gift_threshold_amount"::text, 'giftQuantity', "gift_quantity")
  WHEN 'GOODS_QTY_COUPON' THEN jsonb_build_object('couponThresholdQuantity', "coupon_threshold_quantity", 'couponQuantityRepeat', "coupon_quantity_repeat")
  WHEN 'POINTS_AS_CASH' THEN jsonb_build_object('cashPointsPerYuan', "cash_points_per_yuan", 'cashMaxSharePercent', "cash_max_share_percent", 'cashMaxPointsPerOrder', "cash_max_points_per_order", 'cashMinOrderAmount', "cash_min_order_amount"::text)
  WHEN 'SCORE_GAIN_COUPON' THEN jsonb_build_object('couponPointsCost', "coupon_points_cost")
  WHEN 'SCORE_EXCHANGE_GOODS' THEN jsonb_build_object('goodsPointsCost', "goods_points_cost", 'exchangeQuantity', "exchange_quantity")
  WHEN 'BIRTHDAY_GIFT' THEN jsonb_build_object('birthdayDaysBefore', "birthday_days_before")
  WHEN 'INVITE_GIFT' THEN jsonb_build_object('inviteePoints', "invitee_points", 'inviteeCouponCount', "invitee_coupon_count")
END;--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "yuan_per_point";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "speed_multiple";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "doubling_multiple";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "amount_ladder";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "quantity_ladder";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "group_every_quantity";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "group_points";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "group_max_times";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "coupon_threshold_amount";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "coupon_amount_repeat";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "gift_threshold_amount";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "gift_quantity";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "coupon_threshold_quantity";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "coupon_quantity_repeat";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "cash_points_per_yuan";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "cash_max_share_percent";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "cash_max_points_per_order";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "cash_min_order_amount";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "coupon_points_cost";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "goods_points_cost";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "exchange_quantity";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "birthday_days_before";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "invitee_points";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "invitee_coupon_count";