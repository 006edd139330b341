CREATE TABLE "score_adjusts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "score_adjusts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text,
	"store" bigint,
	"total_points" integer,
	"line_count" integer,
	"state" text,
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "score_adjusts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "score_adjusts_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"member" bigint NOT NULL,
	"points" integer NOT NULL,
	"reason" bigint NOT NULL,
	"remark" text,
	CONSTRAINT "score_adjusts_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "score_adjust_reasons" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "score_adjust_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"direction" text NOT NULL,
	"enabled" boolean,
	"remark" text,
	CONSTRAINT "score_adjust_reasons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "score_adjusts_number_uq" ON "score_adjusts" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "score_adjusts_number_trgm" ON "score_adjusts" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "score_adjusts_number_prefix" ON "score_adjusts" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "score_adjusts_number_idx" ON "score_adjusts" USING btree ("tenant_id","number","id");--> statement-breakpoint
CREATE INDEX "score_adjusts_store_idx" ON "score_adjusts" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "score_adjusts_total_points_idx" ON "score_adjusts" USING btree ("tenant_id","total_points","id");--> statement-breakpoint
CREATE INDEX "score_adjusts_state_idx" ON "score_adjusts" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "score_adjusts_audited_at_idx" ON "score_adjusts" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "score_adjusts_lines_reason_idx" ON "score_adjusts_lines" USING btree ("tenant_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "score_adjust_reasons_code_uq" ON "score_adjust_reasons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "score_adjust_reasons_code_trgm" ON "score_adjust_reasons" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "score_adjust_reasons_code_prefix" ON "score_adjust_reasons" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "score_adjust_reasons_code_idx" ON "score_adjust_reasons" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_adjust_reasons_name_uq" ON "score_adjust_reasons" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "score_adjust_reasons_name_trgm" ON "score_adjust_reasons" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "score_adjust_reasons_name_idx" ON "score_adjust_reasons" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "score_adjust_reasons_direction_idx" ON "score_adjust_reasons" USING btree ("tenant_id","direction","id");--> statement-breakpoint
CREATE INDEX "score_adjust_reasons_enabled_idx" ON "score_adjust_reasons" USING btree ("tenant_id","enabled","id");