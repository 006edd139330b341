CREATE TABLE "level_evaluation_runs" (
	"tenant_id" bigint NOT NULL,
	"period" text NOT NULL,
	"evaluated" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_evaluation_runs_tenant_id_period_pk" PRIMARY KEY("tenant_id","period")
);
--> statement-breakpoint
CREATE TABLE "member_growth_entries" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_growth_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"delta" bigint NOT NULL,
	"growth_after" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"rule_id" bigint,
	"local_day" text NOT NULL,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone,
	CONSTRAINT "member_growth_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL;--> statement-breakpoint
CREATE INDEX "member_growth_entries_member_idx" ON "member_growth_entries" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "member_growth_entries_source_idx" ON "member_growth_entries" USING btree ("tenant_id","source_type","source_id");