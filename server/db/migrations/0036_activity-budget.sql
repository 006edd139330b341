ALTER TABLE "activities" ADD COLUMN "budget" jsonb;--> statement-breakpoint
-- The five budget columns move into the one jsonb `budget` (resources/promotion/activity-parts.ts
-- `budgetField`): no list filters or sorts on a budget, only the engine reads it. Members keep
-- the API's names; an activity without any budget keeps null, as a save without one stores.
UPDATE "activities" SET "budget" = jsonb_build_object(
    'totalPoints', "budget_total_points",
    'totalCoupons', "budget_total_coupons",
    'totalTimes', "budget_total_times",
    'perMemberTimes', "budget_per_member_times",
    'perMemberPerDayTimes', "budget_per_member_per_day_times")
  WHERE coalesce("budget_total_points", "budget_total_coupons", "budget_total_times", "budget_per_member_times",
    "budget_per_member_per_day_times") IS NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "budget_total_points";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "budget_total_coupons";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "budget_total_times";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "budget_per_member_times";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "budget_per_member_per_day_times";
