DROP INDEX "coupon_templates_pickup_goods_ref";--> statement-breakpoint
DROP INDEX "coupon_templates_exchange_goods_ref";--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "validity" jsonb;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "usable_times" jsonb;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "stacking" jsonb;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "rule" jsonb;--> statement-breakpoint
-- Each line type's value fields move from their columns into the one jsonb rule
-- (resources/coupons/coupon-template.resource.ts LINE_TYPE_RULES), under the names the API used;
-- money and rates as exact text, as the object kind stores them; the goods a pick-up or exchange
-- coupon names as their ids (relation members, held by the rule's GIN index). The validity, the
-- usable times and the stacking options move into one object each, a date range as its two
-- members (validDatesFrom / validDatesTo).
UPDATE "coupon_templates" SET "rule" = CASE "line_type"
  WHEN 'all_cash' THEN jsonb_build_object('cashValue', "cash_value"::text)
  WHEN 'goods_cash' THEN jsonb_build_object('goodsCashValue', "goods_cash_value"::text)
  WHEN 'all_discount' THEN jsonb_build_object('allDiscountRate', "all_discount_rate"::text, 'allDiscountCap', "all_discount_cap"::text)
  WHEN 'goods_discount' THEN jsonb_build_object('goodsDiscountRate', "goods_discount_rate"::text, 'goodsDiscountCap', "goods_discount_cap"::text)
  WHEN 'rfm_type' THEN jsonb_build_object('rfmDiscountRate', "rfm_discount_rate"::text, 'rfmDiscountCap', "rfm_discount_cap"::text, 'rfmSegments', to_jsonb("rfm_segments"))
  WHEN 'goods' THEN jsonb_build_object('pickupGoods', "pickup_goods", 'pickupQuantity', coalesce("pickup_quantity", 1))
  WHEN 'freight' THEN jsonb_build_object('freightCap', "freight_cap"::text)
  WHEN 'random_cash' THEN jsonb_build_object('randomMin', "random_min"::text, 'randomMax', "random_max"::text, 'randomDistribution', coalesce("random_distribution", 'UNIFORM'))
  WHEN 'exchange_goods' THEN jsonb_build_object('exchangeGoods', "exchange_goods", 'exchangePrice', "exchange_price"::text)
  WHEN 'points' THEN jsonb_build_object('pointsValue', "points_value")
  WHEN 'special_price' THEN jsonb_build_object('specialPrice', "special_price"::text, 'specialQuantity', coalesce("special_quantity", 1))
END,
"validity" = CASE "validity_mode"
  WHEN 'FIXED' THEN jsonb_build_object('validityMode', 'FIXED', 'validDatesFrom', "valid_dates_from"::text, 'validDatesTo', "valid_dates_to"::text)
  ELSE jsonb_build_object('validityMode', 'RELATIVE', 'validDays', "valid_days", 'delayDays', coalesce("delay_days", 0))
END,
"usable_times" = CASE WHEN "weekdays" IS NULL AND "day_start" IS NULL AND "day_end" IS NULL THEN NULL
  ELSE jsonb_build_object('weekdays', to_jsonb("weekdays"), 'dayStart', "day_start", 'dayEnd', "day_end")
END,
"stacking" = jsonb_build_object('stackWithCoupons', coalesce("stack_with_coupons", false), 'stackWithPoints', coalesce("stack_with_points", true));--> statement-breakpoint
ALTER TABLE "coupon_templates" ALTER COLUMN "validity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_templates" ALTER COLUMN "stacking" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "coupon_templates_rule_ref" ON "coupon_templates" USING gin ("tenant_id","rule" jsonb_path_ops);--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "validity_mode";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "valid_dates_from";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "valid_dates_to";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "valid_days";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "delay_days";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "weekdays";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "day_start";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "day_end";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "stack_with_coupons";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "stack_with_points";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "cash_value";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "goods_cash_value";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "all_discount_rate";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "all_discount_cap";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "goods_discount_rate";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "goods_discount_cap";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "rfm_discount_rate";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "rfm_discount_cap";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "rfm_segments";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "pickup_goods";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "pickup_quantity";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "freight_cap";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "random_min";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "random_max";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "random_distribution";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "exchange_goods";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "exchange_price";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "points_value";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "special_price";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "special_quantity";