import { Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '../shared/authorization-api';
import { PermissionEditor } from './permission-editor';
import { RoleUsers } from './role-users';

/** The selected role: its permission tree and its users, in two tabs; a hint when none is selected. */
export function RoleDetail(props: { readonly role: RoleRow | undefined; readonly canConfigure: boolean; readonly onChanged: () => void }) {
  const { t } = useTranslation();
  const { role, canConfigure } = props;
  if (!role) {
    return (
      <Card>
        <Empty description={t('setting.role.selectRole')} />
      </Card>
    );
  }
  return (
    <Card title={role.name}>
      <Tabs
        key={role.roleId}
        items={[
          {
            key: 'permissions',
            label: t('setting.role.tab.permissions'),
            children: <PermissionEditor key={role.roleId} role={role} canConfigure={canConfigure} />,
          },
          {
            key: 'users',
            label: t('setting.role.tab.users', { count: role.userCount }),
            children: <RoleUsers key={role.roleId} role={role} canConfigure={canConfigure} onChanged={props.onChanged} />,
          },
        ]}
      />
    </Card>
  );
}
