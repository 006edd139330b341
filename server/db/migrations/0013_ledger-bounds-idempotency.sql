CREATE TABLE "idempotency_keys" (
	"tenant_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_operation_key_pk" PRIMARY KEY("tenant_id","operation","key")
);
--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_balance_bound" CHECK ("points_accounts"."balance" <= 1000000000000);--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_totals_exact" CHECK ("points_accounts"."total_earned" <= 9007199254740991 and "points_accounts"."total_spent" <= 9007199254740991);--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_delta_bound" CHECK ("points_entries"."delta" between -1000000000 and 1000000000);--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_remaining_bound" CHECK ("points_lots"."remaining" <= 1000000000);