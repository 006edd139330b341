import { sql, type SQL } from 'drizzle-orm';
import { pushPlanSettingResource } from '../../../../resources/setting/push-plan-setting.resource';
import type { DbOrTx } from '../../../db/connection';

/**
 * A member's marketing touches, which the merchant's caps per day and per week limit across
 * channels (`push-plan-setting`): each push run that reached the member (whatever its channels)
 * and each splash-screen campaign the app showed them on a day (`splash_offer_views`). The push
 * plans' messages (push-plan.deliver.ts) and the splash-screen offer (../claims/claim.service.ts)
 * count them alike. The day and the week start at the merchant's midnight.
 */

/** The merchant's caps, from its settings row or their declared defaults before the first save. */
export interface TouchCaps {
  readonly capPerDay: number;
  readonly capPerWeek: number;
}

export async function touchCaps(db: DbOrTx, tenantId: number): Promise<TouchCaps & { optOutText: string }> {
  const found = await db.execute<{ cap_per_day: number | null; cap_per_week: number | null; opt_out_text: string | null }>(
    sql`select cap_per_day, cap_per_week, opt_out_text from push_plan_settings where tenant_id = ${tenantId} limit 1`,
  );
  const row = found.rows[0];
  const f = pushPlanSettingResource.fields;
  return {
    capPerDay: Number(row?.cap_per_day ?? f.capPerDay.defaultValue),
    capPerWeek: Number(row?.cap_per_week ?? f.capPerWeek.defaultValue),
    optOutText: String(row?.opt_out_text ?? f.optOutText.defaultValue),
  };
}

/** The start of the merchant's day of `now`, and of the 7 days ending with it. */
const dayStart = (now: Date, zone: string): SQL => sql`(date_trunc('day', ${now}::timestamptz at time zone ${zone}) at time zone ${zone})`;
const weekStart = (now: Date, zone: string): SQL =>
  sql`((date_trunc('day', ${now}::timestamptz at time zone ${zone}) - interval '6 days') at time zone ${zone})`;

/**
 * A select of one row, `today` and `week`: one member's touches since the merchant's midnight and
 * over the 7 days ending today (0 when none): push runs other than `exceptRun` whose message to
 * them was sent (or is being sent), a run counting once whatever its channels, plus the
 * splash-screen campaigns shown to them (one per campaign a day). `member` may name a column of
 * the row it is joined to laterally (a push plan's batch, push-plan.deliver.ts): it is then read
 * for each member by the two indexes (`push_deliveries_member`, `splash_offer_views_member`), a
 * probe per member bounded by the week, never a scan of the merchant's week nor a join whose
 * plan hangs on an estimate.
 */
export function touchCounts(args: TouchesOf): SQL {
  const day = dayStart(args.now, args.zone);
  return sql`select count(distinct t.touch) filter (where t.at >= ${day}) as today, count(distinct t.touch) as week
    from (
      select 'run:' || d.run_id as touch, d.created_at as at from ${runTouches(args)}
      union all
      select 'splash:' || s.activity_id || ':' || s.local_day, s.shown_at from ${splashTouches(args)}) t`;
}

/** Whose touches: the merchant, the member (a value, or a column of the row joined laterally), from when, and the run not counted. */
interface TouchesOf {
  readonly tenantId: number;
  readonly member: SQL;
  readonly now: Date;
  readonly zone: string;
  readonly exceptRun?: number;
}

/** The member's messages of push runs this week (`from` … `where`, alias `d`). */
const runTouches = (args: TouchesOf): SQL => sql`push_deliveries d
  where d.tenant_id = ${args.tenantId} and d.member_id = ${args.member} and d.created_at >= ${weekStart(args.now, args.zone)}
    and d.run_id <> ${args.exceptRun ?? -1} and d.result in ('SENDING', 'SENT')`;

/** The splash-screen campaigns shown to the member this week (`from` … `where`, alias `s`). */
const splashTouches = (args: TouchesOf): SQL => sql`splash_offer_views s
  where s.tenant_id = ${args.tenantId} and s.member_id = ${args.member} and s.shown_at >= ${weekStart(args.now, args.zone)}`;

/**
 * Whether one more touch of the member now would pass a cap ({@link capReached}), as SQL: the
 * same counts ({@link touchCounts}), counted only for a member touched this week at all (two
 * probes that stop at the first entry; most members of a large plan were not touched, and
 * counting costs more than finding nothing). A cap of 0 lets nobody through.
 */
export function capReachedSql(args: TouchesOf & { caps: TouchCaps }): SQL {
  if (args.caps.capPerDay <= 0 || args.caps.capPerWeek <= 0) return sql`true`;
  // `offset 0`: each exists stays a probe (never the "hashed" alternative, which reads the merchant's whole week once).
  return sql`(case when exists (select 1 from ${runTouches(args)} offset 0) or exists (select 1 from ${splashTouches(args)} offset 0)
    then (select x.today >= ${args.caps.capPerDay} or x.week >= ${args.caps.capPerWeek} from (${touchCounts(args)}) x)
    else false end)`;
}

/** Whether one more touch of the member now would pass a cap. */
export function capReached(touches: { today: number; week: number }, caps: TouchCaps): boolean {
  return touches.today >= caps.capPerDay || touches.week >= caps.capPerWeek;
}
