ALTER TABLE "points_accounts" ADD COLUMN "total_expired" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD COLUMN "entry_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_expired_exact" CHECK ("points_accounts"."total_expired" <= 9007199254740991);