import { Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmLink } from '../../../components/confirm-link';
import { useAction, useLoadError } from '../../../components/use-action';
import { useRemote } from '../../../components/use-remote';
import { deleteUserRole, listRoleUser, type RoleRow, type RoleUser } from '../shared/authorization-api';

/** The users holding a role; maintainers can take the role away from one (after confirming). */
export function RoleUsers(props: { readonly role: RoleRow; readonly canConfigure: boolean; readonly onChanged: () => void }) {
  const { t } = useTranslation();
  const { role } = props;
  const run = useAction();
  const users = useRemote(() => listRoleUser(role.roleId), String(role.roleId));
  useLoadError(users.error);

  const remove = async (user: RoleUser) => {
    if (await run(() => deleteUserRole(role.roleId, user.userId), t('setting.common.done'))) {
      users.reload();
      props.onChanged();
    }
  };

  const columns: TableColumnsType<RoleUser> = [
    { key: 'login', dataIndex: 'login', title: t('setting.user.field.login') },
    { key: 'name', dataIndex: 'name', title: t('setting.user.field.name') },
  ];
  if (props.canConfigure) {
    columns.push({
      key: 'actions',
      title: t('setting.common.actions'),
      render: (_value, user) => (
        <ConfirmLink
          danger
          title={t('setting.role.removeUserConfirm', { user: user.name, role: role.name })}
          onConfirm={() => remove(user)}
        >
          {t('setting.role.removeUser')}
        </ConfirmLink>
      ),
    });
  }
  return (
    <Table<RoleUser>
      rowKey="userId"
      size="small"
      columns={columns}
      dataSource={users.data}
      loading={users.loading}
      pagination={{ showTotal: (total) => t('widget.total', { total }) }}
      locale={{ emptyText: t('setting.role.noUsers') }}
    />
  );
}
