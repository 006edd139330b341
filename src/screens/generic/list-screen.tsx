import { App, Button, Empty, Spin, Table, Typography, type CheckboxProps } from 'antd';
import type { ColumnsType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { useList, type BaseRecord, type CrudFilter, type CrudSort } from '@refinedev/core';
import { Fragment, lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { keyColumns, listColumns, type ResourceDef } from '../../../resources/define';
import { DATE_TIME_FORMAT, serializeDate, type DateInput } from '../../../providers/dates';
import { DASH, textOrDash } from '../../fields/field-helpers';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { fieldContext, specFor, specOf } from '../../fields/field-kinds';
import { memberRecord } from '../../fields/relation-titles';
import { buildTree } from '../../fields/tree-build';
import { toQueryFilters, toQuerySorters } from '../../../providers/data';
import { FilterBar, KEYWORD_FIELD, searchOf, type ListSearch } from './filter-bar';
import { BulkActions, bulkAvailable } from './list-bulk';
import type { ListQuery } from './list-query';
import { ACTIONS_COLUMN_KEY, pinKeyColumns, usePinsColumns } from './key-columns';
import { STEPPED_TABLE_COMPONENTS } from './rows-in-steps';
import { ListToolbar, useListChrome, visibleColumns } from './list-toolbar';
import { rememberListSearch, useListUrlState, type ListUrlState } from './list-url-state';
import { useToolbarItems } from './screen-slots';
import { StateCounts } from './state-counts';
import { RecordActions } from './record-actions';
import { useRecordCommands, type RecordCommands } from './record-commands';
import { personName, recordTitle } from './record-state';
import {
  COPY_PARAM,
  ID_PARAM,
  PREFILL_PARAM,
  VIEW_PARAM,
  opensInDrawer,
  prefillOf,
  viewLocation,
  type GenericView,
} from './resource-routes';
import { useResourcePermissions, type ResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';
import { useQuietMeasureRows } from '../../components/use-quiet-measure-rows';
import { usePagerOptionsShown } from '../../components/use-wide-screen';
import { useOpenerTracking } from '../../components/use-return-focus';
import { RowCheckbox } from '../../components/row-checkbox';
import { useAfterFirstDrawing } from '../../components/use-after-first-drawing';

// The drawer (detail, form, every field kind's input) loads when a record is first opened, not
// with the list.
const RecordDrawer = lazy(() => import('./record-drawer').then((m) => ({ default: m.RecordDrawer })));

/** Default rows per page of a declared list. */
export const LIST_PAGE_SIZE = 20;
/** Page sizes the pager offers. */
export const PAGE_SIZES = [10, 20, 50, 100];

/** A table as wide as its content, scrolling sideways inside its box (antd's own bookkeeping). */
const WIDE_SCROLL = { x: 'max-content' } as const;
/** The same without antd's bookkeeping, where no column is pinned (shell.css). */
const SCROLLS_ITSELF_CLASS = 'console-table-scrolls';

/** Props of {@link ResourceList}. */
export interface ResourceListProps {
  readonly resource: ResourceDef;
}

/**
 * The table column of one declared field: its label, width, alignment and the kind's cell; a
 * sortable field shows the current sort. Slot overrides build their own tables from it.
 */
export function fieldColumn(args: {
  resource: ResourceDef;
  name: string;
  t: Translate;
  sorters?: readonly CrudSort[];
}): ColumnsType<BaseRecord>[number] {
  const ctx = fieldContext({ resource: args.resource, name: args.name, t: args.t });
  const spec = specFor(ctx.field);
  const sorted = args.sorters?.find((sorter) => sorter.field === args.name);
  return {
    key: args.name,
    // A member of an object (`rule.speedMultiple`) is read along its path.
    dataIndex: args.name.includes('.') ? args.name.split('.') : args.name,
    title: args.t(ctx.key),
    width: ctx.field.width,
    align: spec.align,
    sorter: args.sorters !== undefined && ctx.field.sortable === true,
    sortOrder: ctx.field.sortable && sorted ? (sorted.order === 'desc' ? 'descend' : 'ascend') : null,
    // A member's cell reads the object's members as its row (names of relation members included).
    render: (value: unknown, record: BaseRecord) =>
      spec.cell(ctx, value, ctx.path ? memberRecord(record as ApiRecord, String(ctx.path[0])) : (record as ApiRecord)),
  };
}

/** The selection after a row's box was ticked (`on`) or cleared. */
function toggledSelection(selected: readonly ApiRecord[], record: ApiRecord, on: boolean): ApiRecord[] {
  const others = selected.filter((chosen) => chosen.id !== record.id);
  return on ? [...others, record] : others;
}

/** The filters with one field's value set, or left out when the value is undefined. */
function withFilter(filters: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const rest = Object.fromEntries(Object.entries(filters).filter(([key]) => key !== name));
  return value === undefined ? rest : { ...rest, [name]: value };
}

/** Document lists (lines, or an audit step) show who made each document and when. */
function isDocument(resource: ResourceDef): boolean {
  return Object.values(resource.fields).some((field) => field.kind === 'lines') || resource.states?.actions.audit !== undefined;
}

const CREATOR_COLUMNS = ['createdBy', 'createdAt'];

function systemColumn(name: string, t: Translate, sorters: readonly CrudSort[]): ColumnsType<BaseRecord>[number] {
  const date = name === 'createdAt';
  const sorted = sorters.find((sorter) => sorter.field === name);
  return {
    key: name,
    dataIndex: name,
    title: t(`screens.field.${name}`),
    sorter: date,
    sortOrder: date && sorted ? (sorted.order === 'desc' ? 'descend' : 'ascend') : null,
    // 创建人 by name (the query's `_titles`), as on the detail.
    render: (value: unknown, record: BaseRecord) =>
      date ? (serializeDate(value as DateInput, DATE_TIME_FORMAT) ?? DASH) : textOrDash(personName(record as ApiRecord, name)),
  };
}

function columnsOf(args: {
  resource: ResourceDef;
  t: Translate;
  sorters: readonly CrudSort[];
  actions: ColumnsType<BaseRecord>[number] | undefined;
}): ColumnsType<BaseRecord> {
  const declared = listColumns(args.resource);
  const columns = declared.map((name) => fieldColumn({ resource: args.resource, name, t: args.t, sorters: args.sorters }));
  const system = isDocument(args.resource)
    ? CREATOR_COLUMNS.filter((name) => !declared.includes(name)).map((name) => systemColumn(name, args.t, args.sorters))
    : [];
  return [...columns, ...system, ...(args.actions ? [args.actions] : [])];
}

function sortersOf(sorter: SorterResult<BaseRecord> | SorterResult<BaseRecord>[]): CrudSort[] {
  const list = Array.isArray(sorter) ? sorter : [sorter];
  return list.flatMap((entry) =>
    entry.order && entry.columnKey !== undefined
      ? [{ field: String(entry.columnKey), order: entry.order === 'descend' ? 'desc' : 'asc' } as CrudSort]
      : [],
  );
}

function actionsColumn(args: {
  resource: ResourceDef;
  t: Translate;
  permissions: ResourcePermissions;
  commands: RecordCommands;
  open: (view: GenericView, id: string | number, record?: ApiRecord) => void;
}): ColumnsType<BaseRecord>[number] | undefined {
  const { permissions } = args;
  const any = permissions.show || permissions.edit || permissions.delete || Object.values(permissions.actions).some(Boolean);
  if (!any) return undefined;
  return {
    key: ACTIONS_COLUMN_KEY,
    title: args.t('screens.actions'),
    // Pinned (pinKeyColumns), but only as wide as its links: the table scrolls sideways
    // (scroll.x max-content) instead of the pinned column covering the others.
    width: 1,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_: unknown, record: BaseRecord) => (
      <RecordActions
        resource={args.resource}
        record={record as ApiRecord}
        permissions={permissions}
        commands={args.commands}
        variant="link"
        withDetail
        onOpen={args.open}
      />
    ),
  };
}

/** The refine filters and keyword of the url's filter values. */
function searchOfState(resource: ResourceDef, state: ListUrlState<Record<string, unknown>>, t: Translate): ListSearch {
  return searchOf({ resource, values: { ...state.filters, [KEYWORD_FIELD]: state.keyword }, t });
}

/** The totals row under a page: 合计 in the first column, each declared total under its column. */
function totalsRow(args: {
  resource: ResourceDef;
  t: Translate;
  columns: ColumnsType<BaseRecord>;
  totals: Readonly<Record<string, unknown>> | undefined;
  selectable: boolean;
}): (() => ReactNode) | undefined {
  const declared = args.resource.list.totals ?? [];
  if (declared.length === 0 || !args.totals) return undefined;
  const totals = args.totals;
  return () => (
    <Table.Summary fixed>
      <Table.Summary.Row data-testid="totals-row">
        {args.selectable ? <Table.Summary.Cell index={0} /> : null}
        {args.columns.map((column, index) => {
          const key = String(column.key);
          const cellIndex = index + (args.selectable ? 1 : 0);
          if (declared.includes(key) && args.resource.fields[key]) {
            const ctx = fieldContext({ resource: args.resource, name: key, t: args.t });
            return (
              <Table.Summary.Cell key={key} index={cellIndex} align={specOf(ctx.field.kind).align}>
                <Typography.Text strong>{specOf(ctx.field.kind).cell(ctx, totals[key] ?? null, totals as ApiRecord)}</Typography.Text>
              </Table.Summary.Cell>
            );
          }
          return (
            <Table.Summary.Cell key={key} index={cellIndex}>
              {index === 0 ? <Typography.Text strong>{args.t('screens.list.totals')}</Typography.Text> : null}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/** The keyset cursors learned per query: `nextCursor` of page n is the cursor of page n + 1. */
function useCursors(signature: string): {
  cursorOf: (page: number) => string | undefined;
  learn: (page: number, next: string | null) => void;
} {
  const cursors = useRef(new Map<string, string>());
  return {
    cursorOf: (page) => (page > 1 ? cursors.current.get(`${signature}#${page}`) : undefined),
    learn: (page, next) => {
      if (next) cursors.current.set(`${signature}#${page + 1}`, next);
    },
  };
}

/**
 * The list screen of a declaration: filter bar (folding when long), one toolbar (New, bulk
 * actions, modules' actions; refresh, density, columns), sortable columns, server paging with
 * the total (marked when the server estimates it), keyset cursors for the next page, a totals row
 * when declared, an empty state that says what to do, and (for resources whose views have no
 * screens of their own) the add / edit / detail drawer addressed by `?view=&id=`. Filters, sort
 * and page live in the url. Tree resources show an expandable tree built from parent ids.
 */
export function ResourceList(props: ResourceListProps) {
  const { resource } = props;
  const t = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const tableBox = useRef<HTMLDivElement>(null);
  // The filters (and the shell around them) first, the toolbar and the table a drawing later.
  const tableDrawn = useAfterFirstDrawing();
  useQuietMeasureRows(tableBox);
  // Its drawers give the focus back to the row action that opened them (record-drawer.tsx).
  useOpenerTracking();
  const { modal } = App.useApp();
  const commands = useRecordCommands();
  const permissions = useResourcePermissions(resource);
  const chrome = useListChrome(resource.name);
  const toolbarItems = useToolbarItems(resource);
  const tree = resource.treeField !== undefined;
  const pageSizeDefault = resource.list.pageSize ?? LIST_PAGE_SIZE;
  const { state, update } = useListUrlState<Record<string, unknown>>({
    page: 1,
    pageSize: pageSizeDefault,
    sorters: [{ field: resource.list.defaultSort.field, order: resource.list.defaultSort.order }],
    filters: {},
    keyword: '',
  });
  const search = useMemo(() => searchOfState(resource, state, t), [resource, state, t]);
  const sorters: CrudSort[] = useMemo(() => state.sorters.map((sorter) => ({ ...sorter })), [state.sorters]);
  const signature = JSON.stringify([search.filters, search.keyword, sorters, state.pageSize]);
  const cursors = useCursors(signature);
  const cursor = tree ? undefined : cursors.cursorOf(state.page);
  const [selected, setSelected] = useState<ApiRecord[]>([]);

  const listQuery = useList<BaseRecord>({
    resource: resource.name,
    pagination: tree ? { mode: 'off' } : { mode: 'server', current: state.page, pageSize: state.pageSize },
    sorters,
    filters: search.filters,
    // The data provider puts `meta.keyword` into the body's `keyword`, `meta.cursor` into `cursor`.
    meta: { keyword: search.keyword, ...(cursor ? { cursor } : {}) },
    // The http client has already reported a failed call.
    errorNotification: false,
  });
  // An answer's rows are drawn in a background render, in slices (a page of rows with its cells and
  // actions is the largest render of the console); until then the table keeps what it showed,
  // with its spinner, and rows, pager and totals then appear together, so nothing shifts twice.
  const answer = useDeferredValue(listQuery.data);
  const drawing = answer !== listQuery.data;
  const records = answer?.data;
  const total = answer?.total ?? 0;
  const estimate = answer?.totalIsEstimate === true;
  useEffect(() => {
    if (answer && !tree) cursors.learn(state.page, (answer.nextCursor as string | null | undefined) ?? null);
  }, [answer, state.page, tree, cursors]);
  // Leaving for a routed form or detail comes back to this page of this list.
  useEffect(() => rememberListSearch(location.pathname, location.search), [location.pathname, location.search]);
  // A new query shows other rows: what was selected is no longer on screen. (Nothing selected
  // stays as it is: a new empty array would draw the whole list again after its first render.)
  useEffect(() => setSelected((current) => (current.length === 0 ? current : [])), [signature, state.page]);

  // The same function while the address stays (the table below is kept while its inputs do).
  const open = useCallback(
    (view: GenericView, id?: string | number, record?: ApiRecord) => {
      const target = viewLocation(resource, view, id, record);
      // A drawer opens over this very list, and closing it returns to it as it was.
      if (opensInDrawer(resource, view) || view === 'list') {
        const merged = new URLSearchParams(location.search);
        for (const param of [VIEW_PARAM, ID_PARAM, COPY_PARAM, PREFILL_PARAM]) merged.delete(param);
        new URLSearchParams(target.search).forEach((value, key) => merged.set(key, value));
        const text = merged.toString();
        navigate({ pathname: target.pathname, search: text ? `?${text}` : '' });
        return;
      }
      navigate(target);
    },
    [resource, location.search, navigate],
  );
  const query: ListQuery = {
    resource,
    filters: search.filters as CrudFilter[],
    sorters,
    keyword: search.keyword,
    request: {
      filters: toQueryFilters(search.filters),
      sorters: toQuerySorters(sorters),
      ...(search.keyword ? { keyword: search.keyword } : {}),
    },
  };
  const reload = () => void listQuery.refetch();
  const filtered = Object.keys(state.filters).length > 0 || state.keyword !== '';

  // The same function on every draw: the filter bar (memo) is drawn again only when what it shows changes.
  const onSearch = useCallback((next: ListSearch) => update({ filters: next.values, keyword: next.keyword }), [update]);

  const onChange = useCallback(
    (
      pagination: TablePaginationConfig,
      _filters: unknown,
      sorter: SorterResult<BaseRecord> | SorterResult<BaseRecord>[],
      extra: { action: string },
    ) => {
      if (extra.action === 'sort') {
        const next = sortersOf(sorter);
        update({ sorters: next.length > 0 ? next : [{ field: resource.list.defaultSort.field, order: resource.list.defaultSort.order }] });
        return;
      }
      if (pagination.pageSize !== undefined && pagination.pageSize !== state.pageSize) {
        update({ pageSize: pagination.pageSize });
        return;
      }
      if (pagination.current !== undefined) update({ page: pagination.current });
    },
    [resource, state.pageSize, update],
  );

  const allColumns = useMemo(
    () => columnsOf({ resource, t, sorters, actions: actionsColumn({ resource, t, permissions, commands, open }) }),
    [resource, t, sorters, permissions, commands, open],
  );
  const pin = usePinsColumns();
  const pagerOptions = usePagerOptionsShown();
  const columns = useMemo(() => {
    const shown = visibleColumns(allColumns, chrome.hidden);
    return pinKeyColumns({
      columns: shown,
      keys: keyColumns(
        resource,
        shown.map((column) => String(column.key)),
      ),
      pin,
    });
  }, [allColumns, chrome.hidden, resource, pin]);
  const rows = useMemo(() => (tree && records ? buildTree(records, resource.treeField!) : records), [tree, records, resource.treeField]);

  const bulk = tree ? null : (
    <BulkActions
      key="bulk"
      resource={resource}
      permissions={permissions}
      selected={selected}
      modal={modal}
      commands={commands}
      onDone={async () => {
        setSelected([]);
        await commands.refresh(resource.name);
      }}
    />
  );
  const selectable = !tree && bulkAvailable(resource, permissions);
  // A domain's own way to create (a menu of kinds) stands in for New.
  const creates = permissions.create && !toolbarItems.some((item) => item.replacesNew);
  const addButton = creates ? (
    <Button key="add" type="primary" onClick={() => open('add')}>
      {t('screens.add')}
    </Button>
  ) : null;
  const toolbarArgs = { ...query, reload, t, may: { export: permissions.export, import: permissions.import } };
  const actions = [
    addButton,
    selectable ? bulk : null,
    ...toolbarItems.map((item) => <Fragment key={`item-${item.key}`}>{item.render(toolbarArgs)}</Fragment>),
  ].filter(Boolean);

  // The table's element is kept while what it shows stays: the list draws again when an answer
  // comes (its rows follow in a background draw) or a permission, the chrome or the address
  // changes, and antd's table (header, pager, the rows' cells) was drawn again each time.
  // Spinning, and waiting for rows (no empty text yet): each the same through an answer's arrival.
  // The table's spinner blurs the rows it shows while another answer comes; its blur is inherited
  // (pointer-events, user-select) by every cell, so its end restyled the whole table (40 ms of a
  // phone's first list, after the first rows had drawn). Before the first answer there is nothing
  // to blur: the spinner stands where the rows will come, and they take its place.
  const firstAnswer = !records;
  const loading = !firstAnswer && (listQuery.isFetching || drawing);
  const waiting = (listQuery.isFetching && !records) || drawing;
  const totals = answer?.totals as Record<string, unknown> | undefined;
  const table = useMemo(() => {
    const emptyText = filtered ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('screens.list.noMatch')}>
        <Button onClick={() => update({ filters: {}, keyword: '' })}>{t('screens.list.clearFilters')}</Button>
      </Empty>
    ) : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(permissions.create ? 'screens.list.emptyCreate' : 'screens.list.empty', { name: t(`res.${resource.name}`) })}
      >
        {creates ? (
          <Button type="primary" onClick={() => open('add')}>
            {t('screens.add')}
          </Button>
        ) : null}
      </Empty>
    );
    const totalText = (count: number) => t(estimate ? 'screens.list.totalEstimate' : 'widget.total', { total: count });
    return (
      <Table<BaseRecord>
        rowKey="id"
        size={chrome.density}
        columns={columns}
        dataSource={rows}
        // The rows come on screen a few at a time, the table's body `aria-busy` until the last
        // (rows-in-steps.tsx); what is under them waits in place unseen meanwhile (shell.css).
        components={STEPPED_TABLE_COMPONENTS}
        loading={loading}
        onChange={onChange}
        // Pinned columns need antd's sideways scrolling (it places them); without pins (a phone)
        // the table's own box scrolls (shell.css), sparing the table's measuring of every draw.
        scroll={pin ? WIDE_SCROLL : undefined}
        className={pin ? undefined : SCROLLS_ITSELF_CLASS}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.map((record) => record.id as string | number),
                onChange: (_keys, chosen) => setSelected(chosen as ApiRecord[]),
                preserveSelectedRowKeys: false,
                // A light box in each row (components/row-checkbox.tsx), named by its record (WCAG:
                // every input has a label).
                renderCell: (checked: boolean, record: BaseRecord) => (
                  <RowCheckbox
                    checked={checked}
                    label={t('screens.selectRow', { name: recordTitle(resource, record as ApiRecord) })}
                    onChange={(on) => setSelected((current) => toggledSelection(current, record as ApiRecord, on))}
                  />
                ),
                // antd names the header checkbox in English whatever the language.
                // While the first answer is awaited it is not disabled (antd disables it on an empty
                // page): it would be enabled again by the answer's drawing, one more change of the
                // page after it first showed; it selects nothing meanwhile.
                getTitleCheckboxProps: () =>
                  ({ 'aria-label': t('screens.selectPage'), ...(firstAnswer ? { disabled: false } : {}) }) as CheckboxProps,
              }
            : undefined
        }
        locale={{ emptyText: waiting ? firstAnswer ? <Spin /> : <span /> : emptyText }}
        summary={totalsRow({ resource, t, columns, totals, selectable })}
        pagination={
          tree
            ? false
            : {
                current: state.page,
                pageSize: state.pageSize,
                total,
                // Hidden by antd's own styles on a phone (usePagerOptionsShown): not drawn there.
                showSizeChanger: pagerOptions,
                showQuickJumper: pagerOptions,
                pageSizeOptions: PAGE_SIZES,
                showTotal: totalText,
              }
        }
        footer={tree ? () => <span>{totalText(total)}</span> : undefined}
      />
    );
  }, [
    filtered,
    t,
    update,
    permissions.create,
    resource,
    creates,
    open,
    estimate,
    chrome.density,
    columns,
    pin,
    rows,
    loading,
    waiting,
    firstAnswer,
    onChange,
    selectable,
    selected,
    totals,
    tree,
    state.page,
    state.pageSize,
    total,
    pagerOptions,
  ]);

  const view = params.get(VIEW_PARAM) as GenericView | null;
  const drawerView = view === 'add' || view === 'edit' || view === 'dtl' ? view : undefined;
  const drawerId = params.get(ID_PARAM) ?? undefined;

  return (
    // `console-list` from the first drawing: the browser tests wait for its table (drawn a drawing
    // after the filters) before they read a list screen.
    <div ref={tableBox} className="console-list">
      <FilterBar resource={resource} t={t} onSearch={onSearch} values={state.filters} keyword={state.keyword} />
      {resource.list.stateCounts ? (
        <StateCounts
          resource={resource}
          search={query.request}
          chosen={state.filters[resource.states!.field]}
          refreshKey={listQuery.dataUpdatedAt}
          onChoose={(value) => update({ filters: withFilter(state.filters, resource.states!.field, value) })}
        />
      ) : null}
      {tableDrawn ? (
        <>
          <ListToolbar
            actions={actions}
            chrome={chrome}
            columns={allColumns
              .filter((column) => column.key !== ACTIONS_COLUMN_KEY)
              .map((column) => ({ key: String(column.key), title: column.title as ReactNode }))}
            onRefresh={reload}
          />
          {table}
        </>
      ) : null}
      {drawerView && opensInDrawer(resource, drawerView) ? (
        <Suspense fallback={null}>
          <RecordDrawer
            resource={resource}
            view={drawerView}
            id={drawerId}
            copyFrom={params.get(COPY_PARAM) ?? undefined}
            prefill={prefillOf(params)}
            permissions={permissions}
            onOpen={open}
            onClose={() => open('list')}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
