ALTER TABLE "imprest_card_sale_bills" ADD COLUMN "activity" bigint;--> statement-breakpoint
ALTER TABLE "imprest_card_sale_bills" ADD COLUMN "activity_name" text;--> statement-breakpoint
ALTER TABLE "imprest_card_sale_bills" ADD COLUMN "activity_discount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "imprest_card_sale_bills" ADD COLUMN "bonus_template" bigint;--> statement-breakpoint
ALTER TABLE "imprest_card_sale_bills" ADD COLUMN "bonus_cards" integer;--> statement-breakpoint
ALTER TABLE "imprest_card_sale_bills" ADD COLUMN "bonus_face" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "imprest_card_sale_bills_lines" ADD COLUMN "activity_name" text;--> statement-breakpoint
ALTER TABLE "imprest_card_sale_bills_lines" ADD COLUMN "activity_discount" numeric(14, 2);--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_activity_ref" ON "imprest_card_sale_bills" USING btree ("tenant_id","activity");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_bonus_template_ref" ON "imprest_card_sale_bills" USING btree ("tenant_id","bonus_template");