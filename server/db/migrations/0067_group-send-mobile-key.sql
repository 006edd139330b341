ALTER TABLE "group_send_recipients" ADD COLUMN "mobile_key" text;--> statement-breakpoint
CREATE INDEX "group_send_recipients_mobile" ON "group_send_recipients" USING btree ("tenant_id","run_id","mobile_key","member_id") WHERE "group_send_recipients"."mobile_key" is not null;--> statement-breakpoint
-- ---- Hand-written below (the column and index above are drizzle's) ----
-- Push plans sending SMS whose run is not over keep finding duplicate mobiles: their recipients' keys, frozen now.
UPDATE "group_send_recipients" p SET "mobile_key" = nullif(right(regexp_replace(coalesce(m."mobile", ''), '[^0-9]', '', 'g'), 11), '')
FROM "group_send_runs" r, "activities" a, "members" m
WHERE r."tenant_id" = p."tenant_id" AND r."id" = p."run_id" AND r."state" IN ('RUNNING', 'PAUSED', 'FAILED')
  AND a."tenant_id" = r."tenant_id" AND a."id" = r."activity_id" AND a."kind" = 'PUSH_PLAN' AND a."rule" -> 'pushChannels' ? 'SMS'
  AND m."tenant_id" = p."tenant_id" AND m."id" = p."member_id";
