CREATE TABLE "code_reconciliation_rows" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "code_reconciliation_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reconciliation_id" bigint NOT NULL,
	"activity_id" bigint NOT NULL,
	"category" text NOT NULL,
	"difference" text,
	"code" text NOT NULL,
	"partner_row" integer,
	"partner_redeemed_at" timestamp (3) with time zone,
	"partner_store" text,
	"partner_amount" numeric(14, 2),
	"our_state" text,
	"our_redeemed_at" timestamp (3) with time zone,
	"our_store_id" bigint,
	"our_amount" numeric(14, 2),
	CONSTRAINT "code_reconciliation_rows_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "code_reconciliations" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "code_reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"period_from" timestamp (3) with time zone NOT NULL,
	"period_to" timestamp (3) with time zone NOT NULL,
	"task_id" bigint,
	"created_by" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_reconciliations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupon_code_batches" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coupon_code_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" bigint NOT NULL,
	"issuer" text NOT NULL,
	"settlement_price" numeric(14, 2) NOT NULL,
	"file_name" text NOT NULL,
	"code_count" integer NOT NULL,
	"task_id" bigint,
	"created_by" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_code_batches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "file_tasks" ADD COLUMN "problems" jsonb;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
CREATE INDEX "code_reconciliation_rows_reconciliation" ON "code_reconciliation_rows" USING btree ("tenant_id","reconciliation_id","id");--> statement-breakpoint
CREATE INDEX "code_reconciliation_rows_activity" ON "code_reconciliation_rows" USING btree ("tenant_id","activity_id","id");--> statement-breakpoint
CREATE INDEX "code_reconciliations_activity" ON "code_reconciliations" USING btree ("tenant_id","activity_id","id");--> statement-breakpoint
CREATE INDEX "coupon_code_batches_activity" ON "coupon_code_batches" USING btree ("tenant_id","activity_id","id");--> statement-breakpoint
CREATE INDEX "coupon_codes_batch" ON "coupon_codes" USING btree ("tenant_id","batch_id");