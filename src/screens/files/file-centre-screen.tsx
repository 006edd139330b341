/**
 * The file centre: the user's own exports and imports with their module, progress and files.
 * The list refreshes itself while any task on the page is still queued or running. Its filters
 * and page live in the url, its toolbar is the generic list's (refresh, density, columns).
 */
import { App, Flex, Select, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_DIRECTIONS, FILE_MODULES, FILE_TASK_STATES } from '../../../resources/contract/file-task.types';
import { useLoadError } from '../../components/use-action';
import { usePagedQuery } from '../../components/use-paged-query';
import { ListToolbar, useListChrome, visibleColumns } from '../generic/list-toolbar';
import { isActive, queryFileTasks, type FileTaskFilters, type FileTaskView } from './file-task-api';
import { fileTaskColumns } from './file-task-columns';
import { POLL_MS } from './use-file-task';
import { useShellPageTitle } from '../../shell/page-title';
import { useEvery } from '../../components/use-every';

function FilterSelect<V extends string>(props: {
  readonly values: readonly V[];
  readonly value: readonly V[] | undefined;
  readonly label: (value: V) => string;
  readonly placeholder: string;
  readonly onChange: (value: V[]) => void;
}) {
  return (
    <Select<V[]>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      style={{ minWidth: 180 }}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      value={props.value ? [...props.value] : []}
      options={props.values.map((value) => ({ value, label: props.label(value) }))}
      onChange={props.onChange}
    />
  );
}

function FileCentreBody() {
  const { t } = useTranslation();
  useShellPageTitle('files.title');
  const list = usePagedQuery<FileTaskView, FileTaskFilters>({
    fetch: queryFileTasks,
    initialFilters: {},
    totalText: (total) => t('files.total', { total }),
    url: true,
  });
  const chrome = useListChrome('file-centre');
  useLoadError(list.remote.error);
  const { reload, data } = list.remote;
  const running = (data?.records ?? []).some(isActive);

  useEvery(running ? POLL_MS : null, reload);

  const columns = useMemo(() => fileTaskColumns(t), [t]);
  const filters = list.query.filters;
  const setFilter = (patch: FileTaskFilters) => list.setFilters({ ...filters, ...patch });

  return (
    <>
      <Typography.Title level={4}>{t('files.title')}</Typography.Title>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Space wrap>
          <FilterSelect
            values={FILE_MODULES}
            value={filters.module}
            label={(value) => t(`files.module.${value}`)}
            placeholder={t('files.filter.allModules')}
            onChange={(module) => setFilter({ module })}
          />
          <FilterSelect
            values={FILE_DIRECTIONS}
            value={filters.direction}
            label={(value) => t(`files.direction.${value}`)}
            placeholder={t('files.filter.allDirections')}
            onChange={(direction) => setFilter({ direction })}
          />
          <FilterSelect
            values={FILE_TASK_STATES}
            value={filters.state}
            label={(value) => t(`files.state.${value}`)}
            placeholder={t('files.filter.allStates')}
            onChange={(state) => setFilter({ state })}
          />
        </Space>
      </Flex>
      <ListToolbar
        actions={[]}
        chrome={chrome}
        columns={columns
          .filter((column) => column.key !== '$actions')
          .map((column) => ({ key: String(column.key), title: column.title as string }))}
        onRefresh={reload}
      />
      <Table<FileTaskView>
        rowKey="id"
        size={chrome.density}
        columns={visibleColumns(columns, chrome.hidden)}
        scroll={{ x: 'max-content' }}
        {...list.tableProps}
        // Polling reloads must not flash the spinner over rows that are already shown.
        loading={list.remote.loading && !data}
        locale={{ emptyText: t('files.empty') }}
      />
    </>
  );
}

/** The file centre screen, inside its own antd App so its messages follow the theme. */
export default function FileCentreScreen() {
  return (
    <App component={false}>
      <FileCentreBody />
    </App>
  );
}
