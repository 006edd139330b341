CREATE TABLE "member_level_changes" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_level_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"from_level_id" bigint,
	"to_level_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"cause" text NOT NULL,
	"growth_value" bigint,
	"incentive_points" integer DEFAULT 0 NOT NULL,
	"incentive_coupons" text,
	"points_entry_id" bigint,
	"source_ref" text,
	"operator_id" bigint,
	"remark" text,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_level_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "member_level_changes_member_idx" ON "member_level_changes" USING btree ("tenant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "member_level_changes_level_idx" ON "member_level_changes" USING btree ("tenant_id","to_level_id");--> statement-breakpoint
CREATE INDEX "score_adjusts_lines_member_idx" ON "score_adjusts_lines" USING btree ("tenant_id","member");