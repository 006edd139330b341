import { sql, type SQL } from 'drizzle-orm';
import { pick } from '../../resources/messages/bilingual';
import {
  DEFAULT_CHART_RANGE,
  bucketOf,
  drillFilterOf,
  lastYearOf,
  previousPeriodOf,
  type Bucket,
  type QueryColumn,
  type QueryViewDef,
} from '../../resources/query-view';
import type { DbOrTx } from '../db/connection';
import { lookUpStores } from '../modules/reads/store-lookup';
import type { Actor } from './actor';
import type { ViewSource } from './query-view.source';
import { formatDateTime } from './zoned-time';

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

/** The actor's day of an instant expression. */
const dayOf = (column: SQL, zone: string) => sql`(${column} at time zone ${literal(zone)})::date`;

/** Whole days of the actor's zone as one range over the column (its index serves it). */
function dayRange(column: SQL, days: readonly [string, string], zone: string): SQL {
  const [from, to] = days;
  return sql`${column} >= (${from}::date)::timestamp at time zone ${zone}
    and ${column} < (${to}::date + 1)::timestamp at time zone ${zone}`;
}

/** The WHERE of a filter: the actor's scope, then each filter set. */
export function viewConditions(args: { source: ViewSource; actor: Actor; filters: ViewFilters }): SQL {
  const { source, actor, filters } = args;
  const parts: SQL[] = [source.scope(actor)];
  for (const [name, f] of Object.entries(source.view.filters)) {
    const value = filters[name];
    if (value === undefined || value === null || value === '') continue;
    const column = (source.filters as Record<string, SQL>)[name];
    parts.push(f.kind === 'dateRange' ? dayRange(column, value as [string, string], actor.timeZone) : sql`${column} = ${value}`);
  }
  return sql.join(parts, sql` and `);
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A stored value as the answer carries it, by the column's kind. */
function wireValue(column: QueryColumn, value: unknown, zone: string): string | number | null {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'integer':
    case 'money':
      return Number(value);
    case 'datetime':
      return formatDateTime(value instanceof Date ? value : new Date(String(value)), zone);
    default:
      return String(value);
  }
}

/** Rows of the filter, key descending: `limit` after the keyset `before` (a key) or `offset` rows. */
export async function readViewRows(args: {
  db: DbOrTx;
  source: ViewSource;
  actor: Actor;
  where: SQL;
  limit: number;
  before?: number | null;
  offset?: number;
}): Promise<ViewRow[]> {
  const { source } = args;
  const view = source.view;
  const columns = source.columns as Record<string, SQL>;
  const key = columns[view.key];
  const select = sql.join(
    Object.keys(view.columns).map((name) => sql`${columns[name]} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const keyset = args.before ? sql` and ${key} < ${args.before}` : sql``;
  const result = await args.db.execute<Record<string, unknown>>(sql`select ${select} from ${source.from}
    where ${args.where}${keyset} order by ${key} desc limit ${args.limit} offset ${args.offset ?? 0}`);
  return result.rows.map((r) =>
    Object.fromEntries(Object.entries(view.columns).map(([name, c]) => [name, wireValue(c, r[name], args.actor.timeZone)])),
  );
}

/** How many rows the filter holds. */
export async function countViewRows(args: { db: DbOrTx; source: ViewSource; where: SQL }): Promise<number> {
  const result = await args.db.execute<{ n: string }>(sql`select count(*) as n from ${args.source.from} where ${args.where}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** A dimension's key expression (a `day` dimension: the `time` filter's day in the actor's zone). */
function dimensionKey(source: ViewSource, name: string, zone: string): SQL {
  const d = source.view.dimensions?.[name];
  if (d?.kind === 'day') {
    const time = (source.filters as Record<string, SQL>)[source.view.time ?? ''];
    return sql`to_char(${dayOf(time, zone)}, 'YYYY-MM-DD')`;
  }
  const expression = (source.dimensions as Record<string, SQL | undefined> | undefined)?.[name];
  if (!expression) throw new Error(`query view ${source.view.name}: dimension ${name} has no SQL`);
  return expression;
}

const sumsOf = (view: QueryViewDef, r: Record<string, unknown>): ViewSums =>
  Object.fromEntries(Object.keys(view.measures).map((m) => [m, num(r[`m_${m}`]) ?? 0]));

/** The filters that list a group's rows, on top of the filter it was totalled over (null: not listable). */
function drillOf(view: QueryViewDef, dimension: string, key: string | null): ViewFilters | null {
  const filter = drillFilterOf(view, dimension);
  if (key === null || !filter) return null;
  const kind = view.filters[filter]?.kind;
  if (kind === 'dateRange') return { [filter]: [key, key] };
  return { [filter]: kind === 'store' || kind === 'record' ? Number(key) : key };
}

/**
 * The totals of the whole filter and its grouped totals by each of `groups`, in one pass over
 * the rows (`group by grouping sets ((), (d1), (d2) …)`); `rows` is the whole filter's count.
 */
export async function readViewTotals(args: {
  db: DbOrTx;
  source: ViewSource;
  actor: Actor;
  where: SQL;
  groups: readonly string[];
}): Promise<{ rows: number; totals: ViewSums; groups: Record<string, ViewGroup[]> }> {
  const { source, actor, groups } = args;
  const view = source.view;
  const measures = source.measures as Record<string, SQL>;
  const keys = groups.map((g) => dimensionKey(source, g, actor.timeZone));
  const select = [
    sql`count(*) as "n"`,
    ...keys.flatMap((k, i) => [sql`${k} as ${sql.identifier(`k${i}`)}`, sql`grouping(${k}) as ${sql.identifier(`g${i}`)}`]),
    ...Object.keys(view.measures).map((m) => sql`${measures[m]} as ${sql.identifier(`m_${m}`)}`),
  ];
  const sets = sql.join([sql`()`, ...keys.map((k) => sql`(${k})`)], sql`, `);
  const result = await args.db.execute<Record<string, unknown>>(
    sql`select ${sql.join(select, sql`, `)} from ${source.from} where ${args.where} group by grouping sets (${sets})`,
  );
  const whole = result.rows.find((r) => keys.every((_, i) => Number(r[`g${i}`]) === 1));
  const byGroup: Record<string, ViewGroup[]> = {};
  for (const [i, name] of groups.entries()) {
    const rows = result.rows.filter((r) => Number(r[`g${i}`]) === 0);
    const titles = await groupTitles({ db: args.db, source, actor, dimension: name, keys: rows.map((r) => r[`k${i}`]) });
    byGroup[name] = rows
      .map((r) => {
        const key = r[`k${i}`] === null ? null : String(r[`k${i}`]);
        return { key, title: key === null ? null : (titles.get(key) ?? null), drill: drillOf(view, name, key), ...sumsOf(view, r) };
      })
      .sort((a, b) => String(a.key ?? '\uffff').localeCompare(String(b.key ?? '\uffff')));
  }
  return {
    rows: Number(whole?.n ?? 0),
    totals: whole ? sumsOf(view, whole) : sumsOf(view, {}),
    groups: byGroup,
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

/** The chart of a filter: the trend over its time range by bucket, a share, and the comparisons. */
export interface ViewChart {
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
  const within = (days: [string, string]) => viewConditions({ source, actor, filters: { ...args.filters, [time]: days } });
  const bucket = bucketOf(range);
  const measures = source.measures as Record<string, SQL>;
  const column = (source.filters as Record<string, SQL>)[time];
  const trendSelect = chart.trend.map((m) => sql`${measures[m]} as ${sql.identifier(`m_${m}`)}`);
  const trendRows = await db.execute<Record<string, unknown>>(sql`select
      to_char(date_trunc(${bucket}, ${dayOf(column, actor.timeZone)}), 'YYYY-MM-DD') as "bucket", ${sql.join(trendSelect, sql`, `)}
    from ${source.from} where ${within(range)} group by 1`);
  const found = new Map(trendRows.rows.map((r) => [String(r.bucket), r]));
  const trend = bucketStarts(range, bucket).map((start) => {
    const r = found.get(start) ?? {};
    return { bucket: start, ...Object.fromEntries(chart.trend.map((m) => [m, num(r[`m_${m}`]) ?? 0])) };
  });
  const current = await readViewTotals({ db, source, actor, where: within(range), groups: chart.share ? [chart.share.dimension] : [] });
  const previousRange = previousPeriodOf(range);
  const lastYearRange = lastYearOf(range);
  const previous = await readViewTotals({ db, source, actor, where: within(previousRange), groups: [] });
  const lastYear = await readViewTotals({ db, source, actor, where: within(lastYearRange), groups: [] });
  return {
    range: [range[0], range[1]],
    bucket,
    trend,
    share: chart.share ? (current.groups[chart.share.dimension] ?? []) : [],
    current: current.totals,
    previous: { range: previousRange, totals: previous.totals },
    lastYear: { range: lastYearRange, totals: lastYear.totals },
  };
}
