CREATE TABLE "topics" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"title" text NOT NULL,
	"intro" text,
	"banner" text,
	"activities" bigint[] NOT NULL,
	"state" text DEFAULT 'INITAIL',
	"begin_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "topics_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "topics_title_trgm" ON "topics" USING gin ("tenant_id","title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topics_title_idx" ON "topics" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "topics_activities_ref" ON "topics" USING gin ("tenant_id","activities");--> statement-breakpoint
CREATE INDEX "topics_state_idx" ON "topics" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "topics_begin_time_idx" ON "topics" USING btree ("tenant_id","begin_time","id");--> statement-breakpoint
CREATE INDEX "topics_end_time_idx" ON "topics" USING btree ("tenant_id","end_time","id");--> statement-breakpoint
CREATE INDEX "topics_state_window" ON "topics" USING btree ("tenant_id","state","begin_time","end_time");