import { and, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../resources/define';
import { pick, type Locale } from '../../resources/messages/bilingual';
import type { DbOrTx } from '../db/connection';
import type { Actor } from './actor';
import { badInput, type FieldError } from '../http/envelope';
import { crudMessages } from '../../resources/messages/crud.messages';
import { fieldKeys, isArrayField, isFilterable } from './field-kinds';
import { isUniqueKey } from './index.derive';
import { afterCursor, decodeCursor, encodeCursor, orderBy, sortSignature, type SortKey } from './query.cursor';
import { filterConditions, keywordCondition, ownField } from './query.filters';
import { MAX_PAGE, textProblem } from '../http/input-guard';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import { carriedNames, titleFields, type FoundNames } from './record.titles';
import { allowedRowsCondition, declaredScope, scopeConditions, scopeOf } from './scope';
import { placeholder, prepareNamed, preparedOnce, type PreparedSelect } from './prepared';
import { shownStateRank, shownStateRankSql } from './state-timeline';
import { recordShownState } from '../../resources/state-timeline';
import type { StoredRecord } from './server-hooks.define';
import { keepEstimate, keptEstimate } from './total-estimates';

/**
 * `POST /v1/<name>/query`: filters, keyword, sorting and paging by page number or by cursor.
 * The total is exact up to EXACT_TOTAL_LIMIT matching rows; beyond it, counting would read
 * every row of a million-member list on each page, so the planner's estimate is returned and
 * flagged `totalIsEstimate`.
 *
 * One statement answers a page: its rows, and as fields of its select the total (the planner's
 * estimate and, when that says the matches are few, the capped count), the declared totals and
 * the names the rows point at (record.titles.ts). Only an empty page asks again, for the total.
 */

/** The query body after checking. */
export interface QueryRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly filters: Record<string, unknown>;
  readonly sorters: readonly { readonly field: string; readonly order: 'asc' | 'desc' }[];
  readonly keyword: string;
  /** Keyset paging: the `nextCursor` of the previous answer; wins over `page`. */
  readonly cursor?: string;
}

/** The answer's data. */
export interface QueryResult {
  readonly total: number;
  readonly totalIsEstimate: boolean;
  readonly rows: StoredRecord[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
  /** Sums of the declared `list.totals` over the whole filtered set; absent when none are declared. */
  readonly totals?: Record<string, number>;
  /** Per row, the names it points at that came with it (when the query was given the registry). */
  readonly carried?: FoundNames[];
}

export const EXACT_TOTAL_LIMIT = 10_000;
/**
 * Above this many planned rows the planner's estimate is believed without counting. Twice the
 * exact limit leaves room for statistics that are off (a table not analysed since it grew).
 */
const ESTIMATE_TRUSTED_ABOVE = 2 * EXACT_TOTAL_LIMIT;
export const MAX_PAGE_SIZE = 200;
const MAX_SORTERS = 3;
const SYSTEM_SORTS = ['id', 'createdAt', 'updatedAt'];

const label = (key: keyof typeof crudMessages, locale: Locale) => pick(crudMessages[key], locale);

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** Checks the shape of a query body; 400 naming every bad part. */
export function parseQueryBody(args: { resource: ResourceDef; body: unknown; locale: Locale }): QueryRequest {
  const { resource, locale } = args;
  const given = args.body ?? {};
  // A body that is not a JSON object (text sent as text/plain, a list) would otherwise read as
  // "no filters" and answer every row the caller may see.
  const isObject = typeof given === 'object' && !Array.isArray(given);
  const body = (isObject ? given : {}) as Record<string, unknown>;
  const issues: FieldError[] = [];
  const bad = (field: string, key: string, values: Record<string, string | number> = {}) =>
    issues.push({ field, key, values: { label: label(`crud.field.${field}` as keyof typeof crudMessages, locale), ...values } });
  if (!isObject) bad('body', 'validation.type');
  const page = body.page === undefined ? 1 : positiveInt(body.page);
  if (page === null) bad('page', 'validation.min', { min: 1 });
  else if (page > MAX_PAGE) bad('page', 'validation.max', { max: MAX_PAGE });
  const pageSize = body.pageSize === undefined ? (resource.list.pageSize ?? 20) : positiveInt(body.pageSize);
  if (pageSize === null || pageSize > MAX_PAGE_SIZE) bad('pageSize', 'validation.max', { max: MAX_PAGE_SIZE });
  const filters = body.filters ?? {};
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) bad('filters', 'validation.type');
  const keyword = body.keyword ?? '';
  if (typeof keyword !== 'string' || keyword.length > 100) bad('keyword', 'validation.maxLength', { max: 100 });
  else if (textProblem(keyword)) bad('keyword', textProblem(keyword)!);
  const sorters = body.sorters ?? [];
  const sortersOk =
    Array.isArray(sorters) &&
    sorters.length <= MAX_SORTERS &&
    sorters.every((s: unknown) => {
      const o = s as { field?: unknown; order?: unknown } | null;
      return typeof o?.field === 'string' && (o.order === 'asc' || o.order === 'desc');
    });
  if (!sortersOk) bad('sorters', 'validation.type');
  const cursor = body.cursor ?? undefined;
  if (cursor !== undefined && cursor !== null && typeof cursor !== 'string') bad('cursor', 'validation.type');
  for (const key of Object.keys(body)) {
    if (!['page', 'pageSize', 'filters', 'sorters', 'keyword', 'cursor'].includes(key)) {
      issues.push({ field: key, key: 'validation.unknownField', values: { label: key } });
    }
  }
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  return {
    page: page as number,
    pageSize: pageSize as number,
    filters: filters as Record<string, unknown>,
    sorters: sorters as QueryRequest['sorters'],
    keyword: keyword as string,
    ...(typeof cursor === 'string' && cursor !== '' ? { cursor } : {}),
  };
}

/**
 * The sort keys of a query: asked sorters (sortable fields only), default sort, id. The order
 * ends at the first unique NOT NULL key (`id`, or a required unique field such as a code): it is
 * total there, and its unique index alone then serves the order and keyset paging
 * (index.derive.ts derives no second index for it).
 */
export function sortKeysOf(args: { runtime: ResourceRuntime; sorters: QueryRequest['sorters']; locale: Locale; now?: Date }): SortKey[] {
  const { resource, table: t } = args.runtime;
  const keys: SortKey[] = [];
  const issues: FieldError[] = [];
  let total = false;
  const now = args.now ?? new Date();
  const states = resource.states;
  const add = (field: string, order: 'asc' | 'desc') => {
    const f = ownField(resource, field);
    const key = f ? fieldKeys(field, f)[0] : field;
    if (total || keys.some((k) => k.key === key)) return;
    if (states?.timeline && field === states.field) {
      // A state that follows time sorts by its shown state at the request's instant.
      keys.push({
        key,
        column: t[key],
        order,
        instant: false,
        expression: shownStateRankSql({ t, resource, now }),
        rowValue: (row) => shownStateRank(resource, recordShownState({ states, record: row, now })),
      });
      return;
    }
    keys.push({ key, column: t[key], order, instant: f ? f.kind === 'datetime' : field !== 'id' });
    total = field === 'id' || (f !== undefined && isUniqueKey(f));
  };
  const { defaultSort } = resource.list;
  for (const s of args.sorters) {
    const f = ownField(resource, s.field);
    const allowed =
      s.field === defaultSort.field ||
      SYSTEM_SORTS.includes(s.field) ||
      (f !== undefined && f.sortable === true && isFilterable(f) && !isArrayField(f));
    if (!allowed) {
      issues.push({ field: `sorters.${s.field}`, key: 'crud.notSortable', values: { label: f ? pick(f.label, args.locale) : s.field } });
      continue;
    }
    add(s.field, s.order);
  }
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  add(defaultSort.field, defaultSort.order);
  // The id tiebreak follows the last key's direction, so one index serves the whole order.
  if (!total) keys.push({ key: 'id', column: t.id, order: keys[keys.length - 1].order, instant: false });
  return keys;
}

/** The capped count of a query: at most EXACT_TOTAL_LIMIT + 1 matching rows are read. */
function countStatement(args: { db: DbOrTx; runtime: ResourceRuntime; where: SQL | undefined }) {
  const { db } = args;
  const capped = db
    .select({ one: sql`1` })
    .from(args.runtime.table)
    .where(args.where)
    .limit(EXACT_TOTAL_LIMIT + 1)
    .as('capped');
  return db.select({ n: sql<number>`count(*)::int` }).from(capped);
}

/**
 * The total of a query as one field of a select: `[planned rows, capped count or null]`. The
 * planner's estimate comes first (`planned_rows`, migration `planned-rows`: an EXPLAIN of the
 * query's rows with its values, no rows read); only when it says the matches are few does the
 * capped count run, which then reads at most EXACT_TOTAL_LIMIT + 1 rows. A query the statistics
 * call large answers the estimate without scanning (a common keyword or the unfiltered list on
 * millions of rows). The subquery refers to nothing of the row: PostgreSQL evaluates it once per
 * statement (an InitPlan), and the count inside the CASE only when the CASE asks for it.
 */
function totalField(args: { db: DbOrTx; runtime: ResourceRuntime; where: SQL | undefined }): SQL<[number, number | null]> {
  const t = args.runtime.table;
  const explained = args.db.select({ id: t.id }).from(t).where(args.where).toSQL();
  // The statement as a format() template: `%n$L` for the n-th value, quoted by the database.
  const template = explained.sql.replace(/%/g, '%%').replace(/\$(\d+)/g, '%$1$L');
  const values = explained.params.map((value) => sql`, ${value}::text`);
  return sql`(select array[e.planned, case when e.planned <= ${sql.raw(String(ESTIMATE_TRUSTED_ABOVE))} then (${countStatement(args)}) end] from (select planned_rows(${template}${sql.join(values)}) as planned) e)`;
}

/** The total from the estimate and the capped count `totalField` answered. */
function totalOf(field: readonly [number, number | null]): { total: number; estimate: boolean } {
  const planned = Math.round(field[0]);
  const counted = field[1];
  if (counted !== null && counted <= EXACT_TOTAL_LIMIT) return { total: counted, estimate: false };
  return { total: Math.max(planned, EXACT_TOTAL_LIMIT + 1), estimate: true };
}

/**
 * The declared `list.totals` summed over every row the filters match (not only the page), as one
 * field of a select: one aggregate over the same conditions, evaluated once per statement.
 */
function sumsField(args: { db: DbOrTx; runtime: ResourceRuntime; where: SQL | undefined }): SQL<string[]> | null {
  const names = args.runtime.resource.list.totals ?? [];
  if (names.length === 0) return null;
  const t = args.runtime.table;
  const sums = sql.join(
    names.map((name) => sql`coalesce(sum(${t[name]}), 0)::text`),
    sql`, `,
  );
  return sql`(${args.db
    .select({ sums: sql`array[${sums}]` })
    .from(t)
    .where(args.where)})`;
}

/** Money sums stay exact in numeric and travel as numbers with at most two decimals. */
function sumsOf(runtime: ResourceRuntime, field: readonly string[] | undefined): Record<string, number> | undefined {
  const names = runtime.resource.list.totals ?? [];
  if (names.length === 0 || !field) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, Number(field[i])]));
}

/**
 * The select of a listed page: the record's columns (nested, so the row is the record as a plain
 * select maps it), the names its rows point at, the total and the declared totals.
 */
function listedSelection(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  where: SQL | undefined;
  registry: EngineRegistry | undefined;
  /** False when a kept estimate answers the total (total-estimates.ts). */
  withTotal: boolean;
}) {
  const sums = sumsField(args);
  return {
    record: getTableColumns(args.runtime.table),
    ...(args.registry ? { names: titleFields(args.registry, args.runtime).fields } : {}),
    ...(args.withTotal ? { total: totalField(args) } : {}),
    ...(sums ? { sums } : {}),
  };
}

/** A row of a listed page. */
interface ListedRow {
  readonly record: StoredRecord;
  readonly names?: Record<string, unknown>;
  /** Absent when a kept estimate answers the total. */
  readonly total?: [number, number | null];
  readonly sums?: string[];
}

/** What a query runs, before it runs. */
export interface QueryStatements {
  readonly where: SQL | undefined;
  readonly keys: SortKey[];
  /** The page, one row more than asked (which tells whether a next page exists). */
  readonly page: { toSQL(): { sql: string; params: unknown[] } } & PromiseLike<unknown[]>;
  /** The capped count of the matching rows. */
  readonly count: { toSQL(): { sql: string; params: unknown[] } };
  /**
   * What runQuery runs: the page with its total, declared totals and, given the registry, the
   * names its rows point at, as fields of its select (the page's plan is the page's own).
   */
  listed(registry?: EngineRegistry, withTotal?: boolean): { toSQL(): { sql: string; params: unknown[] } } & PromiseLike<ListedRow[]>;
  /** What the total depends on (the resource and the conditions with their values): the key of its kept estimate. */
  readonly totalKey: string;
  /**
   * Nothing but the declared scope filters the rows (no filter, keyword, cursor, row filter or
   * computed sort key): the statements are the same for every call of that order, built once
   * (unfilteredStatements).
   */
  readonly unfiltered: boolean;
}

/**
 * The statements of a query for an actor, exactly as {@link runQuery} runs them (the index tests
 * EXPLAIN them: a search must stay on an index on millions of rows).
 */
export function queryStatements(args: { db: DbOrTx; runtime: ResourceRuntime; actor: Actor; query: QueryRequest }): QueryStatements {
  const { db, runtime, query, actor } = args;
  const scope = scopeOf(actor, runtime);
  const t = runtime.table;
  const filtered = filterConditions({
    resource: runtime.resource,
    t,
    filters: query.filters,
    zone: actor.timeZone,
    locale: actor.locale,
    now: scope.now,
  });
  if (filtered.issues.length > 0) throw badInput('error.fieldsInvalid', filtered.issues);
  const keyword = keywordCondition({ resource: runtime.resource, t, keyword: query.keyword });
  const conditions = [
    ...scopeConditions({ runtime, scope, db, operation: 'query' }),
    ...filtered.conditions,
    ...(keyword ? [keyword] : []),
  ];
  const where = and(...conditions);
  const keys = sortKeysOf({ runtime, sorters: query.sorters, locale: actor.locale, now: scope.now });

  const cursorValues = query.cursor === undefined ? undefined : decodeCursor(keys, query.cursor);
  if (cursorValues === null) throw badInput('crud.badCursor', [{ field: 'cursor', key: 'crud.badCursor' }]);
  const pageOf = (selection: SelectedFields) => {
    let page = db.select(selection).from(t).$dynamic();
    if (cursorValues) page = page.where(and(where, afterCursor(keys, cursorValues)));
    else page = page.where(where).offset((query.page - 1) * query.pageSize);
    return page.orderBy(...orderBy(keys)).limit(query.pageSize + 1);
  };
  // Built when asked: an unfiltered list runs its statement built once (unfilteredListed).
  return {
    where,
    keys,
    get page() {
      return pageOf(getTableColumns(t));
    },
    get count() {
      return countStatement({ db, runtime, where });
    },
    listed: (registry, withTotal = true) =>
      pageOf(listedSelection({ db, runtime, where, registry, withTotal })) as unknown as ReturnType<QueryStatements['listed']>,
    get totalKey() {
      const counted = db.select({ id: t.id }).from(t).where(where).toSQL();
      return `${runtime.resource.name}|${counted.sql}|${JSON.stringify(counted.params)}`;
    },
    unfiltered:
      filtered.conditions.length === 0 &&
      !keyword &&
      query.cursor === undefined &&
      !runtime.hooks.rowFilter &&
      // A user limited to some centres reads with their condition (scope.ts).
      allowedRowsCondition(runtime, actor) === null &&
      keys.every((k) => k.expression === undefined),
  };
}

/**
 * The listed page of an unfiltered query, built once per resource, order and registry
 * (prepared.ts), with placeholders for the tenant, the centre, the offset and the limit.
 */
function unfilteredListed(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  keys: readonly SortKey[];
  registry: EngineRegistry | undefined;
  withTotal: boolean;
}): PreparedSelect<ListedRow> | null {
  const { db, runtime, keys, registry, withTotal } = args;
  const named = registry ? titleFields(registry, runtime).key : 'plain';
  return preparedOnce(db, `unfiltered:${runtime.resource.name}:${sortSignature(keys)}:${named}:${withTotal}`, () => {
    const t = runtime.table;
    const where = and(...declaredScope(runtime, { tenantId: placeholder('tenantId'), marketingCenterId: placeholder('centre') }));
    const page = db
      .select(listedSelection({ db, runtime, where, registry, withTotal }))
      .from(t)
      .where(where)
      .offset(placeholder('offset'))
      .orderBy(...orderBy(keys))
      .limit(placeholder('limit'));
    return prepareNamed(page) as unknown as PreparedSelect<ListedRow>;
  });
}

/** The total and the declared totals of a query without its page (an empty page). */
async function totalsAlone(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  where: SQL | undefined;
}): Promise<Required<Pick<ListedRow, 'total'>> & Pick<ListedRow, 'sums'>> {
  const sums = sumsField(args);
  const [row] = (await args.db.execute(sql`select ${totalField(args)} as total${sums ? sql`, ${sums} as sums` : sql``}`)).rows;
  return row as Required<Pick<ListedRow, 'total'>> & Pick<ListedRow, 'sums'>;
}

/**
 * query: a page of the records the actor may see (tenant, centre, view, row filter), filtered,
 * searched and sorted. `db` may be a caller's transaction.
 */
export async function runQuery(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  actor: Actor;
  query: QueryRequest;
  /** Given, the rows come with the names they point at (`carried`). */
  registry?: EngineRegistry;
}): Promise<QueryResult> {
  const { db, runtime, query, registry } = args;
  const statements = queryStatements(args);
  const { where, keys, unfiltered, listed } = statements;
  const scope = scopeOf(args.actor, runtime);
  const totalKey = unfiltered ? `${runtime.resource.name}|unfiltered|${scope.tenantId}|${scope.marketingCenterId}` : statements.totalKey;
  const estimated = keptEstimate(totalKey);
  const withTotal = estimated === undefined;
  const prepared = unfiltered ? unfilteredListed({ db, runtime, keys, registry, withTotal }) : null;
  const values = {
    tenantId: scope.tenantId,
    centre: scope.marketingCenterId,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize + 1,
  };
  const listedRows = prepared ? await prepared.execute(values) : await listed(registry, withTotal);
  // The total and the declared totals came with every row; an empty page asks for them alone.
  const first: Pick<ListedRow, 'total' | 'sums'> = listedRows[0] ?? (await totalsAlone({ db, runtime, where }));
  const { total, estimate } = first.total ? totalOf(first.total) : { total: estimated!, estimate: true };
  if (estimate && withTotal) keepEstimate(totalKey, total);
  const totals = sumsOf(runtime, first.sums);
  const rows = listedRows.map((row) => row.record);
  const more = rows.length > query.pageSize;
  const records = more ? rows.slice(0, query.pageSize) : rows;
  return {
    total,
    totalIsEstimate: estimate,
    rows: records,
    nextCursor: more ? encodeCursor(keys, records[records.length - 1]) : null,
    ...(totals ? { totals } : {}),
    ...(registry
      ? {
          carried: await carriedNames({
            db,
            registry,
            resource: runtime.resource,
            tenantId: scope.tenantId,
            rows: listedRows.slice(0, records.length).map((row) => ({ record: row.record, names: row.names! })),
          }),
        }
      : {}),
  };
}
