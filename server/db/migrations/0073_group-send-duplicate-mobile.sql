ALTER TABLE "group_send_recipients" ADD COLUMN "duplicate_mobile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- ---- Hand-written below (the column above is drizzle's) ----
-- Push plans sending SMS whose run is not over: which recipients share a phone with one of a lower id, decided now.
UPDATE "group_send_recipients" p SET "duplicate_mobile" = true
FROM (
  SELECT x."tenant_id", x."run_id", x."member_id",
    row_number() OVER (PARTITION BY x."tenant_id", x."run_id", x."phone" ORDER BY x."member_id") AS "n"
  FROM (
    SELECT g."tenant_id", g."run_id", g."member_id", nullif(right(regexp_replace(coalesce(m."mobile", ''), '[^0-9]', '', 'g'), 11), '') AS "phone"
    FROM "group_send_recipients" g
    JOIN "group_send_runs" r ON r."tenant_id" = g."tenant_id" AND r."id" = g."run_id" AND r."state" IN ('RUNNING', 'PAUSED', 'FAILED', 'AWAITING_APPROVAL')
    JOIN "activities" a ON a."tenant_id" = r."tenant_id" AND a."id" = r."activity_id" AND a."kind" = 'PUSH_PLAN' AND a."rule" -> 'pushChannels' ? 'SMS'
    JOIN "members" m ON m."tenant_id" = g."tenant_id" AND m."id" = g."member_id"
  ) x
  WHERE x."phone" IS NOT NULL
) d
WHERE d."n" > 1 AND p."tenant_id" = d."tenant_id" AND p."run_id" = d."run_id" AND p."member_id" = d."member_id";
