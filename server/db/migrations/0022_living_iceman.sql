CREATE TABLE "store_value_applicable_goods" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_value_applicable_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"goods" bigint[],
	"categories" bigint[],
	"brands" bigint[],
	"stores" bigint[],
	"remark" text,
	CONSTRAINT "store_value_applicable_goods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_value_settings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_value_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"enabled" boolean DEFAULT true,
	"channels" text[],
	"min_per_recharge" numeric(14, 2),
	"max_per_recharge" numeric(14, 2),
	"max_per_member_per_day" numeric(14, 2),
	"gift_validity_days" integer,
	"adjust_approval_threshold" numeric(14, 2) DEFAULT '10000.00' NOT NULL,
	"remark" text,
	CONSTRAINT "store_value_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "store_value_applicable_goods_goods_ref" ON "store_value_applicable_goods" USING gin ("tenant_id","goods");--> statement-breakpoint
CREATE INDEX "store_value_applicable_goods_categories_ref" ON "store_value_applicable_goods" USING gin ("tenant_id","categories");--> statement-breakpoint
CREATE INDEX "store_value_applicable_goods_brands_ref" ON "store_value_applicable_goods" USING gin ("tenant_id","brands");--> statement-breakpoint
CREATE INDEX "store_value_applicable_goods_stores_ref" ON "store_value_applicable_goods" USING gin ("tenant_id","stores");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_applicable_goods_singleton_uq" ON "store_value_applicable_goods" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_settings_singleton_uq" ON "store_value_settings" USING btree ("tenant_id");