CREATE TABLE "meituan_voucher_consumptions" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "meituan_voucher_consumptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" text NOT NULL,
	"store_id" bigint NOT NULL,
	"code" text NOT NULL,
	"count" integer NOT NULL,
	"deal_id" text NOT NULL,
	"deal_title" text NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"state" text DEFAULT 'CONSUMED' NOT NULL,
	"response" jsonb NOT NULL,
	"call_id" bigint NOT NULL,
	"user_id" bigint,
	"consumed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancel_call_id" bigint,
	"cancelled_by" bigint,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "meituan_voucher_consumptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "meituan_voucher_consumptions_state_check" CHECK ("meituan_voucher_consumptions"."state" in ('CONSUMED', 'CANCELLED')),
	CONSTRAINT "meituan_voucher_consumptions_count_check" CHECK ("meituan_voucher_consumptions"."count" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "meituan_voucher_consumptions_request_idx" ON "meituan_voucher_consumptions" USING btree ("tenant_id","request_id");--> statement-breakpoint
CREATE INDEX "meituan_voucher_consumptions_store_idx" ON "meituan_voucher_consumptions" USING btree ("tenant_id","store_id","id");