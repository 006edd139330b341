/**
 * The points inquiry (score/score-query/score-query-list): every member's points account with its
 * balance and totals, filtered by member and balance, sortable, paged on the server; each row
 * opens the member's points history.
 */
import { App, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Translate } from '../../fields/field-kind';
import { DASH } from '../../fields/field-helpers';
import { useLoadError } from '../../components/use-action';
import { usePagedQuery } from '../../components/use-paged-query';
import { ListToolbar, useListChrome, visibleColumns } from '../../screens/generic/list-toolbar';
import { formatInteger } from '../../lib/format';
import { useTranslate } from '../../screens/generic/use-translate';
import { AccountToolbar } from './query/account-toolbar';
import { AccountsExportButton } from './query/accounts-export-button';
import { queryAccounts, type AccountFilters, type PointsAccountRow } from './shared/points-api';
import { ledgerHref } from './shared/score-routes';

function columnsOf(t: Translate): ColumnsType<PointsAccountRow> {
  const points = (key: 'balance' | 'totalEarned' | 'totalSpent', title: string) => ({
    key,
    dataIndex: key,
    title,
    align: 'right' as const,
    sorter: true,
    width: 130,
    render: (value: number) => formatInteger(value),
  });
  return [
    {
      key: 'memberId',
      dataIndex: 'memberId',
      title: t('score.accounts.member'),
      sorter: true,
      width: 200,
      render: (id: number, row) => <Link to={ledgerHref(id)}>{row.memberName ?? `#${id}`}</Link>,
    },
    {
      key: 'memberNumber',
      dataIndex: 'memberNumber',
      title: t('score.accounts.memberNumber'),
      width: 130,
      render: (value?: string | null) => value || DASH,
    },
    { key: 'mobile', dataIndex: 'mobile', title: t('score.accounts.mobile'), width: 140, render: (value?: string | null) => value || DASH },
    points('balance', t('score.accounts.balance')),
    points('totalEarned', t('score.accounts.totalEarned')),
    points('totalSpent', t('score.accounts.totalSpent')),
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('score.accounts.updatedAt'),
      sorter: true,
      width: 180,
      render: (value: string | null) => value ?? DASH,
    },
    {
      key: '$actions',
      title: t('screens.actions'),
      fixed: 'right',
      width: 110,
      render: (_: unknown, row) => <Link to={ledgerHref(row.memberId)}>{t('score.accounts.history')}</Link>,
    },
  ];
}

function Body() {
  const t = useTranslate();
  const list = usePagedQuery<PointsAccountRow, AccountFilters>({
    fetch: queryAccounts,
    initialFilters: {},
    pageSize: 20,
    totalText: (total) => t('widget.total', { total }),
    url: true,
  });
  const chrome = useListChrome('points-account');
  useLoadError(list.remote.error);
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <>
      <AccountToolbar t={t} onSearch={list.setFilters} filters={list.query.filters} />
      <ListToolbar
        actions={[<AccountsExportButton key="export" filters={list.query.filters} sorters={list.query.sorters} />]}
        chrome={chrome}
        columns={columns
          .filter((column) => column.key !== '$actions')
          .map((column) => ({ key: String(column.key), title: column.title as string }))}
        onRefresh={list.remote.reload}
      />
      <Table<PointsAccountRow>
        rowKey="memberId"
        size={chrome.density}
        columns={visibleColumns(columns, chrome.hidden)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{t('score.accounts.empty')}</Typography.Text> }}
        {...list.tableProps}
      />
    </>
  );
}

/** The points inquiry screen, inside its own antd App so its messages follow the theme. */
export default function ScoreQueryListScreen() {
  return (
    <App component={false}>
      <Body />
    </App>
  );
}
