import { Button, Empty, Table } from 'antd';
import type { ColumnsType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { useTable, type BaseRecord, type CrudFilter, type CrudSort } from '@refinedev/core';
import { Fragment, useContext, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { listColumns, type ResourceDef } from '../../../resources/define';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { fieldContext, specOf } from '../../fields/field-kinds';
import { buildTree } from '../../fields/tree-build';
import { toQueryFilters, toQuerySorters } from '../../../providers/data';
import { FilterBar, type ListSearch } from './filter-bar';
import { ListSlotsContext, type ListQuery, type ListSlots } from './list-slots';
import { RecordActions } from './record-actions';
import { RecordDrawer } from './record-drawer';
import { ID_PARAM, VIEW_PARAM, opensInDrawer, viewLocation, type GenericView } from './resource-routes';
import { useResourcePermissions, type ResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';

/** Default rows per page of a declared list. */
export const LIST_PAGE_SIZE = 20;
/** Page sizes the pager offers. */
export const PAGE_SIZES = [10, 20, 50, 100];

/** Props of {@link ResourceList}. */
export interface ResourceListProps {
  readonly resource: ResourceDef;
  /** Overrides the `onExport` of {@link ListSlotsContext} for this list. */
  readonly onExport?: ListSlots['onExport'];
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
  const spec = specOf(ctx.field.kind);
  const sorted = args.sorters?.find((sorter) => sorter.field === args.name);
  return {
    key: args.name,
    dataIndex: args.name,
    title: args.t(ctx.key),
    width: ctx.field.width,
    align: spec.align,
    sorter: args.sorters !== undefined && ctx.field.sortable === true,
    sortOrder: ctx.field.sortable && sorted ? (sorted.order === 'desc' ? 'descend' : 'ascend') : null,
    render: (value: unknown, record: BaseRecord) => spec.cell(ctx, value, record as ApiRecord),
  };
}

function columnsOf(args: {
  resource: ResourceDef;
  t: Translate;
  sorters: readonly CrudSort[];
  actions: ColumnsType<BaseRecord>[number] | undefined;
}): ColumnsType<BaseRecord> {
  const columns = listColumns(args.resource).map((name) =>
    fieldColumn({ resource: args.resource, name, t: args.t, sorters: args.sorters }),
  );
  return args.actions ? [...columns, args.actions] : columns;
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
  open: (view: GenericView, id: string | number, record?: ApiRecord) => void;
}): ColumnsType<BaseRecord>[number] | undefined {
  const { permissions } = args;
  const any = permissions.show || permissions.edit || permissions.delete || Object.values(permissions.actions).some(Boolean);
  if (!any) return undefined;
  return {
    key: '$actions',
    title: args.t('screens.actions'),
    fixed: 'right',
    render: (_: unknown, record: BaseRecord) => (
      <RecordActions
        resource={args.resource}
        record={record as ApiRecord}
        permissions={permissions}
        variant="link"
        withDetail
        onOpen={args.open}
      />
    ),
  };
}

/**
 * The list screen of a declaration: filter bar, sortable columns, server paging with the total,
 * an Actions column with what this user may do on each row, and (for resources whose views have
 * no screens of their own) the add / edit / detail drawer addressed by `?view=&id=`. Tree
 * resources show an expandable tree built from parent ids.
 */
export function ResourceList(props: ResourceListProps) {
  const { resource } = props;
  const t = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const slots = useContext(ListSlotsContext);
  const permissions = useResourcePermissions(resource);
  const [keyword, setKeyword] = useState('');
  const tree = resource.treeField !== undefined;

  const table = useTable<BaseRecord>({
    resource: resource.name,
    syncWithLocation: false,
    pagination: { mode: tree ? 'off' : 'server', pageSize: resource.list.pageSize ?? LIST_PAGE_SIZE },
    sorters: { initial: [{ field: resource.list.defaultSort.field, order: resource.list.defaultSort.order }] },
    filters: { defaultBehavior: 'replace' },
    // The data provider puts `meta.keyword` into the query body's `keyword`.
    meta: { keyword },
    // The http client has already reported a failed call.
    errorNotification: false,
  });
  const { tableQuery, sorters, filters, current, pageSize } = table;
  const records = tableQuery.data?.data;
  const total = tableQuery.data?.total ?? 0;

  const open = (view: GenericView, id?: string | number, record?: ApiRecord) => navigate(viewLocation(resource, view, id, record));
  const query: ListQuery = {
    resource,
    filters: filters as CrudFilter[],
    sorters,
    keyword,
    request: { filters: toQueryFilters(filters), sorters: toQuerySorters(sorters), ...(keyword ? { keyword } : {}) },
  };
  const onExport = props.onExport ?? slots.onExport;

  const search = (next: ListSearch) => {
    setKeyword(next.keyword);
    table.setFilters(next.filters, 'replace');
    table.setCurrent(1);
  };

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<BaseRecord> | SorterResult<BaseRecord>[],
    extra: { action: string },
  ) => {
    if (extra.action === 'sort') {
      table.setSorters(sortersOf(sorter));
      table.setCurrent(1);
      return;
    }
    if (pagination.pageSize !== undefined && pagination.pageSize !== pageSize) {
      table.setPageSize(pagination.pageSize);
      table.setCurrent(1);
      return;
    }
    if (pagination.current !== undefined) table.setCurrent(pagination.current);
  };

  const columns = useMemo(
    () => columnsOf({ resource, t, sorters, actions: actionsColumn({ resource, t, permissions, open }) }),
    // `open` only closes over navigate and the resource.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource, t, sorters, permissions],
  );
  const rows = useMemo(() => (tree && records ? buildTree(records, resource.treeField!) : records), [tree, records, resource.treeField]);

  const toolbar = [
    permissions.create ? (
      <Button key="add" type="primary" onClick={() => open('add')}>
        {t('screens.add')}
      </Button>
    ) : null,
    resource.files && permissions.export && onExport ? (
      <Button key="export" onClick={() => void onExport(query)}>
        {t('screens.export')}
      </Button>
    ) : null,
    slots.toolbar ? (
      <Fragment key="slot">
        {slots.toolbar({
          ...query,
          reload: () => void tableQuery.refetch(),
          may: { export: permissions.export, import: permissions.import },
        })}
      </Fragment>
    ) : null,
  ].filter(Boolean);

  const view = params.get(VIEW_PARAM) as GenericView | null;
  const drawerView = view === 'add' || view === 'edit' || view === 'dtl' ? view : undefined;
  const drawerId = params.get(ID_PARAM) ?? undefined;

  return (
    <>
      <FilterBar resource={resource} t={t} onSearch={search} actions={toolbar.length > 0 ? toolbar : undefined} />
      <Table<BaseRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={tableQuery.isFetching}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widget.noData')} /> }}
        pagination={
          tree
            ? false
            : {
                current,
                pageSize,
                total,
                showSizeChanger: true,
                showQuickJumper: true,
                pageSizeOptions: PAGE_SIZES,
                showTotal: (count) => t('widget.total', { total: count }),
              }
        }
        footer={tree ? () => t('widget.total', { total }) : undefined}
      />
      {drawerView && opensInDrawer(resource, drawerView) ? (
        <RecordDrawer
          resource={resource}
          view={drawerView}
          id={drawerId}
          permissions={permissions}
          onOpen={open}
          onClose={() => open('list')}
        />
      ) : null}
    </>
  );
}
