import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import { tenantCache } from '../../auth/tenant-cache';
import type { PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { loadActiveActivities } from '../activity.loader';

/**
 * Each tenant's active set (its AUDITED activities not past their end, prepared by the loader)
 * and its time zone, kept in memory and prepared again only after a change: a trigger on
 * `activities` announces every change at commit as `activities:<tenant id>` (hand-written
 * migration `activities-notify`) and every process drops its copy. While notifications may be
 * missed (the listening connection is down) nothing is kept: every sale loads the set.
 *
 * A load that started before a change is not kept (the tenant's generation moved meanwhile).
 */

export interface ActiveSet {
  readonly activities: readonly PreparedActivity[];
  readonly timeZone: string;
  /** Whether any activity needs the store's area / marketing centre, the member's level, the goods' category / brand. */
  readonly needs: { readonly store: boolean; readonly level: boolean; readonly goodsMaster: boolean };
}

const sets = tenantCache<ActiveSet, DbOrTx>(
  'activities',
  async (db, tenantId) => activeSetOf(await loadActiveActivities(db, tenantId), await timeZoneOf(db, tenantId)),
  { tables: ['activities'] },
);

/** Drops a tenant's set (null: every tenant's); the next sale prepares it again. */
export function forgetActiveSet(tenantId: number | null): void {
  sets.forget(tenantId);
}

/** What the sale must read besides the active set, for these activities. */
export function needsOf(activities: readonly PreparedActivity[]): ActiveSet['needs'] {
  let store = false;
  let level = false;
  let goodsMaster = false;
  for (const activity of activities) {
    if (activity.areaIds.length > 0 || activity.marketingCenterId !== null) store = true;
    if (activity.levelIds.length > 0) level = true;
    const goods = 'goods' in activity.rule ? activity.rule.goods : null;
    if (goods && (goods.categoryCodes.length > 0 || goods.brandCodes.length > 0)) goodsMaster = true;
  }
  return { store, level, goodsMaster };
}

async function timeZoneOf(db: DbOrTx, tenantId: number): Promise<string> {
  const result = await db.execute<{ time_zone: string | null }>(sql`select time_zone from tenants where id = ${tenantId}`);
  return result.rows[0]?.time_zone ?? 'Asia/Shanghai';
}

/** Prepares a set from activities (also the simulator's, with its extra activities). */
export function activeSetOf(activities: readonly PreparedActivity[], timeZone: string): ActiveSet {
  return { activities, timeZone, needs: needsOf(activities) };
}

/** The tenant's active set: kept from the last change, or loaded now. */
export function activeSet(db: DbOrTx, tenantId: number): Promise<ActiveSet> {
  return sets.get(db, tenantId);
}
