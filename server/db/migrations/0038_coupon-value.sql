ALTER TABLE "batch_operations" ADD COLUMN "coupon_worth" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "coupon_points" integer;--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "coupon_gives_points" boolean;--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "level_points" integer;--> statement-breakpoint
ALTER TABLE "value_approval_settings" ADD COLUMN "coupon_value_threshold" numeric(14, 2) DEFAULT '10000.00' NOT NULL;--> statement-breakpoint
-- Hand-written: grants drafted before coupons and level incentives counted as value have no measure. A coupon grant counts as unbounded (a second person audits it); both are measured again at the audit, and one whose measure differs must be saved again (batch.valueChanged).
UPDATE "batch_operations" SET "coupon_worth" = 99999999.99, "coupon_points" = 0, "coupon_gives_points" = false
WHERE "operation" = 'grantCoupon' AND "state" = 'INITIAL';--> statement-breakpoint
UPDATE "batch_operations" SET "level_points" = 0 WHERE "operation" = 'changeLevel' AND "state" = 'INITIAL';
