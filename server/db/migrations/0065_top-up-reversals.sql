CREATE TABLE "top_up_reversals" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "top_up_reversals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"award_id" bigint NOT NULL,
	"activity_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_no" text NOT NULL,
	"refund_no" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"value_due" numeric(14, 2) DEFAULT '0' NOT NULL,
	"value_taken" numeric(14, 2) DEFAULT '0' NOT NULL,
	"points_due" bigint DEFAULT 0 NOT NULL,
	"points_taken" bigint DEFAULT 0 NOT NULL,
	"coupons_due" integer DEFAULT 0 NOT NULL,
	"coupons_voided" integer DEFAULT 0 NOT NULL,
	"voided_coupon_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cost_taken" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "top_up_reversals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "top_up_reversals_within" CHECK ("top_up_reversals"."value_taken" between 0 and "top_up_reversals"."value_due" and "top_up_reversals"."points_taken" between 0 and "top_up_reversals"."points_due"
      and "top_up_reversals"."coupons_voided" between 0 and "top_up_reversals"."coupons_due")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "top_up_reversals_once_uq" ON "top_up_reversals" USING btree ("tenant_id","award_id","refund_no");--> statement-breakpoint
CREATE INDEX "top_up_reversals_source_idx" ON "top_up_reversals" USING btree ("tenant_id","source_type","source_no");