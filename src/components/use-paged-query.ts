import type { TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useMemo, useState } from 'react';
import { useListUrlState } from '../screens/generic/list-url-state';
import { useRemote, type RemoteState } from './use-remote';
import { usePagerOptionsShown } from './use-wide-screen';

/** One sort criterion of a query body (DESIGN.md §3 resource endpoints). */
export interface QuerySorter {
  readonly field: string;
  readonly order: 'asc' | 'desc';
}

/** The body of a `POST /v1/<name>/query` call. */
export interface PageQuery<F> {
  /** 1-based page number. */
  readonly page: number;
  readonly pageSize: number;
  readonly filters: F;
  readonly sorters: readonly QuerySorter[];
}

/** The answer of a query call. */
export interface PageResult<R> {
  readonly total: number;
  readonly records: readonly R[];
}

/** What {@link usePagedQuery} gives a screen. */
export interface PagedQuery<R, F> {
  readonly remote: RemoteState<PageResult<R>>;
  readonly query: PageQuery<F>;
  /** Replaces the filters and goes back to page 1. */
  readonly setFilters: (filters: F) => void;
  /** Spread onto an antd Table: rows, spinner, server-side pager and sorting. */
  readonly tableProps: Pick<TableProps<R>, 'dataSource' | 'loading' | 'pagination' | 'onChange'>;
}

function toSorters<R>(sorter: SorterResult<R> | SorterResult<R>[]): QuerySorter[] {
  const list = Array.isArray(sorter) ? sorter : [sorter];
  return list.flatMap((entry) => {
    const field = entry.columnKey ?? (Array.isArray(entry.field) ? entry.field.join('.') : entry.field);
    if (!entry.order || field === undefined) return [];
    return [{ field: String(field), order: entry.order === 'ascend' ? 'asc' : 'desc' }];
  });
}

/**
 * A server-paged list: keeps page, size, filters and sorting, calls `fetch` whenever they change,
 * and wires an antd Table to them. Page texts (size changer, jumper) come from antd's locale;
 * `totalText` renders the "Total {total}" line. With `url: true` the state lives in the url as the
 * generic list keeps it (`?page=&size=&sort=&filter=`), so back from a detail returns to the same
 * filtered page and a link can be shared; a list inside another screen keeps it in memory.
 */
export function usePagedQuery<R, F>(args: {
  readonly fetch: (query: PageQuery<F>) => Promise<PageResult<R>>;
  readonly initialFilters: F;
  readonly totalText: (total: number) => string;
  readonly pageSize?: number;
  /** Keep page, size, sort and filters in the url (a screen's main list). */
  readonly url?: boolean;
}): PagedQuery<R, F> {
  const initial: PageQuery<F> = { page: 1, pageSize: args.pageSize ?? 10, filters: args.initialFilters, sorters: [] };
  const [memory, setMemory] = useState<PageQuery<F>>(initial);
  const inUrl = useListUrlState<F>({ ...initial, keyword: '' });
  const urlQuery = useMemo(
    () => ({ page: inUrl.state.page, pageSize: inUrl.state.pageSize, filters: inUrl.state.filters, sorters: inUrl.state.sorters }),
    [inUrl.state],
  );
  const query = args.url ? urlQuery : memory;
  const pagerOptions = usePagerOptionsShown();
  const remote = useRemote(() => args.fetch(query), JSON.stringify(query));
  const { update } = inUrl;
  const url = args.url === true;
  const setFilters = useCallback(
    (filters: F) => (url ? update({ filters }) : setMemory((q) => ({ ...q, page: 1, filters }))),
    [url, update],
  );

  const onChange: NonNullable<TableProps<R>['onChange']> = (pagination, _filters, sorter) => {
    const next = (q: PageQuery<F>): PageQuery<F> => {
      const pageSize = pagination.pageSize ?? q.pageSize;
      return {
        ...q,
        page: pageSize !== q.pageSize ? 1 : (pagination.current ?? q.page),
        pageSize,
        sorters: toSorters(sorter),
      };
    };
    if (url) {
      const changed = next(query);
      update({ page: changed.page, pageSize: changed.pageSize, sorters: changed.sorters });
    } else setMemory(next);
  };

  return {
    remote,
    query,
    setFilters,
    tableProps: {
      dataSource: remote.data?.records as R[] | undefined,
      loading: remote.loading,
      onChange,
      pagination: {
        current: query.page,
        pageSize: query.pageSize,
        total: remote.data?.total ?? 0,
        // Hidden by antd's own styles on a phone: not drawn there.
        showSizeChanger: pagerOptions,
        showTotal: args.totalText,
      },
    },
  };
}
