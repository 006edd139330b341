DROP INDEX "push_deliveries_member";--> statement-breakpoint
ALTER TABLE "group_send_runs" ADD COLUMN "served_through" bigint;--> statement-breakpoint
CREATE INDEX "push_deliveries_member" ON "push_deliveries" USING btree ("tenant_id","member_id","created_at") WHERE "push_deliveries"."result" in ('SENDING', 'SENT');