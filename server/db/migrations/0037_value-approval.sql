CREATE TABLE "value_approval_settings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "value_approval_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"stored_value_threshold" numeric(14, 2) DEFAULT '10000.00' NOT NULL,
	"card_value_threshold" numeric(14, 2) DEFAULT '10000.00' NOT NULL,
	"points_threshold" integer DEFAULT 10000 NOT NULL,
	CONSTRAINT "value_approval_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "value_makers" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "imprest_card_sale_bills" ADD COLUMN "value_makers" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "prepay_card_adjusts" ADD COLUMN "value_makers" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "prepay_card_pays" ADD COLUMN "value_makers" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "score_adjusts" ADD COLUMN "value_makers" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_value_adjusts" ADD COLUMN "value_makers" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_value_inits" ADD COLUMN "value_makers" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "value_approval_settings_singleton_uq" ON "value_approval_settings" USING btree ("tenant_id");--> statement-breakpoint
-- Hand-written: the thresholds saved before move onto the one rule (a tenant with neither saved keeps the defaults).
INSERT INTO "value_approval_settings" ("tenant_id", "stored_value_threshold", "points_threshold")
SELECT t.id, coalesce(s.adjust_approval_threshold, 10000.00), coalesce(b.dual_control_points, 10000)
FROM tenants t
LEFT JOIN store_value_settings s ON s.tenant_id = t.id
LEFT JOIN batch_operate_settings b ON b.tenant_id = t.id
WHERE s.tenant_id IS NOT NULL OR b.tenant_id IS NOT NULL;--> statement-breakpoint
-- Hand-written: documents drafted before keep their creator and last editor as makers (what the old rule knew).
UPDATE "batch_operations" SET "value_makers" = array_remove(ARRAY[created_by, CASE WHEN updated_by IS DISTINCT FROM created_by THEN updated_by END], NULL);--> statement-breakpoint
UPDATE "imprest_card_sale_bills" SET "value_makers" = array_remove(ARRAY[created_by, CASE WHEN updated_by IS DISTINCT FROM created_by THEN updated_by END], NULL);--> statement-breakpoint
UPDATE "prepay_card_adjusts" SET "value_makers" = array_remove(ARRAY[created_by, CASE WHEN updated_by IS DISTINCT FROM created_by THEN updated_by END], NULL);--> statement-breakpoint
UPDATE "prepay_card_pays" SET "value_makers" = array_remove(ARRAY[created_by, CASE WHEN updated_by IS DISTINCT FROM created_by THEN updated_by END], NULL);--> statement-breakpoint
UPDATE "score_adjusts" SET "value_makers" = array_remove(ARRAY[created_by, CASE WHEN updated_by IS DISTINCT FROM created_by THEN updated_by END], NULL);--> statement-breakpoint
UPDATE "store_value_adjusts" SET "value_makers" = array_remove(ARRAY[created_by, CASE WHEN updated_by IS DISTINCT FROM created_by THEN updated_by END], NULL);--> statement-breakpoint
UPDATE "store_value_inits" SET "value_makers" = array_remove(ARRAY[created_by, CASE WHEN updated_by IS DISTINCT FROM created_by THEN updated_by END], NULL);--> statement-breakpoint
ALTER TABLE "batch_operate_settings" DROP COLUMN "dual_control_points";--> statement-breakpoint
ALTER TABLE "store_value_settings" DROP COLUMN "adjust_approval_threshold";