import { getTableName, sql, type SQL } from 'drizzle-orm';
import { memberResource } from '../../../resources/member/member.resource';
import { deriveTable } from '../../crud/table.derive';
import type { Actor } from '../../crud/actor';
import type { DailyDistinct, DailyTotals } from '../../crud/query-view.source';
import { DAILY_TOTALS_ZONE } from '../../db/schema/daily-totals.schema';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The ledgers' daily totals as the reports read them (README.md): each report's source names
 * which of its filters and dimensions the daily rows answer, and the rows are aliased as the
 * ledger's entries (`e`, the store `s`, a card's template `t`), so the source's expressions
 * read them unchanged.
 */

const MEMBERS_TABLE = sql.identifier(getTableName(deriveTable(memberResource)));

const STORE_JOIN = sql`left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id`;

/** What every daily source of a ledger shares: its zone, day and count. */
const DAILY_PARTS = { zone: DAILY_TOTALS_ZONE, day: sql`e.day`, count: sql`e.entries` } as const;

type Answers<F extends string, D extends string> = Omit<DailyTotals, 'filters' | 'dimensions'> & {
  filters: readonly F[];
  dimensions: readonly D[];
};

/** A daily table read both ways: `from` (each day's rows) and `rows` (keys and sums, months besides), declared once. */
function dailyTable(rows: NonNullable<DailyTotals['rows']> & { readonly joins: SQL }): Pick<DailyTotals, 'from' | 'rows'> {
  return { from: sql`${rows.table} ${sql.raw(rows.alias)} ${rows.joins}`, rows };
}

/**
 * The points ledger's daily totals (points_daily), within the actor's tenant, as one table of keys
 * and sums: a range's whole months read its monthly rows (points_monthly).
 */
export function pointsDaily<const F extends string, const D extends string>(answers: {
  filters: readonly F[];
  dimensions: readonly D[];
}): Answers<F, D> {
  return {
    ...DAILY_PARTS,
    ...dailyTable({
      table: sql`points_daily`,
      alias: 'e',
      joins: STORE_JOIN,
      keys: ['tenant_id', 'store_id', 'kind', 'source_type', 'channel'],
      sums: ['entries', 'delta', 'delta_in'],
      monthly: sql`points_monthly`,
    }),
    scope: (actor: Actor) => sql`e.tenant_id = ${actor.tenantId}`,
    ...answers,
  };
}

/**
 * The value ledger's daily totals (value_daily) of the rows `scope` keeps (members' stored
 * value, or the cards of a type), joined to `joins` (a card template `t` on `e.card_template`),
 * as one table of keys and sums: a range's whole months read its monthly rows (value_monthly).
 */
export function valueDaily<const F extends string, const D extends string>(answers: {
  scope: (actor: Actor) => SQL;
  joins?: SQL;
  filters: readonly F[];
  dimensions: readonly D[];
  measures?: Readonly<Record<string, SQL>>;
}): Answers<F, D> {
  const { joins, ...rest } = answers;
  return {
    ...DAILY_PARTS,
    ...dailyTable({
      table: sql`value_daily`,
      alias: 'e',
      joins: sql`${STORE_JOIN}${joins ? sql` ${joins}` : sql``}`,
      keys: ['tenant_id', 'store_id', 'holder_kind', 'card_type', 'card_template', 'kind', 'source_type', 'channel'],
      sums: ['entries', 'principal_delta', 'gift_delta'],
      monthly: sql`value_monthly`,
    }),
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

const MEMBERS_STORE_JOIN = sql`left join ${STORES_TABLE} s on s.tenant_id = m.tenant_id and s.id = m.register_store`;

/**
 * Members by registration day (members_daily) as `m`, with the registration store as `s`, within
 * the actor's tenant; `measures` count them (`sum(m.entries) filter (…)`). A range's whole months
 * read the same counts per month (members_monthly).
 */
export function membersDaily<const F extends string, const D extends string>(answers: {
  filters: readonly F[];
  dimensions: readonly D[];
  measures: Readonly<Record<string, SQL>>;
}): Answers<F, D> {
  return {
    zone: DAILY_TOTALS_ZONE,
    day: sql`m.day`,
    count: sql`m.entries`,
    ...dailyTable({
      table: sql`members_daily`,
      alias: 'm',
      joins: MEMBERS_STORE_JOIN,
      keys: ['tenant_id', 'register_store', 'marketing_center', 'channel', 'profile'],
      sums: ['entries', 'in_use_entries', 'invited_entries'],
      monthly: sql`members_monthly`,
    }),
    scope: (actor: Actor) => sql`m.tenant_id = ${actor.tenantId}`,
    ...answers,
  };
}

/**
 * The members by tenant, registration day (of `zone`), store and centre as `d` (`entries`: how
 * many): their daily totals for a reader of their zone, the members for another.
 */
export function membersDays(zone: string): SQL {
  if (zone === DAILY_TOTALS_ZONE) return sql`members_daily d`;
  return sql`(select tenant_id, (registered_at at time zone ${zone})::date as day, register_store, marketing_center,
    1 as entries from ${MEMBERS_TABLE}) d`;
}

/** The members by tenant, centre, state and level as `d` (`entries`: how many), whatever the zone. */
export const MEMBER_COUNTS = sql`member_counts d`;

/**
 * Members buying over a range of days, from the member days of `source` (`sales`, `paid_level`;
 * migration `member-days`): `days` sums the daily rows' member-days over all values (grain `all`),
 * `per` each dimension's own (its grain); the pairs within a range are member_day_repeats'
 * (`member_repeats()`).
 */
export function membersBuying<const B extends string>(args: {
  source: 'sales' | 'paid_level';
  days: SQL;
  per: { readonly [K in B]?: { readonly days: SQL; readonly grain: string } };
}): DailyDistinct<B> {
  return {
    days: args.days,
    grain: 'all',
    per: args.per,
    repeats: ({ tenantId, grain, key, from, to }) =>
      sql`member_repeats(${tenantId}::bigint, ${args.source}::text, ${grain}::text, ${key}, ${from}, ${to})`,
  };
}
