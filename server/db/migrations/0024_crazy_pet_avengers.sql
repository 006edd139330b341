CREATE TABLE "coupon_member_counts" (
	"tenant_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_member_counts_tenant_id_template_id_member_id_pk" PRIMARY KEY("tenant_id","template_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"template" bigint NOT NULL,
	"line_type" text NOT NULL,
	"member" bigint NOT NULL,
	"source" text NOT NULL,
	"source_ref" text,
	"face_value" numeric(14, 2),
	"state" text DEFAULT 'ISSUED' NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"valid_from" timestamp (3) with time zone NOT NULL,
	"valid_to" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"used_store" bigint,
	"order_no" text,
	"discount" numeric(14, 2),
	"write_off_number" text,
	CONSTRAINT "coupons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupon_settings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coupon_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code_alphabet" text DEFAULT 'UPPER_ALNUM' NOT NULL,
	"code_length" integer DEFAULT 12 NOT NULL,
	"code_prefix" text,
	"default_valid_days" integer DEFAULT 30 NOT NULL,
	"stack_coupons" boolean DEFAULT false,
	"stack_with_points" boolean DEFAULT true,
	"write_off_needs_second_person" boolean DEFAULT false,
	"remark" text,
	CONSTRAINT "coupon_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coupon_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"line_type" text NOT NULL,
	"state" text DEFAULT 'DRAFT',
	"threshold" numeric(14, 2) DEFAULT '0' NOT NULL,
	"validity_mode" text DEFAULT 'RELATIVE' NOT NULL,
	"valid_dates_from" date,
	"valid_dates_to" date,
	"valid_days" integer,
	"delay_days" integer DEFAULT 0,
	"weekdays" smallint[],
	"day_start" text,
	"day_end" text,
	"store_scope" text DEFAULT 'ALL' NOT NULL,
	"stores" bigint[],
	"goods_scope" text DEFAULT 'ALL' NOT NULL,
	"goods" bigint[],
	"categories" bigint[],
	"brands" bigint[],
	"total_quantity" integer,
	"per_member_limit" integer,
	"issued_count" integer DEFAULT 0,
	"costparty" bigint,
	"cost_share" numeric(14, 2),
	"stack_with_coupons" boolean DEFAULT false,
	"stack_with_points" boolean DEFAULT true,
	"apportion_subject" text DEFAULT 'FAV' NOT NULL,
	"description" text,
	"picture" text,
	"cash_value" numeric(14, 2),
	"goods_cash_value" numeric(14, 2),
	"all_discount_rate" numeric(14, 1),
	"all_discount_cap" numeric(14, 2),
	"goods_discount_rate" numeric(14, 1),
	"goods_discount_cap" numeric(14, 2),
	"rfm_discount_rate" numeric(14, 1),
	"rfm_discount_cap" numeric(14, 2),
	"rfm_segments" text[],
	"pickup_goods" bigint,
	"pickup_quantity" integer DEFAULT 1,
	"freight_cap" numeric(14, 2),
	"random_min" numeric(14, 2),
	"random_max" numeric(14, 2),
	"random_distribution" text DEFAULT 'UNIFORM',
	"exchange_goods" bigint,
	"exchange_price" numeric(14, 2),
	"points_value" integer,
	"special_price" numeric(14, 2),
	"special_quantity" integer DEFAULT 1,
	CONSTRAINT "coupon_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupon_write_offs" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coupon_write_offs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"store" bigint NOT NULL,
	"line_count" integer,
	"total_discount" numeric(14, 2),
	"state" text DEFAULT 'INITIAL',
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "coupon_write_offs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupon_write_offs_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"code" text NOT NULL,
	"order_no" text,
	"discount" numeric(14, 2),
	"remark" text,
	CONSTRAINT "coupon_write_offs_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_uq" ON "coupons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "coupons_code_trgm" ON "coupons" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupons_code_prefix" ON "coupons" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "coupons_template_idx" ON "coupons" USING btree ("tenant_id","template","id");--> statement-breakpoint
CREATE INDEX "coupons_line_type_idx" ON "coupons" USING btree ("tenant_id","line_type","id");--> statement-breakpoint
CREATE INDEX "coupons_member_idx" ON "coupons" USING btree ("tenant_id","member","id");--> statement-breakpoint
CREATE INDEX "coupons_source_idx" ON "coupons" USING btree ("tenant_id","source","id");--> statement-breakpoint
CREATE INDEX "coupons_source_ref_trgm" ON "coupons" USING gin ("tenant_id","source_ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupons_state_idx" ON "coupons" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "coupons_issued_at_idx" ON "coupons" USING btree ("tenant_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "coupons_valid_to_idx" ON "coupons" USING btree ("tenant_id","valid_to","id");--> statement-breakpoint
CREATE INDEX "coupons_used_at_idx" ON "coupons" USING btree ("tenant_id","used_at","id");--> statement-breakpoint
CREATE INDEX "coupons_used_store_idx" ON "coupons" USING btree ("tenant_id","used_store","id");--> statement-breakpoint
CREATE INDEX "coupons_order_no_trgm" ON "coupons" USING gin ("tenant_id","order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupons_state_window" ON "coupons" USING btree ("tenant_id","state","valid_from","valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_settings_singleton_uq" ON "coupon_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_templates_number_uq" ON "coupon_templates" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "coupon_templates_number_trgm" ON "coupon_templates" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupon_templates_number_prefix" ON "coupon_templates" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "coupon_templates_name_trgm" ON "coupon_templates" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupon_templates_name_idx" ON "coupon_templates" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_line_type_idx" ON "coupon_templates" USING btree ("tenant_id","line_type","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_state_idx" ON "coupon_templates" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_stores_ref" ON "coupon_templates" USING gin ("tenant_id","stores");--> statement-breakpoint
CREATE INDEX "coupon_templates_goods_ref" ON "coupon_templates" USING gin ("tenant_id","goods");--> statement-breakpoint
CREATE INDEX "coupon_templates_categories_ref" ON "coupon_templates" USING gin ("tenant_id","categories");--> statement-breakpoint
CREATE INDEX "coupon_templates_brands_ref" ON "coupon_templates" USING gin ("tenant_id","brands");--> statement-breakpoint
CREATE INDEX "coupon_templates_costparty_idx" ON "coupon_templates" USING btree ("tenant_id","costparty","id");--> statement-breakpoint
CREATE INDEX "coupon_templates_pickup_goods_ref" ON "coupon_templates" USING btree ("tenant_id","pickup_goods");--> statement-breakpoint
CREATE INDEX "coupon_templates_exchange_goods_ref" ON "coupon_templates" USING btree ("tenant_id","exchange_goods");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_write_offs_number_uq" ON "coupon_write_offs" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "coupon_write_offs_number_trgm" ON "coupon_write_offs" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupon_write_offs_number_prefix" ON "coupon_write_offs" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "coupon_write_offs_store_idx" ON "coupon_write_offs" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "coupon_write_offs_total_discount_idx" ON "coupon_write_offs" USING btree ("tenant_id","total_discount","id");--> statement-breakpoint
CREATE INDEX "coupon_write_offs_state_idx" ON "coupon_write_offs" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "coupon_write_offs_audited_at_idx" ON "coupon_write_offs" USING btree ("tenant_id","audited_at","id");