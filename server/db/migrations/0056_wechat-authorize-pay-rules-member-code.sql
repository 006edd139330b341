CREATE TABLE "wechat_authorize_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_member_codes" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wechat_member_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"scene" text DEFAULT 'store' NOT NULL,
	"expire_seconds" integer,
	"unique_code" boolean DEFAULT false,
	"ticket" text,
	"content" text,
	"picture_url" text,
	"generated_at" timestamp (3) with time zone,
	CONSTRAINT "wechat_member_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "wechat_pay_rules" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wechat_pay_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"name" text NOT NULL,
	"merchant_ids" text NOT NULL,
	"least_cost" numeric(14, 2) NOT NULL,
	"max_cost" numeric(14, 2) NOT NULL,
	"begin_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	"gift_coupon" bigint,
	"gift_points" integer DEFAULT 0,
	"jump_url" text,
	"state" text DEFAULT 'INITAIL',
	"wechat_rule_id" text,
	CONSTRAINT "wechat_pay_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "component_app_id" text;--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "component_app_secret" text;--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "component_verify_ticket" text;--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "authorize_page_url" text DEFAULT 'https://mp.weixin.qq.com/cgi-bin/componentloginpage' NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "authorizer_app_id" text;--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "authorized_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "wechat_channels" ADD COLUMN "authorized_scopes" text;--> statement-breakpoint
CREATE INDEX "wechat_authorize_states_tenant_idx" ON "wechat_authorize_states" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_member_codes_singleton_uq" ON "wechat_member_codes" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wechat_pay_rules_name_trgm" ON "wechat_pay_rules" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wechat_pay_rules_name_idx" ON "wechat_pay_rules" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "wechat_pay_rules_least_cost_idx" ON "wechat_pay_rules" USING btree ("tenant_id","least_cost","id");--> statement-breakpoint
CREATE INDEX "wechat_pay_rules_begin_time_idx" ON "wechat_pay_rules" USING btree ("tenant_id","begin_time","id");--> statement-breakpoint
CREATE INDEX "wechat_pay_rules_end_time_idx" ON "wechat_pay_rules" USING btree ("tenant_id","end_time","id");--> statement-breakpoint
CREATE INDEX "wechat_pay_rules_gift_coupon_ref" ON "wechat_pay_rules" USING btree ("tenant_id","gift_coupon");--> statement-breakpoint
CREATE INDEX "wechat_pay_rules_state_idx" ON "wechat_pay_rules" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "wechat_pay_rules_state_window" ON "wechat_pay_rules" USING btree ("tenant_id","state","begin_time","end_time");