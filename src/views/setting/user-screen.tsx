/**
 * The user screen (setting/user/user): search and filter users, create and edit them, disable or
 * enable them, reset passwords, and give them roles (directly or copied from another user).
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadError } from '../../components/use-action';
import { usePagedQuery } from '../../components/use-paged-query';
import { ListToolbar, useListChrome, visibleColumns } from '../../screens/generic/list-toolbar';
import { useCanConfigure } from './shared/use-can-configure';
import { queryUsers, type UserFilters, type UserRow } from './shared/user-api';
import { userColumns } from './user/user-columns';
import { UserDialogHost } from './user/user-dialog-host';
import type { UserDialog } from './user/user-dialogs';
import { UserToolbar } from './user/user-toolbar';

function UserScreenBody() {
  const { t } = useTranslation();
  const canConfigure = useCanConfigure('user');
  const [dialog, setDialog] = useState<UserDialog>();
  const list = usePagedQuery<UserRow, UserFilters>({
    fetch: queryUsers,
    initialFilters: {},
    totalText: (total) => t('widget.total', { total }),
    url: true,
  });
  const chrome = useListChrome('user');
  useLoadError(list.remote.error);
  const reload = list.remote.reload;
  const columns = useMemo(
    () => userColumns({ t, canConfigure, onOpen: (kind, user) => setDialog({ kind, user }), onChanged: reload }),
    [t, canConfigure, reload],
  );
  const sorters = list.query.sorters;
  // The table shows the url's sort (back from elsewhere, a shared link).
  const sortedColumns = columns.map((column) => {
    const sorted = sorters.find((sorter) => sorter.field === column.key);
    return 'sorter' in column && column.sorter
      ? { ...column, sortOrder: sorted ? (sorted.order === 'desc' ? 'descend' : 'ascend') : null }
      : column;
  }) as typeof columns;

  return (
    <>
      <UserToolbar filters={list.query.filters} onFilters={list.setFilters} />
      <ListToolbar
        actions={
          canConfigure
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
                  {t('setting.user.create')}
                </Button>,
              ]
            : []
        }
        chrome={chrome}
        columns={columns
          .filter((column) => column.key !== '$actions')
          .map((column) => ({ key: String(column.key), title: column.title as string }))}
        onRefresh={reload}
      />
      <Table<UserRow>
        rowKey="id"
        size={chrome.density}
        columns={visibleColumns(sortedColumns, chrome.hidden)}
        scroll={{ x: 'max-content' }}
        {...list.tableProps}
        locale={{ emptyText: t('setting.user.empty') }}
      />
      <UserDialogHost dialog={dialog} onClose={() => setDialog(undefined)} onDone={reload} />
    </>
  );
}

/** The user screen, inside its own antd App so its messages and confirmations follow the theme. */
export default function UserScreen() {
  return (
    <App component={false}>
      <UserScreenBody />
    </App>
  );
}
