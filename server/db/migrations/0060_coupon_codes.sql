CREATE TABLE "coupon_codes" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coupon_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" bigint NOT NULL,
	"code" text NOT NULL,
	"member_id" bigint,
	"coupon_id" bigint,
	"bound_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "third_party_cancels" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "third_party_cancels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"request_no" text NOT NULL,
	"issue_request_no" text NOT NULL,
	"member_id" bigint NOT NULL,
	"coupon_ids" jsonb NOT NULL,
	"reason" text,
	"cancelled_by" bigint,
	"cancelled_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "third_party_cancels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code" ON "coupon_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "coupon_codes_activity" ON "coupon_codes" USING btree ("tenant_id","activity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_cancels_request" ON "third_party_cancels" USING btree ("tenant_id","application_id","request_no");--> statement-breakpoint
CREATE INDEX "third_party_cancels_activity" ON "third_party_cancels" USING btree ("tenant_id","activity_id","id");