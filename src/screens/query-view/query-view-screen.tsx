/**
 * The generic screen of a query view (resources/query-view.ts): its filter bar (quick date
 * ranges, codes, stores; a member's filter comes from the link that opened it), the totals of
 * the whole filter (each figure's definition behind its help mark) and the time they are as of,
 * the declared chart (loaded on demand), the grouped totals with the grand total at their foot
 * (a group's name lists the rows behind it), and the rows newest first, paged on the server, under the toolbar
 * every list has (the export of every row as a file-centre job, refresh, row density, the column
 * chooser; density and hidden columns kept per view). Filters, page and size live in the url (shareable, kept on back).
 */
import { App, Button, Card, Space } from 'antd';
import { lazy, Suspense, useCallback, useMemo, type ComponentType, type ReactNode } from 'react';
import type { QueryViewDef } from '../../../resources/query-view';
import { useQueryView } from '../declaration-index';
import { useLoadError } from '../../components/use-action';
import { usePagedQuery } from '../../components/use-paged-query';
import { ExportTaskButton } from '../files/export-task-button';
import { ListToolbar, useListChrome, visibleColumns } from '../generic/list-toolbar';
import { useTranslate } from '../generic/use-translate';
import type { Translate } from '../../fields/field-kind';
import { ViewFilterBar } from './query-view-filters';
import { AsOf, ViewGroups, ViewTotals } from './query-view-totals';
import { ViewTable, viewColumns } from './query-view-table';
import { queryView, startViewExport, type ViewFilters, type ViewPage } from './query-view-api';

const QueryViewChart = lazy(() => import('./query-view-chart'));

/** The title: a link's filter names its record (`Stored-value history of Li Lei M0001`), else the view's. */
function titleOf(args: { t: Translate; view: QueryViewDef; filters: ViewFilters; page: ViewPage | undefined }): string {
  const { t, view, filters, page } = args;
  const set = Object.entries(view.filters).find(([name, f]) => f.heading && filters[name] !== undefined);
  if (!set) return t(`res.${view.name}`);
  const [name, f] = set;
  const first = page?.records[0];
  const named = (f.named ?? []).map((c) => first?.[c]).filter((v) => v !== null && v !== undefined && v !== '');
  const who = named.length > 0 ? named.join(' ') : `#${String(filters[name])}`;
  return t(`res.${view.name}.filter.${name}.heading`, { member: who });
}

function Body(props: { readonly view: QueryViewDef; readonly fixed?: ViewFilters }) {
  const { view, fixed } = props;
  const t = useTranslate();
  const fetch = useCallback((q: Parameters<typeof queryView>[1]) => queryView(view, q), [view]);
  // A screen keeps its filters in the url; a panel inside a detail keeps them in memory, on its record.
  const list = usePagedQuery<ViewPage['records'][number], ViewFilters>({
    fetch,
    initialFilters: fixed ?? {},
    pageSize: fixed ? 10 : 20,
    totalText: (total) => t('widget.total', { total }),
    url: !fixed,
  });
  useLoadError(list.remote.error);
  const filters = list.query.filters;
  const page = list.remote.data as ViewPage | undefined;
  const { setFilters } = list;
  const onDrill = useCallback((more: ViewFilters) => setFilters({ ...filters, ...more }), [filters, setFilters]);
  const reload = list.remote.reload;
  const columns = useMemo(() => viewColumns({ t, view, filters, onDrill, onChanged: reload }), [t, view, filters, onDrill, reload]);
  // Density and hidden columns, kept per view as every list keeps them.
  const chrome = useListChrome(`view:${view.name}`);
  const choosable = useMemo(() => columns.map((column) => ({ key: String(column.key), title: column.title as ReactNode })), [columns]);
  const linked = fixed ? [] : Object.entries(view.filters).filter(([name, f]) => f.kind === 'record' && filters[name] !== undefined);
  const loading = list.remote.loading;
  return (
    <Card
      title={fixed ? undefined : titleOf({ t, view, filters, page })}
      // The header holds the title, when the data is as of and "show all"; a panel has no header.
      extra={
        fixed ? undefined : (
          <Space>
            <AsOf t={t} page={page} />
            {linked.length > 0 && (
              <Button
                onClick={() =>
                  setFilters(Object.fromEntries(Object.entries(filters).filter(([name]) => !linked.some(([l]) => l === name))))
                }
              >
                {t('queryView.showAll')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <ViewFilterBar t={t} view={view} filters={filters} onSearch={setFilters} />
      <ListToolbar
        actions={[<ExportTaskButton key="export" start={() => startViewExport(view, filters, list.query.sorters)} />]}
        chrome={chrome}
        columns={choosable}
        onRefresh={list.remote.reload}
      />
      <ViewTotals t={t} view={view} page={page} loading={loading} />
      {view.chart && (
        <Suspense fallback={null}>
          <QueryViewChart t={t} view={view} filters={filters} />
        </Suspense>
      )}
      <ViewGroups t={t} view={view} page={page} loading={loading} onDrill={onDrill} />
      <ViewTable t={t} view={view} columns={visibleColumns(columns, chrome.hidden)} size={chrome.density} table={list.tableProps} />
    </Card>
  );
}

/**
 * A view inside a record's detail (a card's balance history): its rows filtered on the record
 * (`fixed`, record filters the bar keeps), with the bar's other filters, the totals and the export.
 * The view is its declaration or its name.
 */
export function QueryViewPanel(props: { readonly view: QueryViewDef | string; readonly fixed: ViewFilters }) {
  // Named, the view's declaration loads with its first panel (a manifest's tab names it: the
  // manifests stay light).
  const loaded = useQueryView(typeof props.view === 'string' ? props.view : undefined);
  const view = typeof props.view === 'string' ? loaded : props.view;
  return view ? <Body view={view} fixed={props.fixed} /> : null;
}

const screens = new Map<string, ComponentType>();

/** The screen component of a view (one per view, so React keeps its state across renders). */
export function screenOf(view: QueryViewDef): ComponentType {
  const found = screens.get(view.name);
  if (found) return found;
  function QueryViewScreen() {
    return (
      <App component={false}>
        <Body view={view} />
      </App>
    );
  }
  screens.set(view.name, QueryViewScreen);
  return QueryViewScreen;
}
