/**
 * Query views: read-only declarations over a source (a table, a SQL view or an aggregate query
 * over the ledgers), as plain data like `defineResource`. A view declares its columns, filters,
 * measures (the totals row), dimensions (grouped totals, each drilling down to the rows behind
 * it) and chart; the server derives its routes, OpenAPI entry, export and permission check
 * (server/crud/query-view.*, the source SQL keyed by the view's name in the domain module), the
 * browser its screen (src/screens/query-view). Labels derive like resources' (`res.<name>.…`).
 */
import type { MenuGroup, PermissionRef } from './catalog/types';
import type { EnumOption, FileModule } from './define';
import type { Bilingual, MessageBook } from './messages/bilingual';

/** How a column's value travels and shows. */
export type QueryColumnKind =
  /** Text. */
  | 'text'
  /** A whole number (points, counts). */
  | 'integer'
  /** Yuan as an exact JSON number of at most 2 decimals. */
  | 'money'
  /** A measured quantity (litres of fuel) as an exact JSON number of at most 3 decimals. */
  | 'quantity'
  /** An instant, `yyyy-MM-dd HH:mm:ss` in the caller's zone. */
  | 'datetime'
  /** A code of `options`. */
  | 'enum';

/** A link from a cell to another list, searched by the cell's text (`?q=`), or to a record's detail. */
export interface QueryColumnLink {
  /** The column that says which list, by its value (`sourceType`). */
  readonly by: string;
  /** The resource name whose list screen opens, by that value (`adjustment` -> `store-value-adjust`). */
  readonly lists: Readonly<Record<string, string>>;
  /** The column holding the linked record's id: when set on the row, the cell opens that record's detail instead. */
  readonly id?: string;
}

/** A link of each row to another screen on one of the row's values (`score-query-dtl?memberId=`). */
export interface QueryRowLink {
  /** The link's text in the rows' actions column; key `res.<view>.link.<name>`. */
  readonly label: Bilingual;
  /** The catalogue screen it opens, `group/entry/screen`. */
  readonly to: string;
  /** The query parameter that screen reads. */
  readonly param: string;
  /** The column whose value the parameter takes. */
  readonly column: string;
  /**
   * The screen is another query view's and `param` one of its filters: the link opens it filtered
   * on the value (`?filter={"cancelId":7}`, the list's own url state) rather than with a parameter
   * of its own.
   */
  readonly asFilter?: boolean;
}

/**
 * An action on one row (resend a delivery): a button in the actions column, shown to those
 * holding `access`, asking `confirm` first, then `POST <path>?id=<the row's key>`; the list
 * reloads after it. The server's route checks the grant again.
 */
export interface QueryRowAction {
  /** The button's text; key `res.<view>.action.<name>`. */
  readonly label: Bilingual;
  /** The question asked first; key `res.<view>.action.<name>.confirm`. */
  readonly confirm: Bilingual;
  /** Said once it is done; key `res.<view>.action.<name>.done`. */
  readonly done: Bilingual;
  /** The route, under the service base, taking the row's key as `id`. */
  readonly path: string;
  /** The grants of doing it: any one of them. */
  readonly access: readonly PermissionRef[];
  /** Shown only on the rows whose `column` holds one of `values` (approve: a run awaiting approval); absent: every row. */
  readonly when?: { readonly column: string; readonly values: readonly string[] };
}

/** One column of the rows. */
export interface QueryColumn {
  /** How the value travels and shows. */
  readonly kind: QueryColumnKind;
  /** The column's header in both languages; key `res.<view>.<column>`. */
  readonly label: Bilingual;
  /** The codes of an enum column with their labels (`res.<view>.<column>.<code>`) and tag colours. */
  readonly options?: Readonly<Record<string, EnumOption>>;
  /** Shown for null in an enum column (a missing channel); key `res.<view>.<column>.none`. */
  readonly none?: Bilingual;
  /** An enum column whose value may be missing (shown as `none`, else a dash); implied by `none`. */
  readonly nullable?: boolean;
  /** A number shown with its sign, green when it adds and red when it takes. */
  readonly signed?: boolean;
  /** Column width in pixels. */
  readonly width?: number;
  /** Carried in the answer (a key for links and drill-downs) but neither shown nor exported. */
  readonly hidden?: boolean;
  /** Left out of the screen's table while this filter is set (the member's own history hides the member). */
  readonly hiddenWhenFiltered?: string;
  /** The cell links to another list searched by its text. */
  readonly link?: QueryColumnLink;
  /** The cell sets this filter to the row's value of `column` (drills into the same view). */
  readonly drill?: { readonly filter: string; readonly column: string };
  /** The cell opens the view's row link of this name (a member's name opens the member's ledger). */
  readonly opens?: string;
  /**
   * The list sorts by it on request (`sorters`, then the key the same way; the source's
   * expression must not be null, as the keyset of an export walks it).
   */
  readonly sortable?: boolean;
  /** Shown on the screen but left out of the export file (a name the file carries as an id). */
  readonly noExport?: boolean;
}

/** What a filter compares, and the input the filter bar offers. */
export type QueryFilterKind =
  /** Two `yyyy-MM-dd` days, whole days of the caller's zone; quick ranges in the bar. */
  | 'dateRange'
  /** One code of the options, or `EMPTY_CODE` for none when the column may be empty. */
  | 'enum'
  /** A store, chosen by name (`GET /v1/<view>/stores`). */
  | 'store'
  /** An area of stores, chosen by name (`GET /v1/<view>/areas`); the source compares the row's store's area. */
  | 'area'
  /** A record's id (a member, a card), set by the link or the detail that opens the view; not in the bar. */
  | 'record'
  /** Text: the start of any of the source's `prefix` expressions, or part of its `contains` ones. */
  | 'keyword'
  /** Two whole numbers `[min, max]`, either null for open, both included. */
  | 'numberRange';

/** One declared filter. */
export interface QueryFilter {
  readonly kind: QueryFilterKind;
  /** Its label in the bar; key `res.<view>.filter.<name>`. */
  readonly label: Bilingual;
  /** An enum filter's codes: those of this column (default: the column of the filter's name). */
  readonly column?: string;
  /**
   * A record filter: the title while it is set, `{member}` being the first row's values of
   * `named` joined by a space; key `res.<view>.filter.<name>.heading`.
   */
  readonly heading?: Bilingual;
  /** The columns naming the filtered record in the heading (`memberName`, `memberNumber`). */
  readonly named?: readonly string[];
  /** A keyword filter's hint of what it searches; key `res.<view>.filter.<name>.placeholder`. */
  readonly placeholder?: Bilingual;
}

/** How a measure travels and shows. */
export type QueryMeasureKind =
  /** Exact yuan, 2 decimals. */
  | 'money'
  /** A whole number (points, counts). */
  | 'integer'
  /** A measured quantity (litres), at most 3 decimals; a ratio per unit (points per litre) too. */
  | 'quantity'
  /** A share in per cent (0-100), 2 decimals; never additive (declare `additive: false`). */
  | 'percent';

/** Decimal places each measure kind travels and shows with. */
export const MEASURE_DECIMALS: Readonly<Record<QueryMeasureKind, number>> = { money: 2, integer: 0, quantity: 3, percent: 2 };

/** A figure summed over the rows: the totals row, each group's row, the chart. */
export interface QueryMeasure {
  /** Its label; key `res.<view>.measure.<name>`. */
  readonly label: Bilingual;
  /** How it travels and shows (see {@link QueryMeasureKind}). */
  readonly kind: QueryMeasureKind;
  /** The one-line definition shown beside it; key `res.<view>.measure.<name>.help`. */
  readonly help?: Bilingual;
  /**
   * False for a figure that is not a sum (members counted once, an average per member): each
   * group has its own, computed over the group's rows, and the groups do not add up to the total
   * (a member buying at two stores counts once in the total). Default true: a sum of the rows.
   */
  readonly additive?: boolean;
}

/** What a grouped total is grouped by. */
export interface QueryDimension {
  /** Its label; key `res.<view>.dimension.<name>`. */
  readonly label: Bilingual;
  /**
   * `enum`: a code of the column of the dimension's name (labelled by its options); `store`: a
   * store (the answer names it); `day`: a day of the view's `time` filter, in the caller's zone;
   * `record`: another record's id (a coupon template), named by the source's `dimensionTitles`
   * and drilling into the `record` filter of the dimension's name.
   */
  readonly kind: 'enum' | 'store' | 'day' | 'record';
  /**
   * The filter a click on a group's row sets to the group's key, listing the rows behind it
   * (default: the filter of the dimension's name; `day`: the `time` filter, that day alone).
   */
  readonly filter?: string;
}

/** The chart the generic screen draws above the rows. */
export interface QueryChart {
  /** Measures drawn as the trend over the `time` range, bucketed by day, week or month (bucketOf). */
  readonly trend: readonly string[];
  /** A share of one measure by one dimension (a pie). */
  readonly share?: { readonly dimension: string; readonly measure: string };
  /** Measures shown against the previous period and the same period last year. */
  readonly compare?: readonly string[];
}

/** Where the view's screen lives in the catalogue. */
export interface QueryViewRoute {
  readonly group: MenuGroup;
  readonly entry: string;
  /**
   * The catalogue screen the generic view screen fills; none: the view has no screen of its own
   * and shows only inside a record's detail, filtered on the record (a card's balance history).
   */
  readonly screen?: string;
}

/** A read-only query view. */
export interface QueryViewDef {
  /** API name: `POST /v1/<name>/query`, `/chart`, `/export`, `GET /v1/<name>/stores` and `/areas`; i18n prefix `res.<name>`. */
  readonly name: string;
  /** The view's title in both languages (`res.<name>`). */
  readonly title: Bilingual;
  readonly route: QueryViewRoute;
  /** The grants of reading it: any one of them (from the catalogue; the server enforces it). */
  readonly access: readonly PermissionRef[];
  /** The file-centre module its exports are filed under. */
  readonly fileModule: FileModule;
  /** The rows' unique integer key; rows are listed by it, newest (highest) first, paged by keyset on it. */
  readonly key: string;
  /** The order by key when no column sort is asked (default `desc`, newest first; `asc` for accounts by member). */
  readonly order?: 'asc' | 'desc';
  /** Links of each row to other screens, shown in an actions column; key `res.<name>.link.<link>`. */
  readonly links?: Readonly<Record<string, QueryRowLink>>;
  /** Actions on a row, as buttons in the actions column (see {@link QueryRowAction}). */
  readonly actions?: Readonly<Record<string, QueryRowAction>>;
  /** The dateRange filter that is the view's time: the trend's axis, the comparisons, the `day` dimension. */
  readonly time?: string;
  readonly columns: Readonly<Record<string, QueryColumn>>;
  /**
   * The columns a person must read on any screen without scrolling the table sideways (pinned
   * by a wide table, as a list's `keyColumns`). Default ({@link viewKeyColumns}): the first shown
   * column and the money columns (a ledger's amounts and the balance after).
   */
  readonly keyColumns?: readonly string[];
  readonly filters: Readonly<Record<string, QueryFilter>>;
  /** The totals over the whole filter (the totals row, in this order). */
  readonly measures: Readonly<Record<string, QueryMeasure>>;
  readonly dimensions?: Readonly<Record<string, QueryDimension>>;
  /** The dimensions whose grouped totals every query answers (in this order). */
  readonly groups?: readonly string[];
  readonly chart?: QueryChart;
  /** Text of an empty list; key `res.<name>.empty`. */
  readonly empty: Bilingual;
  /**
   * Read from the reports' database (`REPORTS_DATABASE_URL`, a replica) when one is set: a
   * report, whose figures may trail the primary by the replica's delay (its as-of says so).
   */
  readonly replica?: boolean;
}

/** Declares a query view (an identity that keeps the literal names for the source's type). */
export function defineQueryView<const V extends QueryViewDef>(view: V): V {
  return view;
}

/** The filter a dimension's group drills into. */
export function drillFilterOf(view: QueryViewDef, dimension: string): string | undefined {
  const d = view.dimensions?.[dimension];
  if (!d) return undefined;
  if (d.filter) return d.filter;
  return d.kind === 'day' ? view.time : dimension in view.filters ? dimension : undefined;
}

/**
 * The code an enum filter takes for "is empty": the rows whose column has no value. A group
 * whose key is null (entries without a channel) drills down with it.
 */
export const EMPTY_CODE = '$empty';

/** Whether an enum column may be empty (it declares `nullable` or a `none` label). */
export const mayBeEmpty = (column: QueryColumn | undefined): boolean => Boolean(column?.nullable || column?.none);

/** The columns a list may sort by. */
export function sortableColumns(view: QueryViewDef): string[] {
  return Object.entries(view.columns).flatMap(([name, c]) => (c.sortable ? [name] : []));
}

/** The codes of an enum filter (its column's options). */
export function filterOptions(view: QueryViewDef, name: string): Readonly<Record<string, EnumOption>> {
  const f = view.filters[name];
  return view.columns[f?.column ?? name]?.options ?? {};
}

/** The derived message book of one view (the keys named in the declaration types above). */
export function queryViewMessageBook(view: QueryViewDef): MessageBook {
  const p = `res.${view.name}`;
  const book: Record<string, Bilingual> = { [p]: view.title, [`${p}.empty`]: view.empty };
  for (const [name, c] of Object.entries(view.columns)) {
    book[`${p}.${name}`] = c.label;
    for (const [code, option] of Object.entries(c.options ?? {})) book[`${p}.${name}.${code}`] = option.label;
    if (c.none) book[`${p}.${name}.none`] = c.none;
  }
  for (const [name, f] of Object.entries(view.filters)) {
    book[`${p}.filter.${name}`] = f.label;
    if (f.heading) book[`${p}.filter.${name}.heading`] = f.heading;
    if (f.placeholder) book[`${p}.filter.${name}.placeholder`] = f.placeholder;
  }
  for (const [name, m] of Object.entries(view.measures)) {
    book[`${p}.measure.${name}`] = m.label;
    if (m.help) book[`${p}.measure.${name}.help`] = m.help;
  }
  for (const [name, d] of Object.entries(view.dimensions ?? {})) book[`${p}.dimension.${name}`] = d.label;
  for (const [name, l] of Object.entries(view.links ?? {})) book[`${p}.link.${name}`] = l.label;
  for (const [name, a] of Object.entries(view.actions ?? {})) {
    book[`${p}.action.${name}`] = a.label;
    book[`${p}.action.${name}.confirm`] = a.confirm;
    book[`${p}.action.${name}.done`] = a.done;
  }
  return book;
}

/** The derived message book of several views. */
export function queryViewMessages(views: readonly QueryViewDef[]): MessageBook {
  return Object.assign({}, ...views.map(queryViewMessageBook)) as MessageBook;
}

// ---------------------------------------------------------------------------------------------
// Time: buckets, quick ranges and the periods compared (pure, shared by server and browser)
// ---------------------------------------------------------------------------------------------

/** The bucket of a trend. */
export type Bucket = 'day' | 'week' | 'month';

/** Days of a range `yyyy-MM-dd` .. `yyyy-MM-dd`, both included. */
export function daysIn(range: readonly [string, string]): number {
  return Math.round((Date.parse(`${range[1]}T00:00:00Z`) - Date.parse(`${range[0]}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The bucket that follows the range: days up to two months (at most 62 points), weeks up to
 * about half a year (at most 27), months beyond, so a trend never has too few or too many points.
 */
export function bucketOf(range: readonly [string, string]): Bucket {
  const days = daysIn(range);
  if (days <= 62) return 'day';
  if (days <= 186) return 'week';
  return 'month';
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => iso(new Date(utc(day).getTime() + n * 86_400_000));

/**
 * How a range is read from sums per month and per day: the months whose sums it reads (the first
 * day of the first, the last day of the last), the days it reads besides (of partial months read
 * by day) and the days it takes away (`less`: of partial months read as the month less its days
 * outside the range, when those are fewer than its days inside less one, a month's sums being
 * about as many rows as a day's); null when it reads no month.
 */
export function monthlyReadOf(
  range: readonly [string, string],
): { months: [string, string]; days: [string, string][]; less: [string, string][] } | null {
  const [from, to] = range;
  const startOf = (day: string) => `${day.slice(0, 8)}01`;
  const endOf = (day: string) => addDays(`${addDays(startOf(day), 32).slice(0, 8)}01`, -1);
  const days: [string, string][] = [];
  const less: [string, string][] = [];
  // A partial month's days in the range: as its month less the others, or as days.
  const asMonth = (start: string, end: string, inside: [string, string]): boolean => {
    const outside = daysIn([start, end]) - daysIn(inside);
    if (outside > 0 && outside + 1 >= daysIn(inside)) {
      days.push(inside);
      return false;
    }
    if (start < inside[0]) less.push([start, addDays(inside[0], -1)]);
    if (inside[1] < end) less.push([addDays(inside[1], 1), end]);
    return true;
  };
  const single = startOf(from) === startOf(to);
  const head = asMonth(startOf(from), endOf(from), [from, single ? to : endOf(from)]);
  const tail = single ? head : asMonth(startOf(to), endOf(to), [startOf(to), to]);
  const first = head ? startOf(from) : addDays(endOf(from), 1);
  const last = tail ? endOf(to) : addDays(startOf(to), -1);
  return first > last ? null : { months: [first, last], days, less };
}

/** The same days one year earlier (29 February becomes 28 February). */
export function lastYearOf(range: readonly [string, string]): [string, string] {
  const back = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
    return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  };
  return [back(range[0]), back(range[1])];
}

/** The period of the same length that ends the day before the range starts. */
export function previousPeriodOf(range: readonly [string, string]): [string, string] {
  const days = daysIn(range);
  return [addDays(range[0], -days), addDays(range[0], -1)];
}

/** Quick ranges of a date filter, each from `today` (`yyyy-MM-dd` in the user's zone). */
export const QUICK_RANGES = {
  today: (today: string): [string, string] => [today, today],
  last7Days: (today: string): [string, string] => [addDays(today, -6), today],
  last30Days: (today: string): [string, string] => [addDays(today, -29), today],
  thisMonth: (today: string): [string, string] => [`${today.slice(0, 7)}-01`, today],
  lastMonth: (today: string): [string, string] => {
    const first = `${today.slice(0, 7)}-01`;
    const end = addDays(first, -1);
    return [`${end.slice(0, 7)}-01`, end];
  },
  thisYear: (today: string): [string, string] => [`${today.slice(0, 4)}-01-01`, today],
} as const;

/** The range a chart uses when the filter sets none: the last 30 days. */
export const DEFAULT_CHART_RANGE = QUICK_RANGES.last30Days;

/** Enum options whose labels are already in a message book (`ledger.kind.<code>`), with tag colours. */
export function optionsFrom(args: {
  book: MessageBook;
  prefix: string;
  codes: readonly string[];
  colors?: Readonly<Record<string, string>>;
}): Record<string, EnumOption> {
  return Object.fromEntries(
    args.codes.map((code) => [code, { label: args.book[`${args.prefix}.${code}`] ?? [code, code], color: args.colors?.[code] }]),
  );
}

/** The key columns of a view among its `shown` columns: declared, or the first and the money columns. */
export function viewKeyColumns(view: QueryViewDef, shown: readonly string[]): string[] {
  if (view.keyColumns) return view.keyColumns.filter((name) => shown.includes(name));
  return shown.filter((name, index) => index === 0 || view.columns[name]?.kind === 'money');
}
