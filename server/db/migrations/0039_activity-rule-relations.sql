-- The reward, the weekdays and priority, and the kinds' relations move from their columns into
-- each kind's jsonb rule (issue 23 item 3: relation members inside an object are checked, named
-- and hold their records like relation fields). Names as the API uses them; ids as JSON numbers,
-- id and weekday lists as JSON arrays. The reward goes to the kinds using the reward part, the
-- weekdays and priority to those using the schedule part (the sale kinds). What lists filter on
-- (birthday_gives, exclusive_group, the goods counted) stays a column.
UPDATE "activities" SET "rule" = coalesce("rule", '{}'::jsonb)
  || CASE WHEN "kind" IN ('GOODS_AMOUNT_COUPON', 'GOODS_QTY_COUPON', 'USE_COUPON_SEND_COUPON', 'SCORE_GAIN_COUPON', 'BIRTHDAY_GIFT', 'REGISTER_GIFT', 'ACTIVATE_GIFT', 'INVITE_GIFT', 'UPGRADE_GIFT')
       THEN jsonb_build_object('rewardPoints', "reward_points", 'rewardCouponTemplate', "reward_coupon_template", 'rewardCouponCount', "reward_coupon_count")
       ELSE '{}'::jsonb END
  || CASE WHEN "kind" IN ('BASIC_POINTS', 'NON_POINTS_GOODS', 'POINTS_SPEED', 'SCORE_DOUBLING', 'AMOUNT_EXTRA_POINTS', 'QTY_EXTRA_POINTS', 'GOODS_GROUP_QTY_EXTRA_POINTS', 'GOODS_AMOUNT_COUPON', 'GOODS_AMOUNT_GIFT', 'GOODS_QTY_COUPON', 'USE_COUPON_SEND_COUPON', 'POINTS_AS_CASH')
       THEN jsonb_build_object('weekdays', to_jsonb("weekdays"), 'priority', "priority")
       ELSE '{}'::jsonb END
  || CASE "kind"
       WHEN 'GOODS_AMOUNT_GIFT' THEN jsonb_build_object('giftGoods', "gift_goods")
       WHEN 'SCORE_EXCHANGE_GOODS' THEN jsonb_build_object('exchangeGoods', "exchange_goods")
       WHEN 'USE_COUPON_SEND_COUPON' THEN jsonb_build_object('usedCouponTemplates', to_jsonb("used_coupon_templates"))
       WHEN 'INVITE_GIFT' THEN jsonb_build_object('inviteeCouponTemplate', "invitee_coupon_template")
       WHEN 'UPGRADE_GIFT' THEN jsonb_build_object('upgradeToLevels', to_jsonb("upgrade_to_levels"))
       ELSE '{}'::jsonb END;--> statement-breakpoint
DROP INDEX "activities_reward_coupon_template_ref";--> statement-breakpoint
DROP INDEX "activities_priority_idx";--> statement-breakpoint
DROP INDEX "activities_gift_goods_ref";--> statement-breakpoint
DROP INDEX "activities_used_coupon_templates_ref";--> statement-breakpoint
DROP INDEX "activities_exchange_goods_ref";--> statement-breakpoint
DROP INDEX "activities_invitee_coupon_template_ref";--> statement-breakpoint
DROP INDEX "activities_upgrade_to_levels_ref";--> statement-breakpoint
CREATE INDEX "activities_rule_ref" ON "activities" USING gin ("tenant_id","rule" jsonb_path_ops);--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "reward_points";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "reward_coupon_template";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "reward_coupon_count";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "weekdays";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "priority";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "gift_goods";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "used_coupon_templates";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "exchange_goods";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "invitee_coupon_template";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "upgrade_to_levels";