CREATE TABLE "points_accounts" (
	"tenant_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"total_earned" bigint DEFAULT 0 NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_tenant_id_member_id_pk" PRIMARY KEY("tenant_id","member_id"),
	CONSTRAINT "points_accounts_balance_non_negative" CHECK ("points_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "points_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text,
	"store_id" bigint,
	"operator_id" bigint,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"remark" text,
	"idempotency_key" text,
	CONSTRAINT "points_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "points_lots" (
	"tenant_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "points_lots_tenant_id_entry_id_pk" PRIMARY KEY("tenant_id","entry_id"),
	CONSTRAINT "points_lots_remaining_non_negative" CHECK ("points_lots"."remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"yuan_per_point" numeric(12, 2) DEFAULT '1.00' NOT NULL,
	"expiry_mode" text DEFAULT 'never' NOT NULL,
	"expiry_months" integer DEFAULT 12 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_returns" (
	"tenant_id" bigint NOT NULL,
	"return_no" text NOT NULL,
	"order_no" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reversed_points" bigint NOT NULL,
	"response" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_returns_tenant_id_return_no_pk" PRIMARY KEY("tenant_id","return_no")
);
--> statement-breakpoint
CREATE TABLE "sales_transactions" (
	"tenant_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"member_id" bigint NOT NULL,
	"store_id" bigint,
	"amount" numeric(14, 2) NOT NULL,
	"points" bigint NOT NULL,
	"returned_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reversed_points" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_transactions_tenant_id_order_no_pk" PRIMARY KEY("tenant_id","order_no")
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"tenant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counters_tenant_id_name_pk" PRIMARY KEY("tenant_id","name")
);
--> statement-breakpoint
CREATE INDEX "points_entries_member_idx" ON "points_entries" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "points_entries_time_idx" ON "points_entries" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "points_entries_source_idx" ON "points_entries" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_idem_uq" ON "points_entries" USING btree ("tenant_id","idempotency_key") WHERE "points_entries"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "points_lots_member_idx" ON "points_lots" USING btree ("tenant_id","member_id","expires_at","entry_id") WHERE "points_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "points_lots_expiry_idx" ON "points_lots" USING btree ("tenant_id","expires_at") WHERE "points_lots"."remaining" > 0;