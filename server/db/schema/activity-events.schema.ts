import { bigint, date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * The days the birthday-gift job has served per tenant (server/modules/activities/events/
 * birthday.job.ts): one row per tenant and merchant-local day, written when the day's gifts are
 * done, so an hourly run serves each day once and a console stopped over a day makes it up on the
 * next run (up to a week back). What each member got is in `activity_awards`.
 */
export const activityBirthdayRuns = pgTable(
  'activity_birthday_runs',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    members: integer('members').notNull().default(0),
    given: integer('given').notNull().default(0),
    ranAt: timestamp('ran_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.localDate] })],
);
