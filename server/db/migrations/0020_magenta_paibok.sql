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
CREATE INDEX "value_entries_account_idx" ON "value_entries" USING btree ("tenant_id","account_id","id");--> statement-breakpoint
CREATE INDEX "value_entries_member_idx" ON "value_entries" USING btree ("tenant_id","member_id","id") WHERE "value_entries"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "value_entries_card_idx" ON "value_entries" USING btree ("tenant_id","card_id","id") WHERE "value_entries"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "value_entries_time_idx" ON "value_entries" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "value_entries_source_idx" ON "value_entries" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "value_entries_store_idx" ON "value_entries" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "value_entries_idem_uq" ON "value_entries" USING btree ("tenant_id","idempotency_key") WHERE "value_entries"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "value_payments_request_uq" ON "value_payments" USING btree ("tenant_id","request_no");--> statement-breakpoint
CREATE INDEX "value_payments_account_idx" ON "value_payments" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "value_payments_store_idx" ON "value_payments" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE INDEX "value_refunds_payment_idx" ON "value_refunds" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE INDEX "value_refunds_store_idx" ON "value_refunds" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE INDEX "value_accounts_member_id_idx" ON "value_accounts" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "value_accounts_principal_idx" ON "value_accounts" USING btree ("tenant_id","principal","id");--> statement-breakpoint
CREATE INDEX "value_accounts_gift_idx" ON "value_accounts" USING btree ("tenant_id","gift","id");--> statement-breakpoint
CREATE INDEX "value_accounts_balance_idx" ON "value_accounts" USING btree ("tenant_id","balance","id");--> statement-breakpoint
CREATE INDEX "value_accounts_state_idx" ON "value_accounts" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "value_accounts_last_entry_at_idx" ON "value_accounts" USING btree ("tenant_id","last_entry_at","id");