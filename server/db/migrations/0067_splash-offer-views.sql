CREATE TABLE "splash_offer_views" (
	"tenant_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"activity_id" bigint NOT NULL,
	"local_day" date NOT NULL,
	"shown_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "splash_offer_views_tenant_id_member_id_activity_id_local_day_pk" PRIMARY KEY("tenant_id","member_id","activity_id","local_day")
);
--> statement-breakpoint
CREATE INDEX "splash_offer_views_member" ON "splash_offer_views" USING btree ("tenant_id","member_id","shown_at");