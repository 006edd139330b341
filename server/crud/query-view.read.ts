import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { quotedIdentifier } from '../db/sql-text';
import { pick } from '../../resources/messages/bilingual';
import {
  DEFAULT_CHART_RANGE,
  EMPTY_CODE,
  mayBeEmpty,
  bucketOf,
  monthlyReadOf,
  drillFilterOf,
  lastYearOf,
  previousPeriodOf,
  type Bucket,
  type QueryColumn,
  type QueryViewDef,
} from '../../resources/query-view';
import type { DbOrTx } from '../db/connection';
import { AREAS_TABLE, lookUpStores } from '../modules/reads/store-lookup';
import type { Actor } from './actor';
import { likeEscape } from './query.filters';
import type { DailyDerived, DailyDistinct, DailyPerValue, DailyTotals, KeywordSql, ViewSource } from './query-view.source';
import { formatDateTime, formatInstant } from './zoned-time';

/**
 * The reads of a query view over its source (query-view.source.ts): the rows of a filter newest
 * first by keyset, the totals and grouped totals of the whole filter in one pass (grouping
 * sets), and the chart's trend, share and comparisons. Shared by the routes and the export, so
 * a file holds exactly what the list shows.
 */

/** Filters as the query body carries them (already checked against the derived JSON schema). */
export type ViewFilters = Readonly<Record<string, unknown>>;

/** One answered row: the declared columns by name. */
export type ViewRow = Record<string, string | number | null>;

/** Sums of the measures by name. */
export type ViewSums = Record<string, number>;

/** A group's totals: its key (a code, a store id, a day; null for none), its name and the filters behind it. */
export type ViewGroup = { readonly key: string | null; readonly title: string | null; readonly drill: ViewFilters | null } & Record<
  string,
  unknown
>;

/** A literal the statement repeats verbatim (grouping sets compare expressions as text, parameters differ). */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

const dialect = new PgDialect();
const flattened = new WeakMap<SQL, SQL>();

/**
 * A source's declared fragment without parameters (a measure, a key, a join) as one piece of text,
 * rendered once: a statement's pieces are walked each time it is sent, and a declared fragment is
 * in every statement of its view.
 */
function flat(fragment: SQL): SQL {
  let text = flattened.get(fragment);
  if (!text) {
    const rendered = dialect.sqlToQuery(fragment);
    text = rendered.params.length === 0 ? sql.raw(rendered.sql) : fragment;
    flattened.set(fragment, text);
  }
  return text;
}

/** A name as SQL text (quoted as an identifier). */
const quoted = quotedIdentifier;

/** The actor's day of an instant expression. */
const dayOf = (column: SQL, zone: string) => sql`(${column} at time zone ${literal(zone)})::date`;

/** Whole days of the actor's zone as one range over the column (its index serves it). */
function dayRange(column: SQL, days: readonly [string, string], zone: string): SQL {
  const [from, to] = days;
  return sql`${column} >= (${from}::date)::timestamp at time zone ${zone}
    and ${column} < (${to}::date + 1)::timestamp at time zone ${zone}`;
}

/** A keyword's condition: the start of any prefix expression (their indexes serve it), or part of a contained one. */
function keywordCondition(on: KeywordSql, keyword: string): SQL | null {
  const text = keyword.trim();
  if (text === '') return null;
  const escaped = likeEscape(text);
  const alternatives = [
    ...on.prefix.map((e) => sql`${e} like ${`${escaped}%`}`),
    ...(on.contains ?? []).map((e) => sql`${e} ilike ${`%${escaped}%`}`),
  ];
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/** A range of whole numbers, either end open. */
function numberRange(column: SQL, [min, max]: readonly [number | null, number | null]): SQL | null {
  const parts = [min === null ? null : sql`${column} >= ${min}`, max === null ? null : sql`${column} <= ${max}`].filter(
    (p): p is SQL => p !== null,
  );
  return parts.length === 0 ? null : sql.join(parts, sql` and `);
}

/** An area filter's condition: the row's area is the chosen one or any area below it (areas form a tree). */
function areaCondition(args: { on: SQL; area: number; tenantId: number }): SQL {
  return sql`${args.on} in (with recursive below as (
      select a.id from ${AREAS_TABLE} a where a.tenant_id = ${args.tenantId} and a.id = ${args.area}
      union select a.id from ${AREAS_TABLE} a join below on a.parent = below.id where a.tenant_id = ${args.tenantId}
    ) select id from below)`;
}

/** The condition of one filter set to `value` (null when it limits nothing). */
function filterCondition(args: { source: ViewSource; name: string; value: unknown; zone: string; tenantId: number }): SQL | null {
  const { source, name, value } = args;
  const on = (source.filters as Record<string, SQL | KeywordSql>)[name];
  switch (source.view.filters[name].kind) {
    case 'dateRange':
      return dayRange(on as SQL, value as [string, string], args.zone);
    case 'keyword':
      return keywordCondition(on as KeywordSql, String(value));
    case 'numberRange':
      return numberRange(on as SQL, value as [number | null, number | null]);
    case 'area':
      return areaCondition({ on: on as SQL, area: Number(value), tenantId: args.tenantId });
    default:
      return value === EMPTY_CODE ? sql`${on as SQL} is null` : sql`${on as SQL} = ${value}`;
  }
}

/** The filters set (a value other than nothing). */
const setFilters = (view: QueryViewDef, filters: ViewFilters) =>
  Object.keys(view.filters).filter((name) => filters[name] !== undefined && filters[name] !== null && filters[name] !== '');

/** The WHERE of a filter: the actor's scope, then each filter set. */
export function viewConditions(args: { source: ViewSource; actor: Actor; filters: ViewFilters }): SQL {
  const { source, actor, filters } = args;
  const parts: SQL[] = [source.scope(actor)];
  for (const name of setFilters(source.view, filters)) {
    const condition = filterCondition({ source, name, value: filters[name], zone: actor.timeZone, tenantId: actor.tenantId });
    if (condition) parts.push(condition);
  }
  return sql.join(parts, sql` and `);
}

/** A requested order: one sortable column, then the key the same way. */
export interface ViewSort {
  readonly field: string;
  readonly order: 'asc' | 'desc';
}

/** The type a column's sort value is read back as, for the keyset of a sorted export. */
const SORT_TYPES: Readonly<Record<QueryColumn['kind'], string>> = {
  integer: 'numeric',
  money: 'numeric',
  quantity: 'numeric',
  datetime: 'timestamptz',
  text: 'text',
  enum: 'text',
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A stored value as the answer carries it, by the column's kind. */
function wireValue(column: QueryColumn, value: unknown, zone: string): string | number | null {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'integer':
    case 'money':
    case 'quantity':
      return Number(value);
    case 'datetime':
      return formatDateTime(value instanceof Date ? value : new Date(String(value)), zone);
    default:
      return String(value);
  }
}

/** The key of the row a sorted read goes on after: its sort value as text and its key. */
export interface SortedAfter {
  readonly value: string;
  readonly key: number;
}

/** The column of a sorted row's sort value as text (`$sort`, for {@link SortedAfter}). */
export const SORT_VALUE = '$sort';

/**
 * Rows of the filter in the list's order (`sort`, else the key in the view's `order`, newest
 * first by default): `limit` after the keyset `before` (the last key of the key order), after
 * `after` (a sorted order's last row), or after `offset` rows. A sorted read carries each row's
 * sort value as text in `$sort`.
 */
export async function readViewRows(args: {
  db: DbOrTx;
  source: ViewSource;
  actor: Actor;
  where: SQL;
  limit: number;
  before?: number | null;
  after?: SortedAfter;
  sort?: ViewSort | null;
  offset?: number;
}): Promise<ViewRow[]> {
  const { source, sort } = args;
  const view = source.view;
  const columns = source.columns as Record<string, SQL>;
  const key = columns[view.key];
  const order = sort?.order ?? view.order ?? 'desc';
  const direction = sql.raw(order);
  const beyond = sql.raw(order === 'desc' ? '<' : '>');
  const names = Object.keys(view.columns);
  const select = sql.join(
    [
      ...names.map((name) => sql`${columns[name]} as ${sql.identifier(name)}`),
      ...(sort ? [sql`(${columns[sort.field]})::text as ${sql.identifier(SORT_VALUE)}`] : []),
    ],
    sql`, `,
  );
  let keyset = sql``;
  let orderBy = sql`${key} ${direction}`;
  if (sort) {
    const by = columns[sort.field];
    orderBy = sql`${by} ${direction}, ${key} ${direction}`;
    const type = sql.raw(SORT_TYPES[view.columns[sort.field].kind]);
    if (args.after) keyset = sql` and (${by}, ${key}) ${beyond} (${args.after.value}::${type}, ${args.after.key})`;
  } else if (args.before) keyset = sql` and ${key} ${beyond} ${args.before}`;
  const result = await args.db.execute<Record<string, unknown>>(sql`select ${select} from ${source.from}
    where ${args.where}${keyset} order by ${orderBy} limit ${args.limit} offset ${args.offset ?? 0}`);
  return result.rows.map((r) => {
    const row: ViewRow = Object.fromEntries(
      Object.entries(view.columns).map(([name, c]) => [name, wireValue(c, r[name], args.actor.timeZone)]),
    );
    if (sort) row[SORT_VALUE] = r[SORT_VALUE] === null ? null : String(r[SORT_VALUE]);
    return row;
  });
}

/** How many rows the filter holds. */
export async function countViewRows(args: { db: DbOrTx; source: ViewSource; where: SQL }): Promise<number> {
  const result = await args.db.execute<{ n: string }>(sql`select count(*) as n from ${args.source.from} where ${args.where}`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Where a view's totals are summed: its rows, or its daily totals (query-view.source.ts `daily`)
 * when they answer every filter set and every group asked for a reader in their zone. Either
 * way the same filter, dimension and measure expressions apply.
 */
interface TotalsPlan {
  readonly from: SQL;
  readonly where: SQL;
  /** How many rows a summed row stands for. */
  readonly count: SQL;
  readonly measures: Readonly<Record<string, SQL>>;
  /** The reader's day of a row (a date). */
  readonly day: SQL;
  /** The first day of a row's bucket, when one is asked (the group key of a trend's bucket). */
  readonly bucket: SQL | null;
  /** Whether it sums daily totals (whose rows may cancel out) rather than the rows. */
  readonly daily: boolean;
}

/** Whether the daily totals answer the filter and groups for the actor. */
export function dailyAnswers(args: { source: ViewSource; actor: Actor; filters: ViewFilters; groups: readonly string[] }): boolean {
  const { source, actor } = args;
  const daily = source.daily;
  if (!daily || actor.timeZone !== daily.zone) return false;
  const view = source.view;
  const time = view.time;
  const set = setFilters(view, args.filters).filter((name) => name !== time);
  return (
    set.every((name) => daily.filters.includes(name)) &&
    args.groups.every((g) => view.dimensions?.[g]?.kind === 'day' || daily.dimensions.includes(g)) &&
    Object.values(daily.measures ?? {}).every(
      (measure) => !measure || !isDistinct(measure) || distinctAnswers({ measure, view, set, groups: args.groups }),
    )
  );
}

/**
 * Whether a distinct count over days answers: no filter but at most one of its grains' (the days
 * and pairs of that value), and every group a grain of its own (the chosen one, when one is) or the day.
 */
function distinctAnswers(args: { measure: DailyDistinct; view: QueryViewDef; set: readonly string[]; groups: readonly string[] }): boolean {
  const per = args.measure.per as Readonly<Record<string, unknown>>;
  const chosen = args.set.filter((name) => per[name] !== undefined);
  if (chosen.length !== args.set.length || chosen.length > 1) return false;
  return args.groups.every(
    (g) => args.view.dimensions?.[g]?.kind === 'day' || (per[g] !== undefined && (chosen.length === 0 || chosen[0] === g)),
  );
}

function totalsPlan(args: {
  source: ViewSource;
  actor: Actor;
  filters: ViewFilters;
  groups: readonly string[];
  bucket?: Bucket;
}): TotalsPlan {
  const { source, actor, filters } = args;
  const view = source.view;
  const daily = source.daily;
  if (!daily || !dailyAnswers(args)) {
    const time = (source.filters as Record<string, SQL>)[view.time ?? ''];
    const day = time ? dayOf(time, actor.timeZone) : sql`null::date`;
    return {
      from: source.from,
      where: viewConditions({ source, actor, filters }),
      count: sql`count(*)`,
      measures: source.measures as Record<string, SQL>,
      day,
      bucket: args.bucket ? bucketStart(args.bucket, day) : null,
      daily: false,
    };
  }
  const within: SQL[] = [daily.scope(actor)];
  const parts: SQL[] = [];
  for (const name of setFilters(view, filters)) {
    if (name === view.time) {
      const [from, to] = filters[name] as [string, string];
      within.push(sql`${daily.day} between ${from}::date and ${to}::date`);
      continue;
    }
    const condition = filterCondition({ source, name, value: filters[name], zone: actor.timeZone, tenantId: actor.tenantId });
    if (condition) parts.push(condition);
  }
  const dayGroup = args.groups.some((g) => view.dimensions?.[g]?.kind === 'day');
  const byDay = dayGroup || args.bucket === 'day';
  const rows = daily.rows;
  const summed = rows && !byDay;
  // Summed rows carry their bucket's first day as the day, and a day is its own bucket (unless a group is the day too).
  const bucket = !args.bucket ? null : summed || (args.bucket === 'day' && !dayGroup) ? daily.day : bucketStart(args.bucket, daily.day);
  return {
    from: summed
      ? summedRows({
          rows,
          scope: daily.scope(actor),
          day: daily.day,
          range: timeRange(view, filters),
          bucket: args.bucket,
          grouped: args.groups.length > 0 || bucket !== null,
        })
      : flat(daily.from),
    where: summed ? (parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`) : sql.join([...within, ...parts], sql` and `),
    count: sql`coalesce(sum(${flat(daily.count)}), 0)`,
    measures: dailyMeasures({
      source,
      filters,
      groups: args.groups,
      bucket: args.bucket,
      bucketDay: bucket,
      day: daily.day,
      tenantId: actor.tenantId,
    }),
    day: daily.day,
    bucket,
    daily: true,
  };
}

/** The time filter's days, when it is set. */
const timeRange = (view: QueryViewDef, filters: ViewFilters) =>
  view.time && filters[view.time] ? (filters[view.time] as [string, string]) : null;

/**
 * The daily rows of the scope and `range` as the table's alias, joined as the table is: the
 * measures and the other filters read them as they read the table. With monthly rows
 * (`rows.monthly`) and no bucket finer than a month, the range's months read those, and its
 * partial months' days are read besides or taken away (monthlyReadOf). When the statement groups
 * the rows (`grouped`: groups or a bucket besides the whole), they are first summed per key, and
 * per bucket when one is asked (its first day as the day), so its grouping sets go over a few
 * hundred rows rather than each day's; but not when the rows are about one a key already (a
 * bucket of a month over the monthly rows: each row's day is its month's first), nor for the
 * whole alone (one pass over the rows either way).
 */
function summedRows(args: {
  rows: NonNullable<DailyTotals['rows']>;
  scope: SQL;
  day: SQL;
  range: readonly [string, string] | null;
  bucket?: Bucket;
  grouped: boolean;
}): SQL {
  const { rows, range } = args;
  // The lists of columns as one piece of text each (a statement's pieces are walked each time it is sent).
  const a = quoted(rows.alias);
  const list = (columns: readonly string[], each: (c: string) => string) => sql.raw(columns.map(each).join(', '));
  const keys = list(rows.keys, (c) => `${a}.${quoted(c)}`);
  // The bucket's first day by date arithmetic (date_trunc of a date goes through a zoned timestamp: twice as slow per row).
  const part = args.bucket === 'week' ? 'isodow' : 'day';
  const bucketDay = !args.bucket
    ? null
    : sql.raw(args.bucket === 'day' ? `${a}.day` : `(${a}.day - (date_part('${part}', ${a}.day)::int - 1))`);
  const between = ([from, to]: readonly [string, string]) => sql`${args.day} between ${from}::date and ${to}::date`;
  const months = rows.monthly && range && (!args.bucket || args.bucket === 'month') ? monthlyReadOf(range) : null;
  const regroup = args.grouped && !(months && args.bucket === 'month');
  // A branch's rows: keys, day (its bucket's first day when not summed again) and sums, taken away when `less`.
  const sums = list(rows.sums, (c) => `${a}.${quoted(c)}`);
  const lessSums = list(rows.sums, (c) => `-${a}.${quoted(c)} as ${quoted(c)}`);
  const branch = (table: SQL, where: SQL, day: SQL | null, less = false) =>
    sql`select ${keys}, ${day ?? sql.raw(`${a}.day`)} as day, ${less ? lessSums : sums} from ${table} ${sql.raw(a)} where ${args.scope} and ${where}`;
  const dayOfRow = regroup ? null : bucketDay;
  const anyOf = (ranges: readonly (readonly [string, string])[]) => sql`(${sql.join(ranges.map(between), sql` or `)})`;
  const branches = months
    ? [
        ...(months.days.length > 0 ? [branch(rows.table, anyOf(months.days), dayOfRow)] : []),
        ...(months.less.length > 0 ? [branch(rows.table, anyOf(months.less), dayOfRow, true)] : []),
        // Monthly rows' day is their month's first: a month's bucket already.
        branch(rows.monthly as SQL, between(months.months), null),
      ]
    : [branch(rows.table, range ? between(range) : sql`true`, dayOfRow)];
  const read = sql`(${sql.join(branches, sql`\n      union all `)}) ${sql.raw(a)}`;
  const joins = rows.joins ? sql` ${flat(rows.joins)}` : sql``;
  if (!regroup) return sql`${read}${joins}`;
  const summed = list(rows.sums, (c) => `sum(${a}.${quoted(c)}) as ${quoted(c)}`);
  return sql`(select ${keys}, ${bucketDay ?? sql.raw('null::date')} as day, ${summed} from ${read}
    group by ${keys}${bucketDay ? sql`, ${bucketDay}` : sql``}) ${sql.raw(a)}${joins}`;
}

/** The first day of a row's bucket (the group key of a trend's bucket). */
const bucketStart = (bucket: Bucket, day: SQL) => sql`date_trunc(${literal(bucket)}, ${day})`;

/** What the daily measures of a statement depend on: its filters, grouping sets, bucket, the rows' day and the tenant. */
interface DailyAsked {
  readonly source: ViewSource;
  readonly filters: ViewFilters;
  readonly groups: readonly string[];
  readonly bucket?: Bucket;
  /** The first day of a row's bucket (the plan's). */
  readonly bucketDay: SQL | null;
  readonly day: SQL;
  readonly tenantId: number;
}

/**
 * The measures over the daily totals: the source's, with those the daily rows read differently;
 * a count exact per value of a dimension (DailyPerValue) sums `one` when the filter picks one
 * value, within each group of that dimension (`grouping()` tells them apart in one pass), else
 * `all`; a distinct count over days (DailyDistinct) its days less its pairs within each group's
 * days; a derived measure (DailyDerived) reads the others as they read here.
 */
function dailyMeasures(args: DailyAsked): Record<string, SQL> {
  const { source } = args;
  const own = (source.daily?.measures ?? {}) as Readonly<Record<string, DailyMeasure | undefined>>;
  const set = setFilters(source.view, args.filters);
  const measures: Record<string, SQL> = Object.fromEntries(
    Object.entries(source.measures as Record<string, SQL>).map(([n, m]) => [n, flat(m)]),
  );
  const derived: [string, DailyDerived][] = [];
  for (const [name, measure] of Object.entries(own)) {
    if (!measure) continue;
    if (typeof measure === 'function') {
      derived.push([name, measure]);
      continue;
    }
    if (isDistinct(measure)) {
      measures[name] = distinctMeasure({ ...args, measure });
      continue;
    }
    if (!isPerValue(measure)) {
      measures[name] = flat(measure);
      continue;
    }
    const key = (source.dimensions as Record<string, SQL | undefined> | undefined)?.[measure.by];
    if (set.includes(measure.by) && args.filters[measure.by] !== EMPTY_CODE) measures[name] = flat(measure.one);
    else if (key && args.groups.includes(measure.by))
      measures[name] = sql`(case when grouping(${flat(key)}) = 0 then ${flat(measure.one)} else ${flat(measure.all)} end)`;
    else measures[name] = flat(measure.all);
  }
  for (const [name, measure] of derived) measures[name] = measure(measures);
  return measures;
}

type DailyMeasure = SQL | DailyPerValue | DailyDistinct | DailyDerived;

const isPerValue = (measure: SQL | DailyPerValue): measure is DailyPerValue => 'by' in measure && 'one' in measure;

const isDistinct = (measure: DailyMeasure): measure is DailyDistinct => typeof measure !== 'function' && 'repeats' in measure;

/**
 * A distinct count over days in each grouping set: the days of the group's grain less its pairs
 * within the group's days. A group of a grain's dimension reads that grain for its value over the
 * range; a day has no pair within it; a bucket subtracts the pairs within the bucket (and range);
 * the whole reads the chosen filter's grain and value, or all values'.
 */
function distinctMeasure(args: DailyAsked & { readonly measure: DailyDistinct }): SQL {
  const { measure, source, filters } = args;
  const view = source.view;
  const per = measure.per as Readonly<Record<string, { readonly days: SQL; readonly grain: string } | undefined>>;
  const chosen = setFilters(view, filters).find((name) => per[name] !== undefined);
  const range = view.time ? (filters[view.time] as [string, string] | undefined) : undefined;
  const from = range ? sql`${range[0]}::date` : sql`null::date`;
  const to = range ? sql`${range[1]}::date` : sql`null::date`;
  const whole = chosen ? (per[chosen] as { days: SQL; grain: string }) : { days: measure.days, grain: measure.grain };
  const wholeKey = chosen ? sql`${filters[chosen] === EMPTY_CODE ? '' : String(filters[chosen])}::text` : sql`''::text`;
  const less = (days: SQL, grain: string, key: SQL, lo: SQL, hi: SQL) =>
    sql`${flat(days)} - ${measure.repeats({ tenantId: args.tenantId, grain, key, from: lo, to: hi })}`;
  const branches: SQL[] = [];
  for (const g of args.groups) {
    if (view.dimensions?.[g]?.kind === 'day') {
      branches.push(sql`when grouping(${args.day}) = 0 then ${flat(whole.days)}`);
      continue;
    }
    const own = per[g];
    const declared = (source.dimensions as Record<string, SQL | undefined> | undefined)?.[g];
    const key = declared && flat(declared);
    if (!own || !key) throw new Error(`query view ${view.name}: no grain of ${g} for a distinct count`);
    branches.push(sql`when grouping(${key}) = 0 then ${less(own.days, own.grain, sql`coalesce((${key})::text, '')`, from, to)}`);
  }
  if (args.bucket && args.bucketDay) {
    const start = args.bucketDay;
    const end = sql`(${start} + ${literal(`1 ${args.bucket}`)}::interval)::date - 1`;
    // A day's bucket has no pair within it.
    const inBucket =
      args.bucket === 'day'
        ? flat(whole.days)
        : less(whole.days, whole.grain, wholeKey, sql`greatest(${from}, (${start})::date)`, sql`least(${to}, ${end})`);
    branches.push(sql`when grouping(${start}) = 0 then ${inBucket}`);
  }
  const all = less(whole.days, whole.grain, wholeKey, from, to);
  return branches.length > 0 ? sql`(case ${sql.join(branches, sql` `)} else ${all} end)` : sql`(${all})`;
}

/**
 * A dimension's key: the expression rows are grouped by and the one the answer carries (a `day`
 * dimension groups by the plan's day, a date, and answers it as text: formatting the few groups,
 * not every row).
 */
function dimensionKey(source: ViewSource, name: string, plan: TotalsPlan): { readonly group: SQL; readonly shown: SQL } {
  const d = source.view.dimensions?.[name];
  if (d?.kind === 'day') return { group: plan.day, shown: sql`to_char(${plan.day}, 'YYYY-MM-DD')` };
  const expression = (source.dimensions as Record<string, SQL | undefined> | undefined)?.[name];
  if (!expression) throw new Error(`query view ${source.view.name}: dimension ${name} has no SQL`);
  return { group: flat(expression), shown: flat(expression) };
}

const sumsOf = (view: QueryViewDef, r: Record<string, unknown>): ViewSums =>
  Object.fromEntries(Object.keys(view.measures).map((m) => [m, num(r[`m_${m}`]) ?? 0]));

/**
 * The filters that list a group's rows, on top of the filter it was totalled over (null: not
 * listable). A null key of an enum filter that may be empty, or of a store filter, lists the
 * rows without a value (`EMPTY_CODE`).
 */
function drillOf(view: QueryViewDef, dimension: string, key: string | null): ViewFilters | null {
  const filter = drillFilterOf(view, dimension);
  if (!filter) return null;
  const kind = view.filters[filter]?.kind;
  if (key === null) {
    // Entries at no store (online) drill into "no store", as an enum that may be empty into "is empty".
    const empty = kind === 'store' || (kind === 'enum' && mayBeEmpty(view.columns[view.filters[filter].column ?? filter]));
    return empty ? { [filter]: EMPTY_CODE } : null;
  }
  if (kind === 'dateRange') return { [filter]: [key, key] };
  return { [filter]: kind === 'store' || kind === 'record' ? Number(key) : key };
}

/**
 * The totals of the whole filter and its grouped totals by each of `groups`, in one pass
 * (`group by grouping sets ((), (d1), (d2) …)`) over the rows or their daily totals; `rows` is
 * the whole filter's count.
 */
export async function readViewTotals(args: {
  db: DbOrTx;
  source: ViewSource;
  actor: Actor;
  filters: ViewFilters;
  groups: readonly string[];
}): Promise<{ rows: number; totals: ViewSums; groups: Record<string, ViewGroup[]> }> {
  const { source, db, groups } = args;
  const byDay = groups.filter((g) => source.view.dimensions?.[g]?.kind === 'day');
  if (byDay.length === 0 || !source.daily?.rows || !dailyAnswers(args)) {
    const { buckets: _, ...answer } = await totalsOver(args);
    return answer;
  }
  // Totals by day read each day's rows; the whole and the other groups read them summed per key
  // (`rows`): two statements at once on the pool (one after the other in a transaction).
  const rest = groups.filter((g) => !byDay.includes(g));
  const reads = [() => totalsOver({ ...args, groups: rest }), () => totalsOver({ ...args, groups: byDay, whole: false })];
  const [whole, days] = 'rollback' in db ? await sequentially(reads) : await Promise.all(reads.map((r) => r()));
  return {
    rows: whole.rows,
    totals: whole.totals,
    groups: Object.fromEntries(groups.map((g) => [g, (byDay.includes(g) ? days : whole).groups[g]])),
  };
}

/**
 * {@link readViewTotals}, and with `bucket` the sums of each bucket of the filter's days (the
 * chart's trend, keyed by the bucket's first day) in the same pass.
 */
async function totalsOver(args: {
  db: DbOrTx;
  source: ViewSource;
  actor: Actor;
  filters: ViewFilters;
  groups: readonly string[];
  bucket?: Bucket;
  /** Whether to total the whole filter too (`()` among the grouping sets); by default it is. */
  whole?: boolean;
}): Promise<{ rows: number; totals: ViewSums; groups: Record<string, ViewGroup[]>; buckets: Map<string, ViewSums> }> {
  const { source, actor, groups } = args;
  const view = source.view;
  const summary = source.summary;
  const set = setFilters(view, args.filters);
  if (summary && groups.length === 0 && set.length === 1 && set[0] === summary.filter) {
    const found = await args.db.execute<Record<string, unknown>>(summary.read(args.filters[summary.filter], actor));
    // No summary row (a member who never had points): nothing to total, within the scope too.
    const row = found.rows[0] ?? {};
    return { rows: num(row.n) ?? 0, totals: sumsOf(view, row), groups: {}, buckets: new Map() };
  }
  const plan = totalsPlan({ source, actor, filters: args.filters, groups, bucket: args.bucket });
  const keys = groups.map((g) => dimensionKey(source, g, plan));
  // The bucket's start (the select's expression is the group's), formatted per group.
  const start = plan.bucket;
  if (start) keys.push({ group: start, shown: sql`to_char(${start}, 'YYYY-MM-DD')` });
  const named = source.dimensionTitles as Record<string, SQL | undefined> | undefined;
  const select = [
    sql`${plan.count} as "n"`,
    ...keys.flatMap((k, i) => [sql`${k.shown} as ${sql.identifier(`k${i}`)}`, sql`grouping(${k.group}) as ${sql.identifier(`g${i}`)}`]),
    ...groups.flatMap((g, i) => {
      const title = named?.[g];
      return title ? [sql`min(${flat(title)}) as ${sql.identifier(`t${i}`)}`] : [];
    }),
    ...Object.keys(view.measures).map((m) => sql`${plan.measures[m]} as ${sql.identifier(`m_${m}`)}`),
  ];
  const sets = sql.join([...(args.whole === false ? [] : [sql`()`]), ...keys.map((k) => sql`(${k.group})`)], sql`, `);
  // Daily rows of a group may cancel out (an entry moved to another day, not folded yet): no rows, no group.
  const some = plan.daily ? sql` having ${plan.count} <> 0` : sql``;
  const result = await args.db.execute<Record<string, unknown>>(
    sql`select ${sql.join(select, sql`, `)} from ${plan.from} where ${plan.where} group by grouping sets (${sets})${some}`,
  );
  const whole = result.rows.find((r) => keys.every((_, i) => Number(r[`g${i}`]) === 1));
  const b = groups.length;
  const buckets = new Map(
    start ? result.rows.filter((r) => Number(r[`g${b}`]) === 0).map((r) => [String(r[`k${b}`]), sumsOf(view, r)] as const) : [],
  );
  const byGroup: Record<string, ViewGroup[]> = {};
  for (const [i, name] of groups.entries()) {
    const rows = result.rows.filter((r) => Number(r[`g${i}`]) === 0);
    const titles = named?.[name]
      ? new Map(rows.map((r) => [String(r[`k${i}`]), String(r[`t${i}`] ?? r[`k${i}`])]))
      : await groupTitles({ db: args.db, source, actor, dimension: name, keys: rows.map((r) => r[`k${i}`]) });
    byGroup[name] = rows
      .map((r) => {
        const key = r[`k${i}`] === null ? null : String(r[`k${i}`]);
        return { key, title: key === null ? null : (titles.get(key) ?? null), drill: drillOf(view, name, key), ...sumsOf(view, r) };
      })
      .sort((a, b) => String(a.key ?? '\uffff').localeCompare(String(b.key ?? '\uffff')));
    // Days newest first, as the rows: the latest is what a person looks for.
    if (view.dimensions?.[name]?.kind === 'day') byGroup[name].reverse();
  }
  return {
    rows: Number(whole?.n ?? 0),
    totals: whole ? sumsOf(view, whole) : sumsOf(view, {}),
    groups: byGroup,
    buckets,
  };
}

/** Names of a dimension's keys: stores by name, codes by their label in the actor's language. */
async function groupTitles(args: {
  db: DbOrTx;
  source: ViewSource;
  actor: Actor;
  dimension: string;
  keys: readonly unknown[];
}): Promise<Map<string, string>> {
  const view = args.source.view;
  const d = view.dimensions?.[args.dimension];
  const keys = args.keys.filter((k) => k !== null && k !== undefined).map(String);
  if (d?.kind === 'store') {
    const ids = keys.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    const found: { id: number; title: string }[] = [];
    for (let i = 0; i < ids.length; i += 50) {
      found.push(...(await lookUpStores({ db: args.db, tenantId: args.actor.tenantId, ids: ids.slice(i, i + 50) })));
    }
    return new Map(found.map((s) => [String(s.id), s.title]));
  }
  if (d?.kind === 'enum') {
    const options = view.columns[args.dimension]?.options ?? {};
    return new Map(keys.map((k) => [k, options[k] ? pick(options[k].label, args.actor.locale) : k]));
  }
  return new Map(keys.map((k) => [k, k]));
}

/**
 * The instant a read's figures are as of, in the actor's zone: the read's own time, as every
 * source reads the ledgers or their daily totals, which the posting transaction keeps.
 */
export function asOfNow(actor: Actor): string {
  return formatInstant(actor.now ?? new Date(), actor.timeZone);
}

/**
 * The instant figures read from a replica are as of: the last transaction it replayed (a
 * server that replays nothing, a primary, answers its own time).
 */
export async function replicaAsOf(db: DbOrTx, actor: Actor): Promise<string> {
  const found = await db.execute<{ at: Date | string }>(sql`select coalesce(pg_last_xact_replay_timestamp(), now()) as "at"`);
  const at = found.rows[0]?.at;
  return formatInstant(at instanceof Date ? at : new Date(String(at)), actor.timeZone);
}

/** The chart of a filter: the trend over its time range by bucket, a share, and the comparisons. */
export interface ViewChart {
  readonly asOf: string;
  readonly range: [string, string];
  readonly bucket: Bucket;
  readonly trend: ({ readonly bucket: string } & Record<string, unknown>)[];
  readonly share: ViewGroup[];
  readonly current: ViewSums;
  readonly previous: { readonly range: [string, string]; readonly totals: ViewSums };
  readonly lastYear: { readonly range: [string, string]; readonly totals: ViewSums };
}

/** Today in a zone, `yyyy-MM-dd`. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first day of each bucket from the range's start to its end. */
export function bucketStarts(range: readonly [string, string], bucket: Bucket): string[] {
  const start = new Date(`${range[0]}T00:00:00Z`);
  if (bucket === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (bucket === 'month') start.setUTCDate(1);
  const out: string[] = [];
  for (const d = start; d.toISOString().slice(0, 10) <= range[1];) {
    out.push(d.toISOString().slice(0, 10));
    if (bucket === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (bucket === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** The chart of a view over the filter (its time range, or the last 30 days when none is set). */
export async function readViewChart(args: { db: DbOrTx; source: ViewSource; actor: Actor; filters: ViewFilters }): Promise<ViewChart> {
  const { db, source, actor } = args;
  const view = source.view;
  const time = view.time;
  const chart = view.chart;
  if (!time || !chart) throw new Error(`query view ${view.name} declares no chart`);
  const range = (args.filters[time] as [string, string] | undefined) ?? DEFAULT_CHART_RANGE(todayIn(actor.timeZone, actor.now));
  const within = (days: [string, string]): ViewFilters => ({ ...args.filters, [time]: days });
  const bucket = bucketOf(range);
  const previousRange = previousPeriodOf(range);
  const lastYearRange = lastYearOf(range);
  // The trend, the current totals and the share in one pass; the previous period and last year
  // each in another, at the same time on connections of the pool (one after the other in a transaction).
  const ranges = sameRange(previousRange, lastYearRange) ? [range, previousRange] : [range, previousRange, lastYearRange];
  // The same period last year is often the previous period (a year's range): read once.
  const reads = ranges.map(
    (days, i) => () =>
      totalsOver({
        db,
        source,
        actor,
        filters: within(days),
        groups: i === 0 && chart.share ? [chart.share.dimension] : [],
        bucket: i === 0 ? bucket : undefined,
      }),
  );
  const [current, previous, lastYear = previous] = 'rollback' in db ? await sequentially(reads) : await Promise.all(reads.map((r) => r()));
  const trend = bucketStarts(range, bucket).map((start) => {
    const sums = current.buckets.get(start);
    return { bucket: start, ...Object.fromEntries(chart.trend.map((m) => [m, sums?.[m] ?? 0])) };
  });
  return {
    asOf: asOfNow(actor),
    range: [range[0], range[1]],
    bucket,
    trend,
    share: chart.share ? (current.groups[chart.share.dimension] ?? []) : [],
    current: current.totals,
    previous: { range: previousRange, totals: previous.totals },
    lastYear: { range: lastYearRange, totals: lastYear.totals },
  };
}

const sameRange = (a: readonly [string, string], b: readonly [string, string]) => a[0] === b[0] && a[1] === b[1];

/** Runs reads one after the other (on a transaction's one connection). */
async function sequentially<T>(reads: readonly (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (const read of reads) out.push(await read());
  return out;
}
