CREATE TABLE "push_channels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"app_key" text,
	"master_secret" text,
	"api_base_url" text DEFAULT 'https://api.jpush.cn' NOT NULL,
	"apns_production" boolean DEFAULT true,
	CONSTRAINT "push_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_channels_singleton_uq" ON "push_channels" USING btree ("tenant_id");