CREATE TABLE "customer_groups" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "customer_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"name" text NOT NULL,
	"description" text,
	"rule" text NOT NULL,
	"member_count" integer,
	"counted_at" timestamp (3) with time zone,
	CONSTRAINT "customer_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_tags" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"name" text NOT NULL,
	"tag_type" text DEFAULT 'MANUAL' NOT NULL,
	"description" text,
	"rule" text,
	"member_count" integer DEFAULT 0,
	"last_run_at" timestamp (3) with time zone,
	CONSTRAINT "member_tags_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_tag_links" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_tag_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"member" bigint NOT NULL,
	"tag" bigint NOT NULL,
	"source" text DEFAULT 'MANUAL' NOT NULL,
	"tagged_at" timestamp (3) with time zone,
	CONSTRAINT "member_tag_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "customer_groups_name_trgm" ON "customer_groups" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_groups_name_idx" ON "customer_groups" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "customer_groups_member_count_idx" ON "customer_groups" USING btree ("tenant_id","member_count","id");--> statement-breakpoint
CREATE INDEX "member_tags_name_trgm" ON "member_tags" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_tags_name_idx" ON "member_tags" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "member_tags_tag_type_idx" ON "member_tags" USING btree ("tenant_id","tag_type","id");--> statement-breakpoint
CREATE INDEX "member_tags_member_count_idx" ON "member_tags" USING btree ("tenant_id","member_count","id");--> statement-breakpoint
CREATE INDEX "member_tag_links_member_idx" ON "member_tag_links" USING btree ("tenant_id","member","id");--> statement-breakpoint
CREATE INDEX "member_tag_links_tag_idx" ON "member_tag_links" USING btree ("tenant_id","tag","id");--> statement-breakpoint
CREATE INDEX "member_tag_links_source_idx" ON "member_tag_links" USING btree ("tenant_id","source","id");--> statement-breakpoint
CREATE INDEX "member_tag_links_tagged_at_idx" ON "member_tag_links" USING btree ("tenant_id","tagged_at","id");--> statement-breakpoint
CREATE INDEX "sales_transactions_member_time_idx" ON "sales_transactions" USING btree ("tenant_id","member_id","occurred_at");--> statement-breakpoint
-- One row per member and tag (drizzle derives no compound unique index from a declaration): a
-- rule's insert and a person's save meet on it (server/modules/audiences).
CREATE UNIQUE INDEX "member_tag_links_tag_member_uq" ON "member_tag_links" USING btree ("tenant_id","tag","member");
