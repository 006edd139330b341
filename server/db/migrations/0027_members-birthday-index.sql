-- Hand-written (drizzle-kit cannot declare expression indexes on a derived table): the birthday
-- job (server/modules/activities/events/birthday.job.ts) finds the members whose solar birthday
-- falls on a day by month and day, and lunar members by their exact birth dates.
CREATE INDEX IF NOT EXISTS "members_birthday_month_day_idx" ON "members"
  USING btree ("tenant_id", (extract(month from "birthday")::int), (extract(day from "birthday")::int))
  WHERE "birthday" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_birthday_idx" ON "members" USING btree ("tenant_id", "birthday") WHERE "birthday" IS NOT NULL;
