ALTER TABLE "batch_operations" ADD COLUMN "value_principal" numeric(14, 2) DEFAULT '0';--> statement-breakpoint
ALTER TABLE "batch_operations" ADD COLUMN "value_gift" numeric(14, 2) DEFAULT '0';