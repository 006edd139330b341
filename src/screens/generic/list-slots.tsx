/**
 * Seams of the generic list that other modules fill in, provided once around the screens:
 *
 * ```tsx
 * <ListSlotsContext.Provider value={{ toolbar: (list) => <ResourceFileButtons resource={list.resource}
 *   query={list.request} onImported={list.reload} /> }}>…</ListSlotsContext.Provider>
 * ```
 *
 * `onExport` is the narrow hook for the files centre: when given (and the resource declares
 * `files` and the user may export) the list shows an Export button that calls it with the
 * current query. Until someone provides it the list shows no Export button at all: a button that
 * does nothing would be a lie. `toolbar` adds any content (the files centre's own buttons, a slot
 * override's extras) to the right of Add.
 */
import { createContext, type ReactNode } from 'react';
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

/** What the toolbar slot receives besides the query. */
export interface ListToolbarArgs extends ListQuery {
  /** Reloads the list (after an import). */
  readonly reload: () => void;
  /** The user may export (read) and import (write) this resource. */
  readonly may: { readonly export: boolean; readonly import: boolean };
}

/** The slots of the generic list. */
export interface ListSlots {
  /** Exports what the list shows. Its presence adds the Export button. */
  readonly onExport?: (query: ListQuery) => void | Promise<void>;
  /** Extra toolbar content, right of Add. */
  readonly toolbar?: (args: ListToolbarArgs) => ReactNode;
}

/** Slots provided around the screens; empty by default. */
export const ListSlotsContext = createContext<ListSlots>({});
