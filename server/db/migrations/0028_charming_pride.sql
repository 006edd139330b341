CREATE TABLE "points_rule_settings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "points_rule_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"yuan_per_point" numeric(14, 2) DEFAULT '1' NOT NULL,
	"expiry_mode" text DEFAULT 'never' NOT NULL,
	"expiry_months" integer DEFAULT 12,
	"remark" text,
	CONSTRAINT "points_rule_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "points_rule_settings_singleton_uq" ON "points_rule_settings" USING btree ("tenant_id");