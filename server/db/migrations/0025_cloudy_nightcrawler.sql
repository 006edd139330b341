CREATE TABLE "prepay_card_secret_attempts" (
	"tenant_id" bigint NOT NULL,
	"number" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prepay_card_secret_attempts_tenant_id_number_pk" PRIMARY KEY("tenant_id","number")
);
--> statement-breakpoint
CREATE INDEX "prepay_card_secret_attempts_updated_idx" ON "prepay_card_secret_attempts" USING btree ("updated_at");