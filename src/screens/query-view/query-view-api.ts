/**
 * Calls of a query view's routes (server/crud/query-view.routes.ts). The shapes are the engine's
 * for every view, so they are typed here once by the declaration's names rather than per view in
 * the generated OpenAPI types (which hold each view's own operation under `<view>.query`).
 */
import { apiGet, apiPost } from '../../../providers/http';
import type { Bucket, QueryViewDef } from '../../../resources/query-view';
import type { PageQuery, PageResult } from '../../components/use-paged-query';
import type { LookupOption } from '../generic/lookup-select';

/** Filters by the view's filter names. */
export type ViewFilters = Readonly<Record<string, unknown>>;
/** A row by the view's column names. */
export type ViewRow = Readonly<Record<string, string | number | null>>;
/** The measures by name. */
export type ViewSums = Readonly<Record<string, number>>;
/** A grouped total: its key, name, the filters listing its rows (null: not listable) and its measures. */
export type ViewGroup = { readonly key: string | null; readonly title: string | null; readonly drill: ViewFilters | null } & Readonly<
  Record<string, unknown>
>;

/** A page of a view with the totals of the whole filter. */
export interface ViewPage extends PageResult<ViewRow> {
  /** When the figures were read (`yyyy-MM-dd HH:mm:ss`, the user's zone). */
  readonly asOf: string;
  readonly nextCursor: number | null;
  readonly totals: ViewSums;
  readonly groups: Readonly<Record<string, readonly ViewGroup[]>>;
}

/** The chart of a filter. */
export interface ViewChartData {
  readonly asOf: string;
  readonly range: readonly [string, string];
  readonly bucket: Bucket;
  readonly trend: readonly (Readonly<Record<string, number>> & { readonly bucket: string })[];
  readonly share: readonly ViewGroup[];
  readonly current: ViewSums;
  readonly previous: { readonly range: readonly [string, string]; readonly totals: ViewSums };
  readonly lastYear: { readonly range: readonly [string, string]; readonly totals: ViewSums };
}

export function queryView(
  view: QueryViewDef,
  body: Pick<PageQuery<ViewFilters>, 'page' | 'pageSize' | 'filters'> & {
    readonly cursor?: number | null;
    readonly sorters?: PageQuery<ViewFilters>['sorters'];
  },
): Promise<ViewPage> {
  // The table sorts only the declared sortable columns; a view without any takes no sorters.
  const sorters = body.sorters && body.sorters.length > 0 ? { sorters: body.sorters.slice(0, 1) } : {};
  return apiPost(`/v1/${view.name}/query`, {
    data: { page: body.page, pageSize: body.pageSize, cursor: body.cursor, filters: body.filters, ...sorters },
  });
}

export function viewChart(view: QueryViewDef, filters: ViewFilters): Promise<ViewChartData> {
  return apiPost(`/v1/${view.name}/chart`, { data: { filters } });
}

/** Starts the file-centre export of every row of the filter, in the list's order. */
export function startViewExport(
  view: QueryViewDef,
  filters: ViewFilters,
  sorters: PageQuery<ViewFilters>['sorters'] = [],
): Promise<{ taskId: number }> {
  return apiPost(`/v1/${view.name}/export`, { data: { filters, ...(sorters.length > 0 ? { sorters: sorters.slice(0, 1) } : {}) } });
}

/** Stores (or areas) by a piece of their name or code, for a view's store (or area) filter. */
export function findViewNamed(args: { view: QueryViewDef; what: 'stores' | 'areas'; keyword: string }): Promise<LookupOption[]> {
  return apiGet(`/v1/${args.view.name}/${args.what}`, { params: args.keyword ? { keyword: args.keyword } : {} });
}
