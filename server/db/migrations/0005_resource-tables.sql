CREATE TABLE "areas" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"parent" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"marketing_center" bigint,
	"state" text,
	"remark" text,
	CONSTRAINT "areas_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"english_name" text,
	"remark" text,
	CONSTRAINT "brands_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_templates" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text,
	"name" text NOT NULL,
	"card_template_type" text NOT NULL,
	"face_value" numeric(14, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"rechargeable" boolean,
	"validity_type" text NOT NULL,
	"validity_months" integer,
	"valid_period_from" date,
	"valid_period_to" date,
	"stores" bigint[],
	"card_number_prefix" text,
	"card_number_length" integer NOT NULL,
	"state" text,
	"remark" text,
	CONSTRAINT "card_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"parent" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer,
	"remark" text,
	CONSTRAINT "categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean,
	"remark" text,
	CONSTRAINT "channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cost_parties" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cost_parties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"settlement_ratio" numeric(14, 2) NOT NULL,
	"contact" text,
	"contact_phone" text,
	"remark" text,
	CONSTRAINT "cost_parties_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text,
	"store" bigint NOT NULL,
	"position" text NOT NULL,
	"hire_date" date,
	"state" text NOT NULL,
	"remark" text,
	CONSTRAINT "employees_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_centers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "marketing_centers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"manager" text,
	"phone" text,
	"remark" text,
	CONSTRAINT "marketing_centers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"barcode" text,
	"name" text NOT NULL,
	"category" bigint NOT NULL,
	"brand" bigint,
	"unit" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"fuel_type" text,
	"state" text NOT NULL,
	"remark" text,
	CONSTRAINT "products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"area" bigint NOT NULL,
	"marketing_center" bigint,
	"address" text,
	"phone" text,
	"opening_date" date,
	"state" text NOT NULL,
	"remark" text,
	CONSTRAINT "stores_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "areas_parent_idx" ON "areas" USING btree ("tenant_id","parent","id");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_code_uq" ON "areas" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "areas_code_trgm" ON "areas" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "areas_code_prefix" ON "areas" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "areas_code_idx" ON "areas" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE INDEX "areas_name_trgm" ON "areas" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "areas_name_idx" ON "areas" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "areas_marketing_center_idx" ON "areas" USING btree ("tenant_id","marketing_center","id");--> statement-breakpoint
CREATE INDEX "areas_state_idx" ON "areas" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_code_uq" ON "brands" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "brands_code_trgm" ON "brands" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_code_prefix" ON "brands" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "brands_code_idx" ON "brands" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_uq" ON "brands" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "brands_name_trgm" ON "brands" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_name_idx" ON "brands" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "brands_english_name_trgm" ON "brands" USING gin ("tenant_id","english_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "card_templates_number_uq" ON "card_templates" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "card_templates_number_trgm" ON "card_templates" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "card_templates_number_prefix" ON "card_templates" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "card_templates_number_idx" ON "card_templates" USING btree ("tenant_id","number","id");--> statement-breakpoint
CREATE INDEX "card_templates_name_trgm" ON "card_templates" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "card_templates_name_idx" ON "card_templates" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "card_templates_card_template_type_idx" ON "card_templates" USING btree ("tenant_id","card_template_type","id");--> statement-breakpoint
CREATE INDEX "card_templates_face_value_idx" ON "card_templates" USING btree ("tenant_id","face_value","id");--> statement-breakpoint
CREATE INDEX "card_templates_price_idx" ON "card_templates" USING btree ("tenant_id","price","id");--> statement-breakpoint
CREATE INDEX "card_templates_rechargeable_idx" ON "card_templates" USING btree ("tenant_id","rechargeable","id");--> statement-breakpoint
CREATE INDEX "card_templates_state_idx" ON "card_templates" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("tenant_id","parent","id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_code_uq" ON "categories" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "categories_code_trgm" ON "categories" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_code_prefix" ON "categories" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "categories_code_idx" ON "categories" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE INDEX "categories_name_trgm" ON "categories" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "categories_sort_order_idx" ON "categories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_code_uq" ON "channels" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "channels_code_trgm" ON "channels" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "channels_code_prefix" ON "channels" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "channels_code_idx" ON "channels" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_name_uq" ON "channels" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "channels_name_trgm" ON "channels" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "channels_name_idx" ON "channels" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "channels_type_idx" ON "channels" USING btree ("tenant_id","type","id");--> statement-breakpoint
CREATE INDEX "channels_enabled_idx" ON "channels" USING btree ("tenant_id","enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_parties_code_uq" ON "cost_parties" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "cost_parties_code_trgm" ON "cost_parties" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cost_parties_code_prefix" ON "cost_parties" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "cost_parties_code_idx" ON "cost_parties" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_parties_name_uq" ON "cost_parties" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "cost_parties_name_trgm" ON "cost_parties" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cost_parties_name_idx" ON "cost_parties" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "cost_parties_type_idx" ON "cost_parties" USING btree ("tenant_id","type","id");--> statement-breakpoint
CREATE INDEX "cost_parties_settlement_ratio_idx" ON "cost_parties" USING btree ("tenant_id","settlement_ratio","id");--> statement-breakpoint
CREATE INDEX "cost_parties_contact_trgm" ON "cost_parties" USING gin ("tenant_id","contact" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code_uq" ON "employees" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "employees_code_trgm" ON "employees" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_code_prefix" ON "employees" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "employees_code_idx" ON "employees" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE INDEX "employees_name_trgm" ON "employees" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "employees_mobile_trgm" ON "employees" USING gin ("tenant_id","mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_mobile_prefix" ON "employees" USING btree ("tenant_id","mobile" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "employees_store_idx" ON "employees" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "employees_position_idx" ON "employees" USING btree ("tenant_id","position","id");--> statement-breakpoint
CREATE INDEX "employees_hire_date_idx" ON "employees" USING btree ("tenant_id","hire_date","id");--> statement-breakpoint
CREATE INDEX "employees_state_idx" ON "employees" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_centers_code_uq" ON "marketing_centers" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "marketing_centers_code_trgm" ON "marketing_centers" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketing_centers_code_prefix" ON "marketing_centers" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "marketing_centers_code_idx" ON "marketing_centers" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_centers_name_uq" ON "marketing_centers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketing_centers_name_trgm" ON "marketing_centers" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketing_centers_name_idx" ON "marketing_centers" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "marketing_centers_manager_trgm" ON "marketing_centers" USING gin ("tenant_id","manager" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_uq" ON "products" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "products_code_trgm" ON "products" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_code_prefix" ON "products" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "products_code_idx" ON "products" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE INDEX "products_barcode_trgm" ON "products" USING gin ("tenant_id","barcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_barcode_prefix" ON "products" USING btree ("tenant_id","barcode" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("tenant_id","category","id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("tenant_id","brand","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("tenant_id","price","id");--> statement-breakpoint
CREATE INDEX "products_fuel_type_idx" ON "products" USING btree ("tenant_id","fuel_type","id");--> statement-breakpoint
CREATE INDEX "products_state_idx" ON "products" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_code_uq" ON "stores" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "stores_code_trgm" ON "stores" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_code_prefix" ON "stores" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "stores_code_idx" ON "stores" USING btree ("tenant_id","code","id");--> statement-breakpoint
CREATE INDEX "stores_name_trgm" ON "stores" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "stores_type_idx" ON "stores" USING btree ("tenant_id","type","id");--> statement-breakpoint
CREATE INDEX "stores_area_idx" ON "stores" USING btree ("tenant_id","area","id");--> statement-breakpoint
CREATE INDEX "stores_marketing_center_idx" ON "stores" USING btree ("tenant_id","marketing_center","id");--> statement-breakpoint
CREATE INDEX "stores_address_trgm" ON "stores" USING gin ("tenant_id","address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_opening_date_idx" ON "stores" USING btree ("tenant_id","opening_date","id");--> statement-breakpoint
CREATE INDEX "stores_state_idx" ON "stores" USING btree ("tenant_id","state","id");