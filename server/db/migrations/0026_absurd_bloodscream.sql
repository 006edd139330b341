CREATE TABLE "store_value_adjusts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_value_adjusts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"store" bigint,
	"total_principal" numeric(14, 2),
	"total_gift" numeric(14, 2),
	"absolute_total" numeric(14, 2),
	"line_count" integer,
	"state" text DEFAULT 'INITIAL',
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "store_value_adjusts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_value_adjusts_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"member" bigint NOT NULL,
	"principal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"gift" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reason" bigint NOT NULL,
	"remark" text,
	CONSTRAINT "store_value_adjusts_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "store_value_adjust_reasons" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_value_adjust_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"direction" text DEFAULT 'both' NOT NULL,
	"enabled" boolean DEFAULT true,
	"remark" text,
	CONSTRAINT "store_value_adjust_reasons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_value_inits" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_value_inits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"store" bigint,
	"member" bigint NOT NULL,
	"principal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"gift" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(14, 2),
	"state" text DEFAULT 'INITIAL',
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "store_value_inits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "value_principal" numeric(14, 2) DEFAULT '0';--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "value_gift" numeric(14, 2) DEFAULT '0';--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_adjusts_number_uq" ON "store_value_adjusts" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_number_trgm" ON "store_value_adjusts" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_adjusts_number_prefix" ON "store_value_adjusts" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_store_idx" ON "store_value_adjusts" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_total_principal_idx" ON "store_value_adjusts" USING btree ("tenant_id","total_principal","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_total_gift_idx" ON "store_value_adjusts" USING btree ("tenant_id","total_gift","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_absolute_total_idx" ON "store_value_adjusts" USING btree ("tenant_id","absolute_total","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_state_idx" ON "store_value_adjusts" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_audited_at_idx" ON "store_value_adjusts" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_lines_member_idx" ON "store_value_adjusts_lines" USING btree ("tenant_id","member");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_lines_reason_idx" ON "store_value_adjusts_lines" USING btree ("tenant_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_adjust_reasons_code_uq" ON "store_value_adjust_reasons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_code_trgm" ON "store_value_adjust_reasons" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_code_prefix" ON "store_value_adjust_reasons" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_adjust_reasons_name_uq" ON "store_value_adjust_reasons" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_name_trgm" ON "store_value_adjust_reasons" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_direction_idx" ON "store_value_adjust_reasons" USING btree ("tenant_id","direction","id");--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_enabled_idx" ON "store_value_adjust_reasons" USING btree ("tenant_id","enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_inits_number_uq" ON "store_value_inits" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "store_value_inits_number_trgm" ON "store_value_inits" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_inits_number_prefix" ON "store_value_inits" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "store_value_inits_store_idx" ON "store_value_inits" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_inits_member_uq" ON "store_value_inits" USING btree ("tenant_id","member");--> statement-breakpoint
CREATE INDEX "store_value_inits_principal_idx" ON "store_value_inits" USING btree ("tenant_id","principal","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_gift_idx" ON "store_value_inits" USING btree ("tenant_id","gift","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_balance_idx" ON "store_value_inits" USING btree ("tenant_id","balance","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_state_idx" ON "store_value_inits" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_audited_at_idx" ON "store_value_inits" USING btree ("tenant_id","audited_at","id");