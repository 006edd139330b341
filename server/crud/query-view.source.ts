import type { SQL } from 'drizzle-orm';
import type { QueryViewDef } from '../../resources/query-view';
import type { Actor } from './actor';

/**
 * The server side of a query view (resources/query-view.ts): the SQL of its source, keyed by the
 * view, written in the domain module that owns the data
 * (`server/modules/<domain>/<name>.source.ts`) and listed in `server/modules/query-views.ts`.
 * Every expression is checked against the declaration by the compiler: a column, filter,
 * measure or dimension declared without its SQL (or SQL for an undeclared one) does not compile.
 */
export interface ViewSource<V extends QueryViewDef = QueryViewDef> {
  readonly view: V;
  /** The FROM clause: the source table or view with its joins (`value_entries e left join … m`). */
  readonly from: SQL;
  /** The rows the actor may read at all: the tenant (and any scope of the grants). */
  readonly scope: (actor: Actor) => SQL;
  /** Each column's expression (the key's must be a unique integer, indexed with the scope). */
  readonly columns: { readonly [K in keyof V['columns']]: SQL };
  /**
   * Each filter's compared expression: a dateRange filter takes whole days of the actor's zone
   * on it (one range, so its index serves it), a numberRange its bounds, a keyword filter the
   * expressions it searches, the others equality.
   */
  readonly filters: { readonly [K in keyof V['filters']]: SQL | KeywordSql };
  /** Each measure as an aggregate over the rows (`coalesce(sum(e.gift_delta), 0)`). */
  readonly measures: { readonly [K in keyof V['measures']]: SQL };
  /**
   * Each `enum` or `store` dimension's key expression (without parameters: grouping sets compare
   * the expressions as text). A `day` dimension needs none: it is the `time` filter's day.
   */
  readonly dimensions?: { readonly [K in keyof NonNullable<V['dimensions']>]?: SQL };
  /**
   * The name of each `record` dimension's key (`t.name` of a coupon template), read beside the
   * group's totals (the smallest of the group's, all equal for one key).
   */
  readonly dimensionTitles?: { readonly [K in keyof NonNullable<V['dimensions']>]?: SQL };
  /**
   * Totals a summary row keeps (a member's points account keeps its entries' count and sums):
   * when `filter` is the only filter set and no group is asked, the count and the measures come
   * from `read(value)` (one row: `n` and `m_<measure>`), not from summing the rows.
   */
  readonly summary?: { readonly filter: keyof V['filters'] & string; readonly read: (value: unknown, actor: Actor) => SQL };
  /**
   * Daily totals kept beside the rows (server/modules/reports): when every filter set and every
   * group asked is one they answer, and the reader's days are theirs, the totals, grouped totals
   * and chart sum them instead of the rows.
   */
  readonly daily?: DailyTotals<V>;
}

/**
 * A view's daily totals: rows of sums per day and key (`points_daily`), aliased and joined as the
 * source's rows are (`e`, the store `s` …), so the source's filter, dimension and measure
 * expressions read them unchanged; a day is a calendar day of `zone`.
 */
export interface DailyTotals<V extends QueryViewDef = QueryViewDef> {
  readonly from: SQL;
  readonly scope: (actor: Actor) => SQL;
  /** The zone whose days they keep: a reader in another zone is answered from the rows. */
  readonly zone: string;
  /** The row's day (a date), which the time filter and the day dimension read. */
  readonly day: SQL;
  /** How many source rows a daily row stands for (`e.entries`). */
  readonly count: SQL;
  /** The filters besides the time they answer (with the source's expressions). */
  readonly filters: readonly (keyof V['filters'] & string)[];
  /** The dimensions besides the day they answer (with the source's expressions). */
  readonly dimensions: readonly (keyof NonNullable<V['dimensions']> & string)[];
  /**
   * Measures that read differently over them (a count of rows: `sum(e.entries) filter (…)`, a
   * {@link DailyPerValue}, a {@link DailyDistinct}, or a {@link DailyDerived} of those); the rest
   * are the source's.
   */
  readonly measures?: {
    readonly [K in keyof V['measures']]?:
      | SQL
      | DailyPerValue<keyof NonNullable<V['dimensions']> & keyof V['filters'] & string>
      | DailyDistinct<keyof NonNullable<V['dimensions']> & keyof V['filters'] & string>
      | DailyDerived;
  };
  /**
   * The daily rows as one table of keys and sums, when `from` is that table (as `alias`, with
   * `joins` after it) and every measure is a sum over it: when no day is asked for (the totals of
   * a range, its share) or a coarser bucket (a trend by week or month), the engine reads the rows
   * of the days asked (and of their months, `monthly`) as the table, and when the statement groups
   * them, first sums them per key (and bucket) and the measures read those sums, so a year is a
   * few hundred rows aggregated into each grouping set rather than each day's (not when they are
   * one a key and month already: a trend by month over the monthly rows). `keys` are the columns
   * besides the day (the tenant's among them), `sums` the summed ones (a partial month may be read
   * as its month less its other days: every measure must be a sum).
   */
  readonly rows?: {
    readonly table: SQL;
    readonly alias: string;
    readonly joins?: SQL;
    readonly keys: readonly string[];
    readonly sums: readonly string[];
    /**
     * The same keys and sums per month (`day` its first day), kept beside the days: a range's
     * whole months read these, and its partial months the days, or their month less the days
     * outside the range when those are fewer (when no bucket finer than a month is asked;
     * `monthlyReadOf` in resources/query-view.ts).
     */
    readonly monthly?: SQL;
  };
}

/**
 * A distinct count the daily rows give exactly within one value of a dimension but not across
 * values (a sale with lines of two fuel grades is one sale of each grade, and one sale): `one`
 * sums the rows when the dimension's filter picks one value or the totals are grouped by it
 * (its group's rows), `all` otherwise (a column counting each thing once, on one of its values).
 */
export interface DailyPerValue<B extends string = string> {
  /** The dimension, and the filter of the same name, the count is exact within one value of. */
  readonly by: B;
  readonly one: SQL;
  readonly all: SQL;
}

/**
 * A distinct count over any range of days (members buying in [a, b]), exact from daily rows: the
 * things counted on each day of the range (`days`, a sum over the daily rows) less those counted
 * again after an earlier day of the range (`repeats`: pairs of a thing's day and its previous day,
 * both within the range). Days and pairs are kept per grain: over all values (`grain`), and per
 * value of each dimension in `per` (exact within one value: a member's days at one store). The
 * engine answers it from the daily rows when no filter besides the time is set but at most one of
 * `per`'s (by its value), and every group is one of `per`'s or the day (a day's count has no pair
 * within it); a trend's bucket subtracts the pairs within the bucket.
 */
export interface DailyDistinct<B extends string = string> {
  /** The day counts over all values, summed over the daily rows (`coalesce(sum(x.member_days_all), 0)`). */
  readonly days: SQL;
  /** The grain of all values (its pairs' `grain`). */
  readonly grain: string;
  /** Per dimension (and its filter) with its own grain: its day counts summed over the rows of one value, and the grain. */
  readonly per: { readonly [K in B]?: { readonly days: SQL; readonly grain: string } };
  /**
   * How many were counted on a day of [from, to] after an earlier day of it (dates; null: open),
   * within the grain's value `key` (text, '' for all values or none), for the actor's tenant.
   */
  readonly repeats: (args: {
    readonly tenantId: number;
    readonly grain: string;
    readonly key: SQL;
    readonly from: SQL;
    readonly to: SQL;
  }) => SQL;
}

/** A measure over the daily rows built from the others as they read there (`net / members`). */
export type DailyDerived = (measures: Readonly<Record<string, SQL>>) => SQL;

/** What a keyword filter searches: expressions it starts (index-served prefixes), and expressions it is part of. */
export interface KeywordSql {
  readonly prefix: readonly SQL[];
  readonly contains?: readonly SQL[];
}

/** The SQL of a view's filters as a source writes it: only those with no column of their name. */
type FilterSql<V extends QueryViewDef> = { readonly [K in Exclude<keyof V['filters'], keyof V['columns']>]: SQL | KeywordSql } & {
  readonly [K in Extract<keyof V['filters'], keyof V['columns']>]?: SQL | KeywordSql;
};

/**
 * A source as written: a filter named like a column compares that column's expression unless it
 * says otherwise (`memberId`, `occurredAt`, `kind` …); a filter with no column of its name must
 * give its expression, and `filters` may be left out when every filter is a column. SQL for an
 * undeclared filter still does not compile.
 */
export type ViewSourceDecl<V extends QueryViewDef = QueryViewDef> = Omit<ViewSource<V>, 'filters'> &
  ([Exclude<keyof V['filters'], keyof V['columns']>] extends [never]
    ? { readonly filters?: FilterSql<V> }
    : { readonly filters: FilterSql<V> });

/** Declares a view's source, checked against the view; a filter named like a column compares it by default. */
export function defineViewSource<const V extends QueryViewDef>(source: ViewSourceDecl<V>): ViewSource<V> {
  const columns = source.columns as Readonly<Record<string, SQL>>;
  const given = (source.filters ?? {}) as Readonly<Record<string, SQL | KeywordSql | undefined>>;
  const filters = Object.fromEntries(Object.keys(source.view.filters).map((name) => [name, given[name] ?? columns[name]]));
  return { ...source, filters } as ViewSource<V>;
}
