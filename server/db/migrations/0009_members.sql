CREATE TABLE "batch_operations" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "batch_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"remark" text,
	"number" text,
	"operation" text NOT NULL,
	"reason" text,
	"target_level" bigint,
	"tag" text,
	"points" integer,
	"selection_mode" text NOT NULL,
	"filter_mobile_prefix" text,
	"filter_level" bigint,
	"filter_state" text,
	"filter_store" bigint,
	"filter_channel" text,
	"filter_registered_from" date,
	"filter_registered_to" date,
	"source_file" text,
	"member_count" integer,
	"succeeded_count" integer,
	"failed_count" integer,
	"processed_count" integer,
	"state" text,
	"audited_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "batch_operations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "batch_operations_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"member" bigint NOT NULL,
	"result" text,
	"message" text,
	"message_values" text,
	CONSTRAINT "batch_operations_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
DROP INDEX "members_birthday_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "batch_operations_number_uq" ON "batch_operations" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "batch_operations_number_trgm" ON "batch_operations" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "batch_operations_number_prefix" ON "batch_operations" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "batch_operations_number_idx" ON "batch_operations" USING btree ("tenant_id","number","id");--> statement-breakpoint
CREATE INDEX "batch_operations_operation_idx" ON "batch_operations" USING btree ("tenant_id","operation","id");--> statement-breakpoint
CREATE INDEX "batch_operations_selection_mode_idx" ON "batch_operations" USING btree ("tenant_id","selection_mode","id");--> statement-breakpoint
CREATE INDEX "batch_operations_member_count_idx" ON "batch_operations" USING btree ("tenant_id","member_count","id");--> statement-breakpoint
CREATE INDEX "batch_operations_state_idx" ON "batch_operations" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "batch_operations_audited_at_idx" ON "batch_operations" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "batch_operations_lines_member_idx" ON "batch_operations_lines" USING btree ("tenant_id","member");