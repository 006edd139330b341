CREATE TABLE "push_deliveries" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"error_code" text,
	"call_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_tenant_id_run_id_member_id_channel_pk" PRIMARY KEY("tenant_id","run_id","member_id","channel"),
	CONSTRAINT "push_deliveries_result" CHECK ("push_deliveries"."result" in ('SENDING', 'SENT', 'SUPPRESSED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "push_consents" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"member" bigint NOT NULL,
	"channel" text NOT NULL,
	"consent" text DEFAULT 'REFUSED' NOT NULL,
	"remark" text,
	CONSTRAINT "push_consents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "push_plan_settings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_plan_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"cap_per_day" integer DEFAULT 1 NOT NULL,
	"cap_per_week" integer DEFAULT 3 NOT NULL,
	"opt_out_text" text DEFAULT '拒收请回复R' NOT NULL,
	CONSTRAINT "push_plan_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
DROP INDEX "group_send_runs_activity";--> statement-breakpoint
ALTER TABLE "sms_channels" ALTER COLUMN "quiet_from_hour" SET DEFAULT 22;--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "slot" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "not_before" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_id" ON "push_deliveries" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "push_deliveries_member" ON "push_deliveries" USING btree ("tenant_id","member_id","created_at");--> statement-breakpoint
CREATE INDEX "push_consents_member_idx" ON "push_consents" USING btree ("tenant_id","member","id");--> statement-breakpoint
CREATE INDEX "push_consents_channel_idx" ON "push_consents" USING btree ("tenant_id","channel","id");--> statement-breakpoint
CREATE INDEX "push_consents_consent_idx" ON "push_consents" USING btree ("tenant_id","consent","id");--> statement-breakpoint
CREATE INDEX "push_consents_created_at_idx" ON "push_consents" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_plan_settings_singleton_uq" ON "push_plan_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_send_runs_activity" ON "group_send_runs" USING btree ("tenant_id","activity_id","slot");