ALTER TABLE "value_payments" ADD COLUMN "discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "value_payments" ADD COLUMN "refunded_discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "value_refunds" ADD COLUMN "discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_awards" ADD COLUMN "reversed_cost" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "value_payments" ADD CONSTRAINT "value_payments_discount" CHECK ("value_payments"."discount" >= 0 and "value_payments"."refunded_discount" >= 0 and "value_payments"."refunded_discount" <= "value_payments"."discount");