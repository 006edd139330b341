CREATE TABLE "activity_birthday_runs" (
	"tenant_id" bigint NOT NULL,
	"local_date" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_birthday_runs_tenant_id_local_date_pk" PRIMARY KEY("tenant_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "invited_by" bigint;--> statement-breakpoint
CREATE INDEX "members_invited_by_idx" ON "members" USING btree ("tenant_id","invited_by","id");