ALTER TABLE "value_accounts" ADD COLUMN "member_number" text;--> statement-breakpoint
ALTER TABLE "value_accounts" ADD COLUMN "member_name" text;--> statement-breakpoint
ALTER TABLE "value_accounts" ADD COLUMN "mobile" text;--> statement-breakpoint
CREATE INDEX "value_accounts_member_number_trgm" ON "value_accounts" USING gin ("tenant_id","member_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "value_accounts_member_number_prefix" ON "value_accounts" USING btree ("tenant_id","member_number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "value_accounts_member_name_trgm" ON "value_accounts" USING gin ("tenant_id","member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "value_accounts_mobile_prefix" ON "value_accounts" USING btree ("tenant_id","mobile" text_pattern_ops,"id");