CREATE TABLE "batch_operate_settings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "batch_operate_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"dual_control_points" integer DEFAULT 10000 NOT NULL,
	"dual_control_members" integer DEFAULT 1000 NOT NULL,
	CONSTRAINT "batch_operate_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "batch_operate_settings_singleton_uq" ON "batch_operate_settings" USING btree ("tenant_id");