-- The money ledger's account table (value_accounts) is derived from the declaration
-- resources/deposit/store-value-account.resource.ts, which cannot state CHECKs or partial unique
-- indexes. They are here: one account per holder, one kind of holder per row, no portion below
-- zero, the balance always the sum of the portions (server/modules/ledger/README.md).
CREATE UNIQUE INDEX "value_accounts_member_uq" ON "value_accounts" ("tenant_id", "member_id") WHERE "holder_kind" = 'member';--> statement-breakpoint
CREATE UNIQUE INDEX "value_accounts_card_uq" ON "value_accounts" ("tenant_id", "card_id") WHERE "holder_kind" = 'card';--> statement-breakpoint
ALTER TABLE "value_accounts" ADD CONSTRAINT "value_accounts_holder" CHECK (
  ("holder_kind" = 'member' AND "member_id" IS NOT NULL AND "card_id" IS NULL)
  OR ("holder_kind" = 'card' AND "card_id" IS NOT NULL AND "member_id" IS NULL));--> statement-breakpoint
ALTER TABLE "value_accounts" ADD CONSTRAINT "value_accounts_portions_non_negative" CHECK ("principal" >= 0 AND "gift" >= 0);--> statement-breakpoint
ALTER TABLE "value_accounts" ADD CONSTRAINT "value_accounts_balance_is_sum" CHECK ("balance" = "principal" + "gift");--> statement-breakpoint
ALTER TABLE "value_accounts" ADD CONSTRAINT "value_accounts_totals_non_negative" CHECK (
  "principal_in" >= 0 AND "principal_out" >= 0 AND "gift_in" >= 0 AND "gift_out" >= 0);--> statement-breakpoint
ALTER TABLE "value_accounts" ADD CONSTRAINT "value_accounts_state" CHECK ("state" IN ('NORMAL', 'FROZEN'));
