CREATE TABLE "prepay_card_secrets" (
	"tenant_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "prepay_card_secrets_tenant_id_card_id_pk" PRIMARY KEY("tenant_id","card_id")
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
CREATE UNIQUE INDEX "store_value_inits_number_uq" ON "store_value_inits" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "store_value_inits_number_trgm" ON "store_value_inits" USING gin ("tenant_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_value_inits_number_prefix" ON "store_value_inits" USING btree ("tenant_id","number" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "store_value_inits_store_idx" ON "store_value_inits" USING btree ("tenant_id","store","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_value_inits_member_uq" ON "store_value_inits" USING btree ("tenant_id","member");--> statement-breakpoint
CREATE INDEX "store_value_inits_principal_idx" ON "store_value_inits" USING btree ("tenant_id","principal","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_gift_idx" ON "store_value_inits" USING btree ("tenant_id","gift","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_balance_idx" ON "store_value_inits" USING btree ("tenant_id","balance","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_state_idx" ON "store_value_inits" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "store_value_inits_audited_at_idx" ON "store_value_inits" USING btree ("tenant_id","audited_at","id");