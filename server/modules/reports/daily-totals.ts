import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../crud/actor';
import type { DailyTotals } from '../../crud/query-view.source';
import { DAILY_TOTALS_ZONE } from '../../db/schema/daily-totals.schema';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The ledgers' daily totals as the reports read them (README.md): each report's source names
 * which of its filters and dimensions the daily rows answer, and the rows are aliased as the
 * ledger's entries (`e`, the store `s`, a card's template `t`), so the source's expressions
 * read them unchanged.
 */

const STORE_JOIN = sql`left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id`;

/** What every daily source shares: its zone, day and count. */
const DAILY_PARTS = { zone: DAILY_TOTALS_ZONE, day: sql`e.day`, count: sql`e.entries` } as const;

/** The points ledger's daily totals (points_daily), within the actor's tenant. */
export function pointsDaily<const F extends string, const D extends string>(answers: {
  filters: readonly F[];
  dimensions: readonly D[];
}): Omit<DailyTotals, 'filters' | 'dimensions'> & { filters: readonly F[]; dimensions: readonly D[] } {
  return {
    ...DAILY_PARTS,
    from: sql`points_daily e ${STORE_JOIN}`,
    scope: (actor: Actor) => sql`e.tenant_id = ${actor.tenantId}`,
    ...answers,
  };
}

/**
 * The value ledger's daily totals (value_daily) of the rows `scope` keeps (members' stored
 * value, or the cards of a type), joined to `joins` (a card template `t` on `e.card_template`).
 */
export function valueDaily<const F extends string, const D extends string>(answers: {
  scope: (actor: Actor) => SQL;
  joins?: SQL;
  filters: readonly F[];
  dimensions: readonly D[];
  measures?: Readonly<Record<string, SQL>>;
}): Omit<DailyTotals, 'filters' | 'dimensions'> & { filters: readonly F[]; dimensions: readonly D[] } {
  const { joins, ...rest } = answers;
  return {
    ...DAILY_PARTS,
    from: sql`value_daily e ${STORE_JOIN}${joins ? sql` ${joins}` : sql``}`,
    ...rest,
  };
}

/**
 * The points ledger by tenant, day (of `zone`), store and kind as `d` (`delta`, `delta_in`: the
 * positive part): the daily totals for a reader of their zone, the entries for another.
 */
export function pointsDays(zone: string): SQL {
  if (zone === DAILY_TOTALS_ZONE) return sql`points_daily d`;
  return sql`(select tenant_id, (occurred_at at time zone ${zone})::date as day, store_id, kind, delta,
    greatest(delta, 0) as delta_in from points_entries) d`;
}
