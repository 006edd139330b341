/**
 * The stored-value history (deposit/store-value-query/store-value-hst-detail): the members'
 * ledger entries, of one member (from the inquiry, the member's tab) or of everyone, filtered by
 * kind, channel, source, store and days, newest first, paged on the server, with the totals of
 * the whole filter by kind and channel, and an export of exactly what it lists.
 */
import { App, Button, Card, Space } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoadError } from '../../components/use-action';
import { usePagedQuery } from '../../components/use-paged-query';
import { ExportTaskButton } from '../../screens/files/export-task-button';
import { useTranslate } from '../../screens/generic/use-translate';
import { HistoryFilterBar } from './history/history-filters';
import { HistoryTable, historyColumns } from './history/history-table';
import { HistoryTotals } from './history/history-totals';
import { queryHistory, startHistoryExport, type HistoryFilters, type HistoryPage, type ValueEntry } from './shared/value-api';
import { INQUIRY_PATH } from './shared/value-routes';

function Body() {
  const t = useTranslate();
  const navigate = useNavigate();
  const list = usePagedQuery<ValueEntry, HistoryFilters>({
    fetch: queryHistory,
    initialFilters: {},
    pageSize: 20,
    totalText: (total) => t('widget.total', { total }),
    url: true,
  });
  useLoadError(list.remote.error);
  const filters = list.query.filters;
  const memberId = filters.memberId;
  const page = list.remote.data as HistoryPage | undefined;
  const columns = useMemo(() => historyColumns(t, memberId === undefined), [t, memberId]);
  const first = page?.records[0];
  const who = first?.memberName ? `${first.memberName} ${first.memberNumber ?? ''}`.trim() : `#${String(memberId)}`;
  const title = memberId === undefined ? t('storedValue.history.title') : t('storedValue.history.memberTitle', { member: who });
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {memberId !== undefined && (
            <Button onClick={() => list.setFilters({ ...filters, memberId: undefined })}>{t('storedValue.history.allMembers')}</Button>
          )}
          <ExportTaskButton start={() => startHistoryExport(filters)} />
          <Button onClick={() => navigate(INQUIRY_PATH)}>{t('storedValue.history.back')}</Button>
        </Space>
      }
    >
      <HistoryFilterBar t={t} filters={filters} onSearch={list.setFilters} />
      <HistoryTotals t={t} page={page} loading={list.remote.loading} />
      <HistoryTable t={t} columns={columns} table={list.tableProps} />
    </Card>
  );
}

/** The history screen, inside its own antd App so its messages follow the theme. */
export default function StoreValueHistoryScreen() {
  return (
    <App component={false}>
      <Body />
    </App>
  );
}
