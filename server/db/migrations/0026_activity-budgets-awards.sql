CREATE TABLE "activity_awards" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_no" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"local_day" date NOT NULL,
	"store_id" bigint,
	"points" bigint DEFAULT 0 NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"awards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sales_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost_party_id" bigint,
	"cause" text,
	"reversed_points" bigint DEFAULT 0 NOT NULL,
	"voided_coupons" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_awards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "activity_awards_points_bound" CHECK ("activity_awards"."points" between 0 and 1000000000)
);
--> statement-breakpoint
CREATE TABLE "activity_budgets" (
	"tenant_id" bigint NOT NULL,
	"activity_id" bigint NOT NULL,
	"bucket" text NOT NULL,
	"times" integer DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_budgets_tenant_id_activity_id_bucket_pk" PRIMARY KEY("tenant_id","activity_id","bucket")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "activity_awards_once_uq" ON "activity_awards" USING btree ("tenant_id","activity_id","source_type","source_no","member_id");--> statement-breakpoint
CREATE INDEX "activity_awards_day_idx" ON "activity_awards" USING btree ("tenant_id","activity_id","local_day");--> statement-breakpoint
CREATE INDEX "activity_awards_source_idx" ON "activity_awards" USING btree ("tenant_id","source_type","source_no");