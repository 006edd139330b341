CREATE TABLE "prepay_card_secret_attempts" (
	"tenant_id" bigint NOT NULL,
	"number" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prepay_card_secret_attempts_tenant_id_number_pk" PRIMARY KEY("tenant_id","number")
);
--> statement-breakpoint
CREATE TABLE "activity_awards" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_no" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"local_day" date NOT NULL,
	"store_id" bigint,
	"points" bigint DEFAULT 0 NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"awards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sales_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost_party_id" bigint,
	"cause" text,
	"reversed_points" bigint DEFAULT 0 NOT NULL,
	"voided_coupons" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_awards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "activity_awards_points_bound" CHECK ("activity_awards"."points" between 0 and 1000000000)
);
--> statement-breakpoint
CREATE TABLE "activity_budgets" (
	"tenant_id" bigint NOT NULL,
	"activity_id" bigint NOT NULL,
	"bucket" text NOT NULL,
	"times" integer DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_budgets_tenant_id_activity_id_bucket_pk" PRIMARY KEY("tenant_id","activity_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "activity_birthday_runs" (
	"tenant_id" bigint NOT NULL,
	"local_date" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_birthday_runs_tenant_id_local_date_pk" PRIMARY KEY("tenant_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"family" text,
	"state" text DEFAULT 'INITAIL',
	"begin_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	"stores" bigint[],
	"areas" bigint[],
	"marketing_center" bigint,
	"levels" bigint[],
	"channels" bigint[],
	"goods_scope" text DEFAULT 'ALL',
	"goods" bigint[],
	"categories" bigint[],
	"brands" bigint[],
	"reward_points" integer DEFAULT 0,
	"reward_coupon_template" bigint,
	"reward_coupon_count" integer DEFAULT 1,
	"weekdays" smallint[],
	"exclusive_group" text,
	"priority" integer DEFAULT 0,
	"budget_total_points" integer,
	"budget_total_coupons" integer,
	"budget_total_times" integer,
	"budget_per_member_times" integer,
	"budget_per_member_per_day_times" integer,
	"costparty" bigint,
	"remark" text,
	"audited_at" timestamp (3) with time zone,
	"yuan_per_point" numeric(14, 2),
	"speed_multiple" numeric(14, 1),
	"doubling_multiple" numeric(14, 1) DEFAULT '2',
	"amount_ladder" jsonb,
	"quantity_ladder" jsonb,
	"group_every_quantity" integer,
	"group_points" integer,
	"group_max_times" integer,
	"coupon_threshold_amount" numeric(14, 2),
	"coupon_amount_repeat" boolean DEFAULT false,
	"gift_threshold_amount" numeric(14, 2),
	"gift_goods" bigint,
	"gift_quantity" integer DEFAULT 1,
	"coupon_threshold_quantity" integer,
	"coupon_quantity_repeat" boolean DEFAULT false,
	"used_coupon_templates" bigint[],
	"cash_points_per_yuan" integer,
	"cash_max_share_percent" integer DEFAULT 100,
	"cash_max_points_per_order" integer,
	"cash_min_order_amount" numeric(14, 2) DEFAULT '0',
	"coupon_points_cost" integer,
	"goods_points_cost" integer,
	"exchange_goods" bigint,
	"exchange_quantity" integer DEFAULT 1,
	"birthday_gives" text DEFAULT 'GIFT',
	"birthday_days_before" integer DEFAULT 0,
	"invitee_points" integer DEFAULT 0,
	"invitee_coupon_template" bigint,
	"invitee_coupon_count" integer DEFAULT 1,
	"upgrade_to_levels" bigint[],
	CONSTRAINT "activities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "activities_day_times_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	CONSTRAINT "activities_day_times_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
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
ALTER TABLE "coupon_settings" ADD COLUMN "returned_order_coupons" text DEFAULT 'VOID_UNUSED' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "invited_by" bigint;--> statement-breakpoint
CREATE INDEX "prepay_card_secret_attempts_updated_idx" ON "prepay_card_secret_attempts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_awards_once_uq" ON "activity_awards" USING btree ("tenant_id","activity_id","source_type","source_no","member_id");--> statement-breakpoint
CREATE INDEX "activity_awards_day_idx" ON "activity_awards" USING btree ("tenant_id","activity_id","local_day");--> statement-breakpoint
CREATE INDEX "activity_awards_source_idx" ON "activity_awards" USING btree ("tenant_id","source_type","source_no");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_number_uq" ON "activities" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "activities_number_trgm" ON "activities" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activities_number_prefix" ON "activities" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "activities_name_trgm" ON "activities" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activities_name_idx" ON "activities" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "activities_kind_idx" ON "activities" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "activities_family_idx" ON "activities" USING btree ("tenant_id","family","id");--> statement-breakpoint
CREATE INDEX "activities_state_idx" ON "activities" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "activities_begin_time_idx" ON "activities" USING btree ("tenant_id","begin_time","id");--> statement-breakpoint
CREATE INDEX "activities_end_time_idx" ON "activities" USING btree ("tenant_id","end_time","id");--> statement-breakpoint
CREATE INDEX "activities_stores_ref" ON "activities" USING gin ("tenant_id","stores");--> statement-breakpoint
CREATE INDEX "activities_areas_ref" ON "activities" USING gin ("tenant_id","areas");--> statement-breakpoint
CREATE INDEX "activities_marketing_center_idx" ON "activities" USING btree ("tenant_id","marketing_center","id");--> statement-breakpoint
CREATE INDEX "activities_levels_ref" ON "activities" USING gin ("tenant_id","levels");--> statement-breakpoint
CREATE INDEX "activities_channels_ref" ON "activities" USING gin ("tenant_id","channels");--> statement-breakpoint
CREATE INDEX "activities_goods_ref" ON "activities" USING gin ("tenant_id","goods");--> statement-breakpoint
CREATE INDEX "activities_categories_ref" ON "activities" USING gin ("tenant_id","categories");--> statement-breakpoint
CREATE INDEX "activities_brands_ref" ON "activities" USING gin ("tenant_id","brands");--> statement-breakpoint
CREATE INDEX "activities_reward_coupon_template_ref" ON "activities" USING btree ("tenant_id","reward_coupon_template");--> statement-breakpoint
CREATE INDEX "activities_exclusive_group_idx" ON "activities" USING btree ("tenant_id","exclusive_group","id");--> statement-breakpoint
CREATE INDEX "activities_priority_idx" ON "activities" USING btree ("tenant_id","priority","id");--> statement-breakpoint
CREATE INDEX "activities_costparty_idx" ON "activities" USING btree ("tenant_id","costparty","id");--> statement-breakpoint
CREATE INDEX "activities_audited_at_idx" ON "activities" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "activities_gift_goods_ref" ON "activities" USING btree ("tenant_id","gift_goods");--> statement-breakpoint
CREATE INDEX "activities_used_coupon_templates_ref" ON "activities" USING gin ("tenant_id","used_coupon_templates");--> statement-breakpoint
CREATE INDEX "activities_exchange_goods_ref" ON "activities" USING btree ("tenant_id","exchange_goods");--> statement-breakpoint
CREATE INDEX "activities_birthday_gives_idx" ON "activities" USING btree ("tenant_id","birthday_gives","id");--> statement-breakpoint
CREATE INDEX "activities_invitee_coupon_template_ref" ON "activities" USING btree ("tenant_id","invitee_coupon_template");--> statement-breakpoint
CREATE INDEX "activities_upgrade_to_levels_ref" ON "activities" USING gin ("tenant_id","upgrade_to_levels");--> statement-breakpoint
CREATE INDEX "activities_state_window" ON "activities" USING btree ("tenant_id","state","begin_time","end_time");--> statement-breakpoint
CREATE UNIQUE INDEX "points_rule_settings_singleton_uq" ON "points_rule_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "members_invited_by_idx" ON "members" USING btree ("tenant_id","invited_by","id");