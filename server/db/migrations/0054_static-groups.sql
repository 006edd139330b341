CREATE TABLE "customer_group_members" (
	"tenant_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_group_members_tenant_id_group_id_member_id_pk" PRIMARY KEY("tenant_id","group_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "customer_groups" ALTER COLUMN "rule" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD COLUMN "group_type" text DEFAULT 'CONDITIONS';--> statement-breakpoint
CREATE INDEX "customer_group_members_member" ON "customer_group_members" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "customer_groups_group_type_idx" ON "customer_groups" USING btree ("tenant_id","group_type","id");