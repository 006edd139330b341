import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { EMPTY_DISPLAY } from '../../../lib/format';
import type { UserRow } from '../shared/user-api';
import type { UserRowDialog } from './user-dialogs';
import { UserRowActions } from './user-row-actions';
import { UserStatus } from './user-status';

/**
 * Columns of the user table. Login and name sort on the server; the action column is left out
 * when the current user may not change users.
 */
export function userColumns(args: {
  readonly t: TFunction;
  readonly canConfigure: boolean;
  readonly onOpen: (kind: UserRowDialog, user: UserRow) => void;
  readonly onChanged: () => void;
}): TableColumnsType<UserRow> {
  const { t } = args;
  const text = (value: string | null) => value || EMPTY_DISPLAY;
  const columns: TableColumnsType<UserRow> = [
    { key: 'login', dataIndex: 'login', title: t('setting.user.field.login'), sorter: true },
    { key: 'name', dataIndex: 'name', title: t('setting.user.field.name'), sorter: true },
    { key: 'mobile', dataIndex: 'mobile', title: t('setting.user.field.mobile'), render: text },
    { key: 'email', dataIndex: 'email', title: t('setting.user.field.email'), render: text },
    {
      key: 'roles',
      title: t('setting.user.field.roles'),
      render: (_value, user) =>
        user.roles.length === 0 ? EMPTY_DISPLAY : user.roles.map((role) => <Tag key={role.roleId}>{role.name}</Tag>),
    },
    { key: 'enabled', title: t('setting.user.field.status'), render: (_value, user) => <UserStatus user={user} /> },
  ];
  if (!args.canConfigure) return columns;
  return [
    ...columns,
    {
      key: '$actions',
      title: t('setting.common.actions'),
      fixed: 'right',
      width: 1,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_value, user) => <UserRowActions user={user} onOpen={args.onOpen} onChanged={args.onChanged} />,
    },
  ];
}
