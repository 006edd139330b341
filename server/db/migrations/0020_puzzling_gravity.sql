CREATE TABLE "value_entries" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "value_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"holder_kind" text NOT NULL,
	"member_id" bigint,
	"card_id" bigint,
	"principal_delta" numeric(14, 2) NOT NULL,
	"gift_delta" numeric(14, 2) NOT NULL,
	"principal_after" numeric(14, 2) NOT NULL,
	"gift_after" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"kind" text NOT NULL,
	"channel" text,
	"source_type" text NOT NULL,
	"source_id" text,
	"store_id" bigint,
	"operator_id" bigint,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remark" text,
	"idempotency_key" text,
	CONSTRAINT "value_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "value_entries_moves" CHECK ("value_entries"."principal_delta" <> 0 or "value_entries"."gift_delta" <> 0),
	CONSTRAINT "value_entries_afters" CHECK ("value_entries"."principal_after" >= 0 and "value_entries"."gift_after" >= 0 and "value_entries"."balance_after" = "value_entries"."principal_after" + "value_entries"."gift_after")
);
--> statement-breakpoint
CREATE TABLE "value_gift_lots" (
	"tenant_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"remaining" numeric(14, 2) NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "value_gift_lots_tenant_id_entry_id_pk" PRIMARY KEY("tenant_id","entry_id"),
	CONSTRAINT "value_gift_lots_remaining" CHECK ("value_gift_lots"."amount" > 0 and "value_gift_lots"."remaining" >= 0 and "value_gift_lots"."remaining" <= "value_gift_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "value_payments" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "value_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_no" text NOT NULL,
	"account_id" bigint NOT NULL,
	"holder_kind" text NOT NULL,
	"member_id" bigint,
	"card_id" bigint,
	"amount" numeric(14, 2) NOT NULL,
	"principal_paid" numeric(14, 2) NOT NULL,
	"gift_paid" numeric(14, 2) NOT NULL,
	"refunded_principal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunded_gift" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunded" numeric(14, 2) GENERATED ALWAYS AS (refunded_principal + refunded_gift) STORED,
	"entry_id" bigint NOT NULL,
	"gift_expires_at" timestamp with time zone,
	"channel" text,
	"source_type" text NOT NULL,
	"store_id" bigint,
	"operator_id" bigint,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "value_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "value_payments_amount" CHECK ("value_payments"."amount" > 0 and "value_payments"."amount" = "value_payments"."principal_paid" + "value_payments"."gift_paid"),
	CONSTRAINT "value_payments_portions" CHECK ("value_payments"."principal_paid" >= 0 and "value_payments"."gift_paid" >= 0),
	CONSTRAINT "value_payments_refunds" CHECK ("value_payments"."refunded_principal" >= 0 and "value_payments"."refunded_gift" >= 0
        and "value_payments"."refunded_principal" <= "value_payments"."principal_paid" and "value_payments"."refunded_gift" <= "value_payments"."gift_paid")
);
--> statement-breakpoint
CREATE TABLE "value_refunds" (
	"tenant_id" bigint NOT NULL,
	"refund_no" text NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"principal" numeric(14, 2) NOT NULL,
	"gift" numeric(14, 2) NOT NULL,
	"entry_id" bigint NOT NULL,
	"store_id" bigint,
	"operator_id" bigint,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "value_refunds_tenant_id_refund_no_pk" PRIMARY KEY("tenant_id","refund_no"),
	CONSTRAINT "value_refunds_amount" CHECK ("value_refunds"."amount" > 0 and "value_refunds"."amount" = "value_refunds"."principal" + "value_refunds"."gift" and "value_refunds"."principal" >= 0 and "value_refunds"."gift" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_member_counts" (
	"tenant_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_member_counts_tenant_id_template_id_member_id_pk" PRIMARY KEY("tenant_id","template_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "prepay_card_secrets" (
	"tenant_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "prepay_card_secrets_tenant_id_card_id_pk" PRIMARY KEY("tenant_id","card_id")
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
CREATE TABLE "imprest_card_sale_bills" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "imprest_card_sale_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"store" bigint NOT NULL,
	"buyer_type" text DEFAULT 'MEMBER' NOT NULL,
	"member" bigint,
	"company_name" text,
	"contact" text,
	"card_count" integer,
	"total_face" numeric(14, 2),
	"total_price" numeric(14, 2),
	"discount" numeric(14, 2) DEFAULT '0',
	"paid_amount" numeric(14, 2),
	"pay_method" text DEFAULT 'CASH' NOT NULL,
	"state" text DEFAULT 'INITIAL',
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "imprest_card_sale_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "imprest_card_sale_bills_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"mode" text DEFAULT 'QUANTITY' NOT NULL,
	"template" bigint NOT NULL,
	"start_number" text,
	"end_number" text,
	"quantity" integer,
	"card_count" integer,
	"face_amount" numeric(14, 2),
	"amount" numeric(14, 2),
	CONSTRAINT "imprest_card_sale_bills_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "prepay_cards" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prepay_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"template" bigint NOT NULL,
	"card_type" text NOT NULL,
	"state" text DEFAULT 'IN_STOCK',
	"face_value" numeric(14, 2) NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0',
	"store" bigint,
	"member" bigint,
	"buyer" text,
	"batch" bigint,
	"sale_bill" bigint,
	"sold_at" timestamp (3) with time zone,
	"valid_from" date,
	"valid_to" date,
	CONSTRAINT "prepay_cards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "prepay_card_adjusts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prepay_card_adjusts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"store" bigint,
	"total_amount" numeric(14, 2),
	"line_count" integer,
	"state" text DEFAULT 'INITIAL',
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "prepay_card_adjusts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "prepay_card_adjusts_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"card" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" bigint NOT NULL,
	"remark" text,
	CONSTRAINT "prepay_card_adjusts_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "prepay_card_adjust_reasons" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prepay_card_adjust_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"direction" text DEFAULT 'both' NOT NULL,
	"enabled" boolean DEFAULT true,
	"remark" text,
	CONSTRAINT "prepay_card_adjust_reasons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "prepay_card_batches" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prepay_card_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"template" bigint NOT NULL,
	"store" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"first_number" text,
	"last_number" text,
	"secrets_task" integer,
	"remark" text,
	CONSTRAINT "prepay_card_batches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "prepay_card_pays" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prepay_card_pays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"store" bigint NOT NULL,
	"pay_method" text DEFAULT 'CASH' NOT NULL,
	"total_amount" numeric(14, 2),
	"total_gift" numeric(14, 2),
	"line_count" integer,
	"state" text DEFAULT 'INITIAL',
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "prepay_card_pays_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "prepay_card_pays_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"card" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"gift" numeric(14, 2) DEFAULT '0',
	"remark" text,
	CONSTRAINT "prepay_card_pays_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "value_accounts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "value_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"holder_kind" text DEFAULT 'member' NOT NULL,
	"member_id" bigint,
	"member_number" text,
	"member_name" text,
	"mobile" text,
	"card_id" bigint,
	"principal" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"gift" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"principal_in" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"principal_out" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"gift_in" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"gift_out" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"state" text DEFAULT 'NORMAL' NOT NULL,
	"frozen_reason" text,
	"frozen_by" bigint,
	"frozen_at" timestamp (3) with time zone,
	"last_entry_at" timestamp (3) with time zone,
	CONSTRAINT "value_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_value_adjusts" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_value_adjusts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"store" bigint,
	"total_principal" numeric(14, 2),
	"total_gift" numeric(14, 2),
	"absolute_total" numeric(14, 2),
	"line_count" integer,
	"state" text DEFAULT 'INITIAL',
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "store_value_adjusts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_value_adjusts_lines" (
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"member" bigint NOT NULL,
	"principal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"gift" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reason" bigint NOT NULL,
	"remark" text,
	CONSTRAINT "store_value_adjusts_lines_tenant_id_parent_id_line_no_pk" PRIMARY KEY("tenant_id","parent_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "store_value_adjust_reasons" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_value_adjust_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"direction" text DEFAULT 'both' NOT NULL,
	"enabled" boolean DEFAULT true,
	"remark" text,
	CONSTRAINT "store_value_adjust_reasons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
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
CREATE TABLE "store_value_inits" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_value_inits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"store" bigint,
	"member" bigint NOT NULL,
	"principal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"gift" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(14, 2),
	"state" text DEFAULT 'INITIAL',
	"audited_at" timestamp (3) with time zone,
	"remark" text,
	CONSTRAINT "store_value_inits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
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
ALTER TABLE "points_accounts" ADD COLUMN "total_expired" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD COLUMN "entry_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "value_principal" numeric(14, 2) DEFAULT '0';--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "value_gift" numeric(14, 2) DEFAULT '0';--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "coupon_template" bigint;--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "coupon_count" integer DEFAULT 1;--> statement-breakpoint
CREATE INDEX "value_entries_account_idx" ON "value_entries" USING btree ("tenant_id","account_id","id");--> statement-breakpoint
CREATE INDEX "value_entries_member_idx" ON "value_entries" USING btree ("tenant_id","member_id","id") WHERE "value_entries"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "value_entries_card_idx" ON "value_entries" USING btree ("tenant_id","card_id","id") WHERE "value_entries"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "value_entries_time_idx" ON "value_entries" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "value_entries_recharge_day_idx" ON "value_entries" USING btree ("tenant_id","member_id","occurred_at") WHERE "value_entries"."kind" = 'recharge';--> statement-breakpoint
CREATE INDEX "value_entries_source_idx" ON "value_entries" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "value_entries_store_idx" ON "value_entries" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "value_entries_idem_uq" ON "value_entries" USING btree ("tenant_id","idempotency_key") WHERE "value_entries"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "value_gift_lots_open_idx" ON "value_gift_lots" USING btree ("tenant_id","account_id","entry_id") WHERE "value_gift_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "value_gift_lots_due_idx" ON "value_gift_lots" USING btree ("expires_at") WHERE "value_gift_lots"."remaining" > 0 and "value_gift_lots"."expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "value_payments_request_uq" ON "value_payments" USING btree ("tenant_id","request_no");--> statement-breakpoint
CREATE INDEX "value_payments_account_idx" ON "value_payments" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "value_payments_store_idx" ON "value_payments" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE INDEX "value_refunds_payment_idx" ON "value_refunds" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE INDEX "value_refunds_store_idx" ON "value_refunds" USING btree ("tenant_id","store_id");--> statement-breakpoint
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
CREATE INDEX "coupon_write_offs_audited_at_idx" ON "coupon_write_offs" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "imprest_card_sale_bills_number_uq" ON "imprest_card_sale_bills" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_number_trgm" ON "imprest_card_sale_bills" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_number_prefix" ON "imprest_card_sale_bills" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_store_idx" ON "imprest_card_sale_bills" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_buyer_type_idx" ON "imprest_card_sale_bills" USING btree ("tenant_id","buyer_type","id");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_member_idx" ON "imprest_card_sale_bills" USING btree ("tenant_id","member","id");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_company_name_trgm" ON "imprest_card_sale_bills" USING gin ("tenant_id","company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_paid_amount_idx" ON "imprest_card_sale_bills" USING btree ("tenant_id","paid_amount","id");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_pay_method_idx" ON "imprest_card_sale_bills" USING btree ("tenant_id","pay_method","id");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_state_idx" ON "imprest_card_sale_bills" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_audited_at_idx" ON "imprest_card_sale_bills" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "imprest_card_sale_bills_lines_template_idx" ON "imprest_card_sale_bills_lines" USING btree ("tenant_id","template");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_cards_number_uq" ON "prepay_cards" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "prepay_cards_number_trgm" ON "prepay_cards" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prepay_cards_number_prefix" ON "prepay_cards" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "prepay_cards_template_idx" ON "prepay_cards" USING btree ("tenant_id","template","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_card_type_idx" ON "prepay_cards" USING btree ("tenant_id","card_type","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_state_idx" ON "prepay_cards" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_balance_idx" ON "prepay_cards" USING btree ("tenant_id","balance","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_store_idx" ON "prepay_cards" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_member_idx" ON "prepay_cards" USING btree ("tenant_id","member","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_buyer_trgm" ON "prepay_cards" USING gin ("tenant_id","buyer" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prepay_cards_batch_idx" ON "prepay_cards" USING btree ("tenant_id","batch","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_sale_bill_idx" ON "prepay_cards" USING btree ("tenant_id","sale_bill","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_sold_at_idx" ON "prepay_cards" USING btree ("tenant_id","sold_at","id");--> statement-breakpoint
CREATE INDEX "prepay_cards_valid_to_idx" ON "prepay_cards" USING btree ("tenant_id","valid_to","id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_card_adjusts_number_uq" ON "prepay_card_adjusts" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "prepay_card_adjusts_number_trgm" ON "prepay_card_adjusts" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prepay_card_adjusts_number_prefix" ON "prepay_card_adjusts" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "prepay_card_adjusts_store_idx" ON "prepay_card_adjusts" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "prepay_card_adjusts_total_amount_idx" ON "prepay_card_adjusts" USING btree ("tenant_id","total_amount","id");--> statement-breakpoint
CREATE INDEX "prepay_card_adjusts_state_idx" ON "prepay_card_adjusts" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "prepay_card_adjusts_audited_at_idx" ON "prepay_card_adjusts" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "prepay_card_adjusts_lines_card_idx" ON "prepay_card_adjusts_lines" USING btree ("tenant_id","card");--> statement-breakpoint
CREATE INDEX "prepay_card_adjusts_lines_reason_idx" ON "prepay_card_adjusts_lines" USING btree ("tenant_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_card_adjust_reasons_code_uq" ON "prepay_card_adjust_reasons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "prepay_card_adjust_reasons_code_trgm" ON "prepay_card_adjust_reasons" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prepay_card_adjust_reasons_code_prefix" ON "prepay_card_adjust_reasons" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_card_adjust_reasons_name_uq" ON "prepay_card_adjust_reasons" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "prepay_card_adjust_reasons_name_trgm" ON "prepay_card_adjust_reasons" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prepay_card_adjust_reasons_direction_idx" ON "prepay_card_adjust_reasons" USING btree ("tenant_id","direction","id");--> statement-breakpoint
CREATE INDEX "prepay_card_adjust_reasons_enabled_idx" ON "prepay_card_adjust_reasons" USING btree ("tenant_id","enabled","id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_card_batches_number_uq" ON "prepay_card_batches" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "prepay_card_batches_number_trgm" ON "prepay_card_batches" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prepay_card_batches_number_prefix" ON "prepay_card_batches" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "prepay_card_batches_template_idx" ON "prepay_card_batches" USING btree ("tenant_id","template","id");--> statement-breakpoint
CREATE INDEX "prepay_card_batches_store_idx" ON "prepay_card_batches" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_card_pays_number_uq" ON "prepay_card_pays" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "prepay_card_pays_number_trgm" ON "prepay_card_pays" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prepay_card_pays_number_prefix" ON "prepay_card_pays" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "prepay_card_pays_store_idx" ON "prepay_card_pays" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "prepay_card_pays_pay_method_idx" ON "prepay_card_pays" USING btree ("tenant_id","pay_method","id");--> statement-breakpoint
CREATE INDEX "prepay_card_pays_total_amount_idx" ON "prepay_card_pays" USING btree ("tenant_id","total_amount","id");--> statement-breakpoint
CREATE INDEX "prepay_card_pays_state_idx" ON "prepay_card_pays" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "prepay_card_pays_audited_at_idx" ON "prepay_card_pays" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "prepay_card_pays_lines_card_idx" ON "prepay_card_pays_lines" USING btree ("tenant_id","card");--> statement-breakpoint
CREATE INDEX "value_accounts_member_id_idx" ON "value_accounts" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "value_accounts_member_number_trgm" ON "value_accounts" USING gin ("tenant_id","member_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "value_accounts_member_number_prefix" ON "value_accounts" USING btree ("tenant_id","member_number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "value_accounts_member_name_trgm" ON "value_accounts" USING gin ("tenant_id","member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "value_accounts_mobile_prefix" ON "value_accounts" USING btree ("tenant_id","mobile" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "value_accounts_principal_idx" ON "value_accounts" USING btree ("tenant_id","principal","id");--> statement-breakpoint
CREATE INDEX "value_accounts_gift_idx" ON "value_accounts" USING btree ("tenant_id","gift","id");--> statement-breakpoint
CREATE INDEX "value_accounts_balance_idx" ON "value_accounts" USING btree ("tenant_id","balance","id");--> statement-breakpoint
CREATE INDEX "value_accounts_state_idx" ON "value_accounts" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "value_accounts_last_entry_at_idx" ON "value_accounts" USING btree ("tenant_id","last_entry_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_adjusts_number_uq" ON "store_value_adjusts" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_number_trgm" ON "store_value_adjusts" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_adjusts_number_prefix" ON "store_value_adjusts" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_store_idx" ON "store_value_adjusts" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_total_principal_idx" ON "store_value_adjusts" USING btree ("tenant_id","total_principal","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_total_gift_idx" ON "store_value_adjusts" USING btree ("tenant_id","total_gift","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_absolute_total_idx" ON "store_value_adjusts" USING btree ("tenant_id","absolute_total","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_state_idx" ON "store_value_adjusts" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_audited_at_idx" ON "store_value_adjusts" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_lines_member_idx" ON "store_value_adjusts_lines" USING btree ("tenant_id","member");--> statement-breakpoint
CREATE INDEX "store_value_adjusts_lines_reason_idx" ON "store_value_adjusts_lines" USING btree ("tenant_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_adjust_reasons_code_uq" ON "store_value_adjust_reasons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_code_trgm" ON "store_value_adjust_reasons" USING gin ("tenant_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_code_prefix" ON "store_value_adjust_reasons" USING btree ("tenant_id","code" text_pattern_ops,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_adjust_reasons_name_uq" ON "store_value_adjust_reasons" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_name_trgm" ON "store_value_adjust_reasons" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_direction_idx" ON "store_value_adjust_reasons" USING btree ("tenant_id","direction","id");--> statement-breakpoint
CREATE INDEX "store_value_adjust_reasons_enabled_idx" ON "store_value_adjust_reasons" USING btree ("tenant_id","enabled","id");--> statement-breakpoint
CREATE INDEX "store_value_applicable_goods_goods_ref" ON "store_value_applicable_goods" USING gin ("tenant_id","goods");--> statement-breakpoint
CREATE INDEX "store_value_applicable_goods_categories_ref" ON "store_value_applicable_goods" USING gin ("tenant_id","categories");--> statement-breakpoint
CREATE INDEX "store_value_applicable_goods_brands_ref" ON "store_value_applicable_goods" USING gin ("tenant_id","brands");--> statement-breakpoint
CREATE INDEX "store_value_applicable_goods_stores_ref" ON "store_value_applicable_goods" USING gin ("tenant_id","stores");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_applicable_goods_singleton_uq" ON "store_value_applicable_goods" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_inits_number_uq" ON "store_value_inits" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "store_value_inits_number_trgm" ON "store_value_inits" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_inits_number_prefix" ON "store_value_inits" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "store_value_inits_store_idx" ON "store_value_inits" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_inits_member_uq" ON "store_value_inits" USING btree ("tenant_id","member");--> statement-breakpoint
CREATE INDEX "store_value_inits_principal_idx" ON "store_value_inits" USING btree ("tenant_id","principal","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_gift_idx" ON "store_value_inits" USING btree ("tenant_id","gift","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_balance_idx" ON "store_value_inits" USING btree ("tenant_id","balance","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_state_idx" ON "store_value_inits" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_audited_at_idx" ON "store_value_inits" USING btree ("tenant_id","audited_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_settings_singleton_uq" ON "store_value_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "batch_operations_coupon_template_ref" ON "batch_operations" USING btree ("tenant_id","coupon_template");--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_expired_exact" CHECK ("points_accounts"."total_expired" <= 9007199254740991);