CREATE TABLE "file_task_chunks" (
	"tenant_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"part" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_task_chunks_tenant_id_task_id_part_seq_pk" PRIMARY KEY("tenant_id","task_id","part","seq")
);
--> statement-breakpoint
CREATE TABLE "file_tasks" (
	"tenant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "file_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"module" text NOT NULL,
	"direction" text NOT NULL,
	"resource" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"params" jsonb NOT NULL,
	"output_name" text,
	"error_key" text,
	"error_values" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "file_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "file_tasks_user_idx" ON "file_tasks" USING btree ("tenant_id","user_id","id");