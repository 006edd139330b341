ALTER TABLE "batch_operations" ADD COLUMN "coupon_worth" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "coupon_points" integer;--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "coupon_gives_points" boolean;--> statement-breakpoint
ALTER TABLE "value_approval_settings" ADD COLUMN "coupon_value_threshold" numeric(14, 2) DEFAULT '10000.00' NOT NULL;--> statement-breakpoint
-- Hand-written: a coupon grant drafted before coupons counted as value has no measure; it counts as unbounded (a second person audits it) until it is saved again, which measures it.
UPDATE "batch_operations" SET "coupon_worth" = 99999999.99, "coupon_points" = 0, "coupon_gives_points" = false
WHERE "operation" = 'grantCoupon' AND "state" = 'INITIAL';
