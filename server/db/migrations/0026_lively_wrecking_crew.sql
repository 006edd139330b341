CREATE TABLE "activity_birthday_runs" (
	"tenant_id" bigint NOT NULL,
	"local_date" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_birthday_runs_tenant_id_local_date_pk" PRIMARY KEY("tenant_id","local_date")
);
