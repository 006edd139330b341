/**
 * The user screen (setting/user/user): search and filter users, create and edit them, disable or
 * enable them, reset passwords, and give them roles (directly or copied from another user).
 */
import { App, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadError } from '../../components/use-action';
import { usePagedQuery } from '../../components/use-paged-query';
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
  });
  useLoadError(list.remote.error);
  const reload = list.remote.reload;
  const columns = useMemo(
    () => userColumns({ t, canConfigure, onOpen: (kind, user) => setDialog({ kind, user }), onChanged: reload }),
    [t, canConfigure, reload],
  );

  return (
    <>
      <UserToolbar
        filters={list.query.filters}
        onFilters={list.setFilters}
        onCreate={canConfigure ? () => setDialog({ kind: 'create' }) : undefined}
      />
      <Table<UserRow> rowKey="id" columns={columns} {...list.tableProps} locale={{ emptyText: t('setting.user.empty') }} />
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
