import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { ResourceDef } from '../../../resources/define';
import type { QueryFilters, QuerySorter } from '../../../providers/data';

/** The query a list currently shows; an export reproduces exactly it. */
export interface ListQuery {
  readonly resource: ResourceDef;
  /** refine's filters, as the list holds them. */
  readonly filters: readonly CrudFilter[];
  /** refine's sorters. */
  readonly sorters: readonly CrudSort[];
  /** Keyword box text ('' = none). */
  readonly keyword: string;
  /** The same query in the JSON shape of the API (`POST /v1/<name>/query` and `/export` bodies). */
  readonly request: { readonly filters: QueryFilters; readonly sorters: readonly QuerySorter[]; readonly keyword?: string };
}
