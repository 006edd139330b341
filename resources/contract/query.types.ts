/**
 * The list query of every declared resource (`POST /v1/<name>/query`, server/crud/README.md) and
 * its answer, as the data provider sends it and the engine reads it. Types only.
 */

/** One sort key. */
export interface QuerySorter {
  /** Field name (or `id`, `createdAt`, `updatedAt`). */
  readonly field: string;
  readonly order: 'asc' | 'desc';
}

/** What a list shows: filters by field name, keyword, sort keys. An export repeats exactly this. */
export interface ListQuery {
  /** Field name -> value in the shape of the field's declared filter mode. */
  readonly filters?: Readonly<Record<string, unknown>>;
  /** Sort keys in priority order. */
  readonly sorters?: readonly QuerySorter[];
  /** Text of the list's keyword box (matches any searchable field). */
  readonly keyword?: string;
}

/** The body of `POST /v1/<name>/query`. */
export interface QueryBody extends ListQuery {
  /** 1-based page number. */
  readonly page?: number;
  /** Rows per page (at most 200). */
  readonly pageSize?: number;
  /** Keyset paging: the previous answer's `nextCursor`; replaces `page`. */
  readonly cursor?: string;
}

/** The `data` of a query answer. */
export interface QueryPage<R> {
  /** Rows matching the filters, all pages: exact up to 10,000, beyond that the planner's estimate. */
  readonly total: number;
  /** True when `total` is the estimate. */
  readonly totalIsEstimate: boolean;
  /** Rows of the requested page. */
  readonly records: R[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
  /**
   * Sums over the whole filtered set (not only this page) of the fields the resource declares in
   * `list.totals`; absent when it declares none. The list shows them as its totals row.
   */
  readonly totals?: Readonly<Record<string, number | string | null>>;
}
