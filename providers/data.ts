/**
 * refine's data provider on the resource endpoints of DESIGN §3. A refine resource name is the
 * API name (`coupon-template` -> `/v1/coupon-template/...`); `meta.endpoint` overrides it for
 * the few resources whose path differs. The JSON shape of filters and sorters is documented in
 * providers/README.md and is what the server's query route parses.
 */
import type { BaseKey, BaseRecord, CrudFilter, CrudSort, DataProvider, LogicalFilter, MetaQuery, Pagination } from '@refinedev/core';
import type { QueryPage, QuerySorter } from '../resources/contract/query.types';
import { serializeDate } from './dates';
import { apiGet, apiPost, apiRequest, serviceUrl } from './http';

/**
 * A filter value. The server reads a plain value or a pair according to the field's declared
 * filter mode (eq: the value; contains / prefix: the text; in: a list; range: `[from, to]`), so
 * those travel bare; only operators a mode cannot express travel as `{ op, value }`.
 */
export type FilterValue = unknown | readonly [unknown, unknown] | FilterOp;

/** A filter that no declared filter mode expresses (`ne`, `lt`, `gt`, `null`, `or` …). */
export interface FilterOp {
  /** refine's operator name: `ne`, `lt`, `gt`, `nin`, `null`, `nnull`, `or`, `and` … */
  readonly op: string;
  /** Operand; for `or`/`and` a list of nested filter objects. */
  readonly value: unknown;
}

/** The filters of a query: field name -> value. */
export type QueryFilters = Record<string, FilterValue>;

/** One sort key (the contract's). */
export type { QuerySorter };

/** Body of `POST /v1/<resource>/query`. */
export interface QueryBody {
  /** Text of the list's keyword box (matches any searchable field), when given. */
  readonly keyword?: string;
  /** 1-based page number. */
  readonly page: number;
  /** Rows per page. */
  readonly pageSize: number;
  /** Filters, see {@link QueryFilters}. */
  readonly filters: QueryFilters;
  /** Sort keys in priority order. */
  readonly sorters: readonly QuerySorter[];
  /** Keyset paging: the previous page's `nextCursor` (replaces `page` on the server). */
  readonly cursor?: string;
}

/** `data` of a query response (the contract's). */
export type QueryResult<T> = QueryPage<T>;

/** Default rows per page, the same as antd's pager. */
export const DEFAULT_PAGE_SIZE = 10;

/**
 * Rows asked for when a screen turns pagination off (trees, selectors, small masters): the
 * server's largest page. A bound keeps a forgotten `mode: 'off'` from pulling a table whole.
 */
export const UNPAGED_LIMIT = 200;

// Operators whose meaning the field's declared mode already carries: the value travels bare.
const BARE_OPERATORS: ReadonlySet<string> = new Set(['eq', 'contains', 'containss', 'startswith', 'startswiths', 'in']);

// Dates travel as `yyyy-MM-dd HH:mm:ss` (DESIGN §3), whatever object the picker produced.
function plainValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainValue);
  if (
    value instanceof Date ||
    (typeof value === 'object' && value !== null && 'isValid' in value && typeof (value as { format?: unknown }).format === 'function')
  ) {
    return serializeDate(value as Date);
  }
  return value;
}

function isLogical(filter: CrudFilter): filter is LogicalFilter {
  return filter.operator !== 'or' && filter.operator !== 'and';
}

function addLogical(target: Record<string, FilterValue>, filter: LogicalFilter): void {
  const value = plainValue(filter.value);
  // An unset filter field (empty input, cleared picker) is not a condition.
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    if (filter.operator !== 'null' && filter.operator !== 'nnull') return;
  }
  const existing = target[filter.field];
  if (BARE_OPERATORS.has(filter.operator)) {
    target[filter.field] = value;
    return;
  }
  switch (filter.operator) {
    case 'between':
      target[filter.field] = Array.isArray(value) ? [value[0] ?? null, value[1] ?? null] : [value, null];
      return;
    // Inclusive bounds on one field merge into one range, the way a date-range filter is sent.
    case 'gte':
      target[filter.field] = [value, Array.isArray(existing) ? existing[1] : null];
      return;
    case 'lte':
      target[filter.field] = [Array.isArray(existing) ? existing[0] : null, value];
      return;
    default:
      target[filter.field] = { op: filter.operator, value };
  }
}

/** Maps refine's filters to the JSON shape of the query body. */
export function toQueryFilters(filters: readonly CrudFilter[] | undefined): QueryFilters {
  const result: Record<string, FilterValue> = {};
  (filters ?? []).forEach((filter, index) => {
    if (isLogical(filter)) {
      addLogical(result, filter);
      return;
    }
    const groups = filter.value.map((inner) => toQueryFilters([inner]));
    if (groups.length === 0) return;
    // Unnamed groups are keyed `$or`, `$and`; a second one of the same kind gets its index.
    const unnamed = `$${filter.operator}`;
    const key = filter.key ?? (unnamed in result ? `${unnamed}${index}` : unnamed);
    result[key] = { op: filter.operator, value: groups };
  });
  return result;
}

/** Maps refine's sorters to the JSON shape of the query body. */
export function toQuerySorters(sorters: readonly CrudSort[] | undefined): QuerySorter[] {
  return (sorters ?? []).map((sorter) => ({ field: sorter.field, order: sorter.order === 'desc' ? 'desc' : 'asc' }));
}

/** Builds the whole query body from refine's list parameters. */
export function toQueryBody(args: {
  readonly pagination?: Pagination;
  readonly filters?: readonly CrudFilter[];
  readonly sorters?: readonly CrudSort[];
  /** `meta.keyword` of the list call. */
  readonly keyword?: unknown;
  /** `meta.cursor` of the list call: the `nextCursor` of the page before the one asked for. */
  readonly cursor?: unknown;
}): QueryBody {
  const unpaged = args.pagination?.mode === 'off';
  const keyword = typeof args.keyword === 'string' ? args.keyword.trim() : '';
  return {
    ...(keyword !== '' ? { keyword } : {}),
    page: unpaged ? 1 : (args.pagination?.current ?? 1),
    pageSize: unpaged ? UNPAGED_LIMIT : (args.pagination?.pageSize ?? DEFAULT_PAGE_SIZE),
    filters: toQueryFilters(args.filters),
    sorters: toQuerySorters(args.sorters),
    ...(typeof args.cursor === 'string' && args.cursor !== '' && !unpaged ? { cursor: args.cursor } : {}),
  };
}

function endpoint(args: { readonly resource: string; readonly meta?: MetaQuery }): string {
  const override = args.meta?.endpoint;
  return `/v1/${typeof override === 'string' && override !== '' ? override : args.resource}`;
}

// A version passed in meta wins: edit forms keep it outside the edited fields.
function versionOf(args: { readonly variables: unknown; readonly meta?: MetaQuery }): unknown {
  if (args.meta?.version !== undefined) return args.meta.version;
  return (args.variables as { version?: unknown } | null | undefined)?.version;
}

/** The url of a state action (`audit`, `start`, `stop`, `void` …) of one record. */
export function stateActionUrl(args: { readonly resource: string; readonly action: string }): string {
  return `/v1/${args.resource}/${args.action}`;
}

/**
 * Runs a state action: `POST /v1/<resource>/<action>?id=`, with the reason for actions that take
 * one. Resolves with the server's data.
 */
export function runStateAction<T = unknown>(args: {
  readonly resource: string;
  readonly action: string;
  readonly id: BaseKey;
  readonly version?: number;
  readonly reason?: string;
}): Promise<T> {
  const data = {
    ...(args.version !== undefined ? { version: args.version } : {}),
    ...(args.reason !== undefined ? { reason: args.reason } : {}),
  };
  return apiPost<T>(stateActionUrl(args), { params: { id: args.id }, data: Object.keys(data).length > 0 ? data : undefined });
}

// Custom urls are usually service-relative (`/v1/...`); a full url is used as given.
function customUrl(url: string): string {
  const base = serviceUrl();
  return url.startsWith(base) ? url.slice(base.length) : url;
}

/** The data provider refine uses for every declared resource. */
export const dataProvider: DataProvider = {
  getApiUrl: () => serviceUrl(),

  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const body = toQueryBody({ pagination, filters, sorters, keyword: meta?.keyword, cursor: meta?.cursor });
    const result = await apiPost<QueryResult<BaseRecord>>(`${endpoint({ resource, meta })}/query`, { data: body });
    // refine's generics cannot see that the caller's record type is what the server sent.
    // The keyset cursor, the estimate flag and the totals row travel beside refine's two fields.
    return {
      data: (result.records ?? []) as never[],
      total: result.total ?? 0,
      totalIsEstimate: result.totalIsEstimate === true,
      nextCursor: result.nextCursor ?? null,
      ...(result.totals ? { totals: result.totals } : {}),
    };
  },

  getOne: async ({ resource, id, meta }) => {
    const record = await apiGet<BaseRecord>(`${endpoint({ resource, meta })}/info/${encodeURIComponent(String(id))}`);
    return { data: record as never };
  },

  getMany: async ({ resource, ids, meta }) => {
    const records = await Promise.all(
      ids.map((id) => apiGet<BaseRecord>(`${endpoint({ resource, meta })}/info/${encodeURIComponent(String(id))}`)),
    );
    return { data: records as never[] };
  },

  create: async ({ resource, variables, meta }) => {
    const record = await apiPost<BaseRecord>(`${endpoint({ resource, meta })}/saveNew`, { data: variables });
    return { data: record as never };
  },

  update: async ({ resource, id, variables, meta }) => {
    const version = versionOf({ variables, meta });
    const body = { ...(variables as object), id, ...(version !== undefined ? { version } : {}) };
    const record = await apiPost<BaseRecord>(`${endpoint({ resource, meta })}/modify`, { data: body });
    return { data: record as never };
  },

  deleteOne: async ({ resource, id, variables, meta }) => {
    const version = versionOf({ variables, meta });
    const result = await apiPost<BaseRecord | null>(`${endpoint({ resource, meta })}/delete`, {
      params: { id },
      data: version !== undefined ? { version } : undefined,
    });
    return { data: (result ?? { id }) as never };
  },

  custom: async ({ url, method, payload, query, headers, filters, sorters }) => {
    // A custom query call may carry refine filters too; they travel in the body's usual shape.
    const body =
      filters !== undefined || sorters !== undefined
        ? { ...(payload as object | undefined), filters: toQueryFilters(filters), sorters: toQuerySorters(sorters) }
        : payload;
    const data = await apiRequest<BaseRecord>({
      url: customUrl(url),
      method,
      params: query,
      data: body,
      headers: headers as Record<string, string> | undefined,
    });
    return { data: data as never };
  },
};
