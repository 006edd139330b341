CREATE TABLE "state_changes" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "state_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resource" text NOT NULL,
	"record_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"reason" text,
	"user_id" bigint,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "state_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "grow_value_rules" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "grow_value_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"yuan_per_point" numeric(14, 2),
	"points_per_event" integer,
	"per_transaction_cap" integer,
	"daily_cap" integer,
	"validity_from" date,
	"validity_to" date,
	"remark" text,
	"state" text,
	CONSTRAINT "grow_value_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "grow_value_settings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "grow_value_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"validity_mode" text NOT NULL,
	"validity_months" integer,
	"reset_policy" text NOT NULL,
	"remark" text,
	CONSTRAINT "grow_value_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"level_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rank_order" integer NOT NULL,
	"growth_threshold" integer,
	"price" numeric(14, 2),
	"term_months" integer,
	"description" text,
	"points_multiplier" numeric(14, 2),
	"discount" numeric(14, 2),
	"birthday_gift" text,
	"free_parking_hours" integer,
	"coupon_pack" text,
	"suit_stores" bigint[],
	"state" text,
	CONSTRAINT "member_levels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "level_materials" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "level_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"title" text NOT NULL,
	"level" bigint NOT NULL,
	"image" text,
	"description" text,
	"sort_order" integer,
	CONSTRAINT "level_materials_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "level_valuate_rules" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "level_valuate_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"mode" text NOT NULL,
	"monthly_day" integer,
	"can_downgrade" boolean,
	"protection_months" integer,
	"remark" text,
	CONSTRAINT "level_valuate_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"member_number" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"card_number" text,
	"gender" text,
	"birthday" date,
	"birthday_type" text,
	"register_store" bigint,
	"channel" text NOT NULL,
	"registered_at" timestamp (3) with time zone NOT NULL,
	"level" bigint,
	"growth_value" integer NOT NULL,
	"tags" text[],
	"marketing_center" bigint,
	"profile" text,
	"plate_number" text,
	"fuel_type" text,
	"fleet" text,
	"state" text NOT NULL,
	"remark" text,
	CONSTRAINT "members_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "paid_level_orders" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "paid_level_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"member_id" bigint NOT NULL,
	"member_name" text,
	"mobile" text,
	"level" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"term_months" integer,
	"paid_at" timestamp (3) with time zone NOT NULL,
	"valid_until" date,
	"store" bigint,
	"pay_channel" text NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "paid_level_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "upgrade_incentives" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_incentives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"name" text NOT NULL,
	"level" bigint NOT NULL,
	"points" integer,
	"coupon_text" text,
	"remark" text,
	"state" text,
	CONSTRAINT "upgrade_incentives_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "state_changes_record_idx" ON "state_changes" USING btree ("tenant_id","resource","record_id","id");--> statement-breakpoint
CREATE INDEX "grow_value_rules_name_trgm" ON "grow_value_rules" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grow_value_rules_name_idx" ON "grow_value_rules" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "grow_value_rules_source_idx" ON "grow_value_rules" USING btree ("tenant_id","source","id");--> statement-breakpoint
CREATE INDEX "grow_value_rules_validity_idx" ON "grow_value_rules" USING btree ("tenant_id","validity_from","validity_to","id");--> statement-breakpoint
CREATE INDEX "grow_value_rules_state_idx" ON "grow_value_rules" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "grow_value_settings_singleton_uq" ON "grow_value_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "member_levels_level_type_idx" ON "member_levels" USING btree ("tenant_id","level_type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_code_uq" ON "member_levels" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "member_levels_code_trgm" ON "member_levels" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_levels_code_prefix" ON "member_levels" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_name_uq" ON "member_levels" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "member_levels_name_trgm" ON "member_levels" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_levels_name_idx" ON "member_levels" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "member_levels_rank_order_idx" ON "member_levels" USING btree ("tenant_id","rank_order","id");--> statement-breakpoint
CREATE INDEX "member_levels_growth_threshold_idx" ON "member_levels" USING btree ("tenant_id","growth_threshold","id");--> statement-breakpoint
CREATE INDEX "member_levels_state_idx" ON "member_levels" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "level_materials_title_trgm" ON "level_materials" USING gin ("tenant_id","title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "level_materials_title_idx" ON "level_materials" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "level_materials_level_idx" ON "level_materials" USING btree ("tenant_id","level","id");--> statement-breakpoint
CREATE INDEX "level_materials_sort_order_idx" ON "level_materials" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "level_valuate_rules_singleton_uq" ON "level_valuate_rules" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_member_number_uq" ON "members" USING btree ("tenant_id","member_number");--> statement-breakpoint
CREATE INDEX "members_member_number_prefix" ON "members" USING btree ("tenant_id","member_number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "members_name_trgm" ON "members" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_name_idx" ON "members" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_mobile_uq" ON "members" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE INDEX "members_mobile_prefix" ON "members" USING btree ("tenant_id","mobile" text_pattern_ops,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_card_number_uq" ON "members" USING btree ("tenant_id","card_number");--> statement-breakpoint
CREATE INDEX "members_card_number_prefix" ON "members" USING btree ("tenant_id","card_number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "members_birthday_idx" ON "members" USING btree ("tenant_id","birthday","id");--> statement-breakpoint
CREATE INDEX "members_register_store_idx" ON "members" USING btree ("tenant_id","register_store","id");--> statement-breakpoint
CREATE INDEX "members_channel_idx" ON "members" USING btree ("tenant_id","channel","id");--> statement-breakpoint
CREATE INDEX "members_registered_at_idx" ON "members" USING btree ("tenant_id","registered_at","id");--> statement-breakpoint
CREATE INDEX "members_level_idx" ON "members" USING btree ("tenant_id","level","id");--> statement-breakpoint
CREATE INDEX "members_growth_value_idx" ON "members" USING btree ("tenant_id","growth_value","id");--> statement-breakpoint
CREATE INDEX "members_tags_gin" ON "members" USING gin ("tenant_id","tags");--> statement-breakpoint
CREATE INDEX "members_marketing_center_idx" ON "members" USING btree ("tenant_id","marketing_center","id");--> statement-breakpoint
CREATE INDEX "members_profile_idx" ON "members" USING btree ("tenant_id","profile","id");--> statement-breakpoint
CREATE INDEX "members_plate_number_prefix" ON "members" USING btree ("tenant_id","plate_number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "members_fuel_type_idx" ON "members" USING btree ("tenant_id","fuel_type","id");--> statement-breakpoint
CREATE INDEX "members_fleet_trgm" ON "members" USING gin ("tenant_id","fleet" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_state_idx" ON "members" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "paid_level_orders_number_uq" ON "paid_level_orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "paid_level_orders_number_trgm" ON "paid_level_orders" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "paid_level_orders_number_prefix" ON "paid_level_orders" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_number_idx" ON "paid_level_orders" USING btree ("tenant_id","number","id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_member_id_idx" ON "paid_level_orders" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_member_name_trgm" ON "paid_level_orders" USING gin ("tenant_id","member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "paid_level_orders_mobile_prefix" ON "paid_level_orders" USING btree ("tenant_id","mobile" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_level_idx" ON "paid_level_orders" USING btree ("tenant_id","level","id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_amount_idx" ON "paid_level_orders" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_paid_at_idx" ON "paid_level_orders" USING btree ("tenant_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_valid_until_idx" ON "paid_level_orders" USING btree ("tenant_id","valid_until","id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_store_idx" ON "paid_level_orders" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_pay_channel_idx" ON "paid_level_orders" USING btree ("tenant_id","pay_channel","id");--> statement-breakpoint
CREATE INDEX "paid_level_orders_state_idx" ON "paid_level_orders" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "upgrade_incentives_name_trgm" ON "upgrade_incentives" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "upgrade_incentives_name_idx" ON "upgrade_incentives" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "upgrade_incentives_level_idx" ON "upgrade_incentives" USING btree ("tenant_id","level","id");--> statement-breakpoint
CREATE INDEX "upgrade_incentives_points_idx" ON "upgrade_incentives" USING btree ("tenant_id","points","id");--> statement-breakpoint
CREATE INDEX "upgrade_incentives_state_idx" ON "upgrade_incentives" USING btree ("tenant_id","state","id");