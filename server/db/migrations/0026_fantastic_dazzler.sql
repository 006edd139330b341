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
ALTER TABLE "value_payments" ADD COLUMN "gift_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "value_gift_lots_open_idx" ON "value_gift_lots" USING btree ("tenant_id","account_id","entry_id") WHERE "value_gift_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "value_gift_lots_due_idx" ON "value_gift_lots" USING btree ("expires_at") WHERE "value_gift_lots"."remaining" > 0 and "value_gift_lots"."expires_at" is not null;