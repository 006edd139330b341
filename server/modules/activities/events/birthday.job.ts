import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import type { PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { loadActiveActivities } from '../activity.loader';
import { addDays, birthdayServedOn, birthdayYear, lunarBirthDatesOn, solarBirthdaysOn } from './birthday';
import { eventExclusion, isTimeExclusion } from './evaluate';
import { fireMemberEvent, localFacts, memberContext, type GiftLog } from './member-events';

/**
 * The birthday gifts (BIRTHDAY_GIFT, issue 13): a pg-boss job scheduled every hour
 * (`BIRTHDAY_CRON`, UTC); each run serves, per tenant with a running birthday activity, today
 * in the merchant's zone (again every hour, so an activity audited during the day still serves
 * today's birthdays) and the days a stopped console missed since the last day served
 * (`activity_birthday_runs`; at most `CATCH_UP_DAYS` back, an older miss is not made up). On a day D an activity with `daysBefore`
 * N gives to the members in use whose birthday (solar or lunar, birthday.ts) falls on D + N and
 * who are in its scope; once per member per activity per birthday year (the award's number is
 * the year), in one transaction per member. Run twice, or by two processes at once, it gives
 * once: the award's unique key decides.
 */

export const BIRTHDAY_JOB = 'activities.birthday-gifts';
export const BIRTHDAY_CRON = '17 * * * *';
/** How many missed days a run makes up at most (today included). */
export const CATCH_UP_DAYS = 7;
const PAGE = 500;

export interface BirthdayRunResult {
  readonly tenantId: number;
  readonly localDate: string;
  /** Members whose birthday the day served (before scope and limits). */
  readonly members: number;
  /** Givings made. */
  readonly given: number;
}

/**
 * The days a tenant's run serves: the days after the last one served (at most CATCH_UP_DAYS) and
 * today again, so an activity audited during the day still serves today's birthdays.
 */
function daysToServe(today: string, lastServed: string | null): string[] {
  const first = lastServed === null || lastServed >= today ? today : addDays(lastServed, 1);
  const earliest = addDays(today, 1 - CATCH_UP_DAYS);
  const days: string[] = [];
  for (let day = first > earliest ? first : earliest; day <= today; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Members in use whose birthday falls on `served`, by id after `after`. */
async function birthdayMembers(db: Db, tenantId: number, served: string, after: number): Promise<{ id: number; lunar: boolean }[]> {
  const solar = solarBirthdaysOn(served).map((p) => sql`(${p.month}, ${p.day})`);
  const lunarDates = lunarBirthDatesOn(served);
  const lunar = lunarDates.length === 0 ? sql`false` : sql`m.birthday = any(${`{${lunarDates.join(',')}}`}::date[])`;
  const result = await db.execute<{ id: number; birthday_type: string | null }>(sql`select m.id, m.birthday_type from members m
    where m.tenant_id = ${tenantId} and m.id > ${after} and lower(m.state) = 'using'
      and m.birthday is not null and m.birthday <= ${served}::date
      and ((coalesce(m.birthday_type, 'solar') <> 'lunar'
            and (extract(month from m.birthday)::int, extract(day from m.birthday)::int) in (${sql.join(solar, sql`, `)}))
        or (m.birthday_type = 'lunar' and ${lunar}))
    order by m.id limit ${PAGE}`);
  return result.rows.map((row) => ({ id: Number(row.id), lunar: row.birthday_type === 'lunar' }));
}

/** Serves one day of one tenant: every running birthday activity, grouped by its days before. */
async function serveDay(args: {
  db: Db;
  tenantId: number;
  day: string;
  activities: readonly PreparedActivity[];
  now: Date;
  log?: GiftLog;
}): Promise<BirthdayRunResult> {
  const { db, tenantId, day, now } = args;
  const byServed = new Map<string, PreparedActivity[]>();
  for (const activity of args.activities) {
    if (activity.rule.kind !== 'BIRTHDAY_GIFT') continue;
    const served = birthdayServedOn(day, activity.rule.daysBefore);
    byServed.set(served, [...(byServed.get(served) ?? []), activity]);
  }
  let members = 0;
  let given = 0;
  for (const [served, activities] of byServed) {
    for (let after = 0; ;) {
      const page = await birthdayMembers(db, tenantId, served, after);
      for (const member of page) {
        members += 1;
        after = member.id;
        const fired = await db.transaction(async (tx) => {
          const context = await memberContext(tx, tenantId, member.id, now);
          if (!context) return [];
          const event = { kind: 'BIRTHDAY_GIFT' } as const;
          const sourceNo = String(birthdayYear(served, member.lunar));
          return fireMemberEvent({
            tx,
            tenantId,
            memberId: member.id,
            event,
            source: 'birthday',
            sourceNo,
            now,
            activities,
            context,
            log: args.log,
          });
        });
        given += fired.length;
      }
      if (page.length < PAGE) break;
    }
  }
  return { tenantId, localDate: day, members, given };
}

/** Serves every tenant's birthday days due at `now`. */
export async function runBirthdayGifts(args: { db: Db; now: Date; tenantId?: number; log?: GiftLog }): Promise<BirthdayRunResult[]> {
  const { db, now } = args;
  const tenants = await db.execute<{ id: number; time_zone: string; last: string | null }>(sql`
    select t.id, t.time_zone, (select max(r.local_date)::text from activity_birthday_runs r where r.tenant_id = t.id) as last
    from tenants t ${args.tenantId === undefined ? sql`` : sql`where t.id = ${args.tenantId}`} order by t.id`);
  const results: BirthdayRunResult[] = [];
  for (const tenant of tenants.rows) {
    const tenantId = Number(tenant.id);
    const today = localFacts(now, tenant.time_zone).localDate;
    // The birthday activities running now (window and weekday as of now; scope per member).
    const facts = {
      ...localFacts(now, tenant.time_zone),
      memberId: 0,
      levelId: null,
      storeId: null,
      areaId: null,
      marketingCenterId: null,
      channelCode: null,
    };
    const activities = (await loadActiveActivities(db, tenantId, now)).filter(
      (a) => a.kind === 'BIRTHDAY_GIFT' && !isTimeExclusion(eventExclusion(a, facts)),
    );
    if (activities.length === 0) continue;
    for (const day of daysToServe(today, tenant.last)) {
      const result = await serveDay({ db, tenantId, day, activities, now, log: args.log });
      await db.execute(sql`insert into activity_birthday_runs (tenant_id, local_date, members, given, ran_at)
        values (${tenantId}, ${day}, ${result.members}, ${result.given}, ${now})
        on conflict (tenant_id, local_date) do update set members = excluded.members,
          given = activity_birthday_runs.given + excluded.given, ran_at = excluded.ran_at`);
      results.push(result);
    }
  }
  return results;
}
