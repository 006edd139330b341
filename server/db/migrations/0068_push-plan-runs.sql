ALTER TABLE "group_send_runs" DROP CONSTRAINT "group_send_runs_state";--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "scheduled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "due_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "approval" jsonb;--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "approved_by" bigint;--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "push_plan_settings" ADD COLUMN "catch_up_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
CREATE INDEX "group_send_runs_awaiting" ON "group_send_runs" USING btree ("tenant_id","due_until") WHERE "group_send_runs"."state" = 'AWAITING_APPROVAL';--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD CONSTRAINT "group_send_runs_state" CHECK ("group_send_runs"."state" in ('RUNNING', 'PAUSED', 'STOPPED', 'DONE', 'FAILED', 'AWAITING_APPROVAL', 'SKIPPED'));