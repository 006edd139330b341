DROP INDEX "areas_code_idx";--> statement-breakpoint
DROP INDEX "batch_operations_number_idx";--> statement-breakpoint
DROP INDEX "brands_code_idx";--> statement-breakpoint
DROP INDEX "brands_name_idx";--> statement-breakpoint
DROP INDEX "categories_code_idx";--> statement-breakpoint
DROP INDEX "channels_code_idx";--> statement-breakpoint
DROP INDEX "channels_name_idx";--> statement-breakpoint
DROP INDEX "cost_parties_code_idx";--> statement-breakpoint
DROP INDEX "cost_parties_name_idx";--> statement-breakpoint
DROP INDEX "employees_code_idx";--> statement-breakpoint
DROP INDEX "member_levels_name_idx";--> statement-breakpoint
DROP INDEX "marketing_centers_code_idx";--> statement-breakpoint
DROP INDEX "marketing_centers_name_idx";--> statement-breakpoint
DROP INDEX "paid_level_orders_number_idx";--> statement-breakpoint
DROP INDEX "products_code_idx";--> statement-breakpoint
DROP INDEX "score_adjusts_number_idx";--> statement-breakpoint
DROP INDEX "score_adjust_reasons_code_idx";--> statement-breakpoint
DROP INDEX "score_adjust_reasons_name_idx";--> statement-breakpoint
DROP INDEX "stores_code_idx";--> statement-breakpoint
ALTER TABLE "areas" ALTER COLUMN "state" SET DEFAULT 'NORMAL';--> statement-breakpoint
ALTER TABLE "batch_operations" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_operations" ALTER COLUMN "operation" SET DEFAULT 'freeze';--> statement-breakpoint
ALTER TABLE "batch_operations" ALTER COLUMN "selection_mode" SET DEFAULT 'picked';--> statement-breakpoint
ALTER TABLE "batch_operations" ALTER COLUMN "member_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "batch_operations" ALTER COLUMN "succeeded_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "batch_operations" ALTER COLUMN "failed_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "batch_operations" ALTER COLUMN "processed_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "batch_operations" ALTER COLUMN "state" SET DEFAULT 'INITIAL';--> statement-breakpoint
ALTER TABLE "batch_operations_lines" ALTER COLUMN "result" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "card_templates" ALTER COLUMN "rechargeable" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "card_templates" ALTER COLUMN "validity_type" SET DEFAULT 'MONTHS';--> statement-breakpoint
ALTER TABLE "card_templates" ALTER COLUMN "validity_months" SET DEFAULT 12;--> statement-breakpoint
ALTER TABLE "card_templates" ALTER COLUMN "card_number_length" SET DEFAULT 16;--> statement-breakpoint
ALTER TABLE "card_templates" ALTER COLUMN "state" SET DEFAULT 'DRAFT';--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "sort_order" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "channels" ALTER COLUMN "enabled" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "cost_parties" ALTER COLUMN "settlement_ratio" SET DEFAULT '100';--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "state" SET DEFAULT 'ACTIVE';--> statement-breakpoint
ALTER TABLE "grow_value_rules" ALTER COLUMN "per_transaction_cap" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "grow_value_rules" ALTER COLUMN "daily_cap" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "grow_value_rules" ALTER COLUMN "state" SET DEFAULT 'ENABLED';--> statement-breakpoint
ALTER TABLE "grow_value_settings" ALTER COLUMN "validity_mode" SET DEFAULT 'FOREVER';--> statement-breakpoint
ALTER TABLE "grow_value_settings" ALTER COLUMN "validity_months" SET DEFAULT 12;--> statement-breakpoint
ALTER TABLE "grow_value_settings" ALTER COLUMN "reset_policy" SET DEFAULT 'NEVER';--> statement-breakpoint
ALTER TABLE "member_levels" ALTER COLUMN "points_multiplier" SET DEFAULT '1';--> statement-breakpoint
ALTER TABLE "member_levels" ALTER COLUMN "discount" SET DEFAULT '1';--> statement-breakpoint
ALTER TABLE "member_levels" ALTER COLUMN "free_parking_hours" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "member_levels" ALTER COLUMN "state" SET DEFAULT 'ENABLED';--> statement-breakpoint
ALTER TABLE "level_materials" ALTER COLUMN "sort_order" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "level_valuate_rules" ALTER COLUMN "mode" SET DEFAULT 'REALTIME';--> statement-breakpoint
ALTER TABLE "level_valuate_rules" ALTER COLUMN "monthly_day" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "level_valuate_rules" ALTER COLUMN "can_downgrade" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "level_valuate_rules" ALTER COLUMN "protection_months" SET DEFAULT 12;--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "gender" SET DEFAULT 'unknown';--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "birthday_type" SET DEFAULT 'solar';--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "channel" SET DEFAULT 'store';--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "growth_value" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "profile" SET DEFAULT 'standard';--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "state" SET DEFAULT 'using';--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "state" SET DEFAULT 'ON_SALE';--> statement-breakpoint
ALTER TABLE "score_adjusts" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "score_adjusts" ALTER COLUMN "state" SET DEFAULT 'INITIAL';--> statement-breakpoint
ALTER TABLE "score_adjust_reasons" ALTER COLUMN "direction" SET DEFAULT 'both';--> statement-breakpoint
ALTER TABLE "score_adjust_reasons" ALTER COLUMN "enabled" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "state" SET DEFAULT 'OPEN';--> statement-breakpoint
ALTER TABLE "upgrade_incentives" ALTER COLUMN "points" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "upgrade_incentives" ALTER COLUMN "state" SET DEFAULT 'ENABLED';--> statement-breakpoint
CREATE INDEX "points_entries_store_idx" ON "points_entries" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE INDEX "sales_transactions_store_idx" ON "sales_transactions" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE INDEX "batch_operations_target_level_ref" ON "batch_operations" USING btree ("tenant_id","target_level");--> statement-breakpoint
CREATE INDEX "batch_operations_filter_level_ref" ON "batch_operations" USING btree ("tenant_id","filter_level");--> statement-breakpoint
CREATE INDEX "batch_operations_filter_store_ref" ON "batch_operations" USING btree ("tenant_id","filter_store");--> statement-breakpoint
CREATE INDEX "card_templates_stores_ref" ON "card_templates" USING gin ("tenant_id","stores");--> statement-breakpoint
CREATE INDEX "member_levels_suit_stores_ref" ON "member_levels" USING gin ("tenant_id","suit_stores");