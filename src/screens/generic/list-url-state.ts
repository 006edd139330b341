/**
 * A list's page, page size, sort, filters and keyword live in the url's query
 * (`?page=2&size=50&sort=price.desc&q=abc&filter={"kind":["A"]}`), so going back from a detail
 * returns to the same filtered page and a link can be shared. Other parameters (`view`, `id` of a
 * drawer) are kept as they are. Filter values travel as JSON; dates as `yyyy-MM-dd HH:mm:ss`.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { QuerySorter } from '../../../resources/contract/query.types';
import { DATE_TIME_FORMAT, serializeDate, type DateInput } from '../../../providers/dates';

/** The query parameters a list owns. */
export const LIST_PARAMS = { page: 'page', size: 'size', sort: 'sort', keyword: 'q', filter: 'filter' } as const;

/** What a list shows, as its url holds it. */
export interface ListUrlState<F> {
  /** 1-based page. */
  readonly page: number;
  readonly pageSize: number;
  readonly sorters: readonly QuerySorter[];
  /** The filter bar's values (JSON-safe). */
  readonly filters: F;
  /** Keyword box text ('' = none). */
  readonly keyword: string;
}

function isDayjsLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'isValid' in value && typeof (value as { format?: unknown }).format === 'function';
}

/** A filter bar value made JSON-safe: dates become `yyyy-MM-dd HH:mm:ss`, empty values vanish. */
export function plainFilterValue(value: unknown): unknown {
  if (value instanceof Date || isDayjsLike(value)) return serializeDate(value as DateInput, DATE_TIME_FORMAT);
  if (Array.isArray(value)) return value.map(plainFilterValue);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const plain = plainFilterValue(inner);
      if (plain !== undefined && plain !== null && plain !== '' && !(Array.isArray(plain) && plain.length === 0)) out[key] = plain;
    }
    return out;
  }
  return value;
}

function parseSorters(text: string | null): QuerySorter[] | undefined {
  if (text === null || text === '') return undefined;
  const sorters = text.split(',').flatMap((part) => {
    const dot = part.lastIndexOf('.');
    const field = dot > 0 ? part.slice(0, dot) : part;
    const order = dot > 0 ? part.slice(dot + 1) : 'asc';
    return field !== '' && (order === 'asc' || order === 'desc') ? [{ field, order } as QuerySorter] : [];
  });
  return sorters.length > 0 ? sorters : undefined;
}

function positive(text: string | null, fallback: number, max: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/** Reads a list's state from url parameters; anything missing or malformed takes the default. */
export function readListState<F>(params: URLSearchParams, defaults: ListUrlState<F>): ListUrlState<F> {
  let filters = defaults.filters;
  const filterText = params.get(LIST_PARAMS.filter);
  if (filterText) {
    try {
      const parsed: unknown = JSON.parse(filterText);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) filters = parsed as F;
    } catch {
      // A hand-edited or truncated link: show the list unfiltered rather than fail.
    }
  }
  return {
    page: positive(params.get(LIST_PARAMS.page), 1, 1_000_000),
    pageSize: positive(params.get(LIST_PARAMS.size), defaults.pageSize, 200),
    sorters: parseSorters(params.get(LIST_PARAMS.sort)) ?? defaults.sorters,
    filters,
    keyword: params.get(LIST_PARAMS.keyword) ?? '',
  };
}

function sameSorters(a: readonly QuerySorter[], b: readonly QuerySorter[]): boolean {
  return a.length === b.length && a.every((sorter, index) => sorter.field === b[index].field && sorter.order === b[index].order);
}

/**
 * Writes a list's state into url parameters (keeping the others); values equal to the defaults
 * are left out so a fresh list has a clean url.
 */
export function writeListState<F>(args: {
  readonly params: URLSearchParams;
  readonly state: ListUrlState<F>;
  readonly defaults: ListUrlState<F>;
}): URLSearchParams {
  const next = new URLSearchParams(args.params);
  const { state, defaults } = args;
  const set = (key: string, value: string | undefined) => (value === undefined ? next.delete(key) : next.set(key, value));
  set(LIST_PARAMS.page, state.page > 1 ? String(state.page) : undefined);
  set(LIST_PARAMS.size, state.pageSize !== defaults.pageSize ? String(state.pageSize) : undefined);
  set(
    LIST_PARAMS.sort,
    sameSorters(state.sorters, defaults.sorters) ? undefined : state.sorters.map((s) => `${s.field}.${s.order}`).join(',') || undefined,
  );
  set(LIST_PARAMS.keyword, state.keyword !== '' ? state.keyword : undefined);
  const filters = plainFilterValue(state.filters) as Record<string, unknown>;
  set(LIST_PARAMS.filter, Object.keys(filters ?? {}).length > 0 ? JSON.stringify(filters) : undefined);
  return next;
}

/** Only the list's own parameters of a query string (to carry them back to the list). */
export function listParamsOf(search: string | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of Object.values(LIST_PARAMS)) {
    const value = params.get(key);
    if (value !== null) out.set(key, value);
  }
  return out;
}

// The last query of each list, so leaving a routed form or detail returns to it.
const lastSearch = new Map<string, string>();

/** Remembers the list parameters of a list (by its path). */
export function rememberListSearch(pathname: string, search: string): void {
  lastSearch.set(pathname, listParamsOf(search).toString());
}

/** The query string (with `?`, or '') the list at `pathname` last showed in this session. */
export function rememberedListSearch(pathname: string): string {
  const search = lastSearch.get(pathname);
  return search ? `?${search}` : '';
}

/** What {@link useListUrlState} gives a list. */
export interface ListUrlStateHandle<F> {
  readonly state: ListUrlState<F>;
  /** Changes part of the state (a new filter or sort goes back to page 1 unless `page` is given). */
  readonly update: (patch: Partial<ListUrlState<F>>) => void;
}

/**
 * The list's state read from, and written to, the url. A change of filters, keyword, sort or page
 * size goes back to page 1. Written with `replace` for page turns would lose back-navigation
 * between pages, so every change is a history entry, as a user expects of a link.
 */
export function useListUrlState<F>(defaults: ListUrlState<F>): ListUrlStateHandle<F> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const defaultsKey = JSON.stringify(defaults);
  const state = useMemo(() => readListState(new URLSearchParams(key), JSON.parse(defaultsKey) as ListUrlState<F>), [key, defaultsKey]);
  const update = useCallback(
    (patch: Partial<ListUrlState<F>>) => {
      setParams((current) => {
        const base = readListState(current, JSON.parse(defaultsKey) as ListUrlState<F>);
        const resets =
          patch.filters !== undefined || patch.keyword !== undefined || patch.sorters !== undefined || patch.pageSize !== undefined;
        const next: ListUrlState<F> = { ...base, ...patch, page: patch.page ?? (resets ? 1 : base.page) };
        return writeListState({ params: current, state: next, defaults: JSON.parse(defaultsKey) as ListUrlState<F> });
      });
    },
    [setParams, defaultsKey],
  );
  return { state, update };
}
