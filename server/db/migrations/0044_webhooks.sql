CREATE TABLE "webhook_clock" (
	"name" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"event_id" uuid NOT NULL,
	"event" text NOT NULL,
	"member_id" bigint,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"give_up_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_deliveries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
	"tenant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"sealed" text NOT NULL,
	"previous_sealed" text,
	"previous_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	CONSTRAINT "webhook_secrets_tenant_id_application_id_pk" PRIMARY KEY("tenant_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "webhook_events" text[];--> statement-breakpoint
CREATE INDEX "webhook_deliveries_application_idx" ON "webhook_deliveries" USING btree ("tenant_id","application_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("tenant_id","application_id","member_id","id") WHERE state = 'PENDING';