ALTER TABLE "batch_operations" ADD COLUMN "coupon_template" bigint;--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "coupon_count" integer DEFAULT 1;--> statement-breakpoint
CREATE INDEX "batch_operations_coupon_template_ref" ON "batch_operations" USING btree ("tenant_id","coupon_template");