CREATE TABLE "group_send_recipients" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "group_send_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"result" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"reason_values" jsonb,
	"coupon_ids" jsonb,
	"served_at" timestamp (3) with time zone,
	CONSTRAINT "group_send_recipients_tenant_id_run_id_member_id_pk" PRIMARY KEY("tenant_id","run_id","member_id"),
	CONSTRAINT "group_send_recipients_result_check" CHECK ("group_send_recipients"."result" in ('PENDING', 'ISSUED', 'SKIPPED'))
);
--> statement-breakpoint
CREATE TABLE "group_send_runs" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "group_send_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" bigint NOT NULL,
	"state" text DEFAULT 'RUNNING' NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"started_by" bigint,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "group_send_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "group_send_runs_state" CHECK ("group_send_runs"."state" in ('RUNNING', 'PAUSED', 'STOPPED', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE INDEX "group_send_recipients_result" ON "group_send_recipients" USING btree ("tenant_id","run_id","result","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_send_recipients_id" ON "group_send_recipients" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_send_runs_activity" ON "group_send_runs" USING btree ("tenant_id","activity_id");