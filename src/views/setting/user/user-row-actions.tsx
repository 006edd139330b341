import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { storedUser } from '../../../../providers/auth';
import { useAction } from '../../../components/use-action';
import { setUserEnabled, type UserRow } from '../shared/user-api';
import type { UserRowDialog } from './user-dialogs';

/** Props of {@link UserRowActions}. */
export interface UserRowActionsProps {
  readonly user: UserRow;
  /** Opens one of the row dialogs. */
  readonly onOpen: (kind: UserRowDialog, user: UserRow) => void;
  /** Reloads the list after a change made here. */
  readonly onChanged: () => void;
}

/**
 * The links of a user row: edit and roles in view, the rarer actions (copy roles, reset password,
 * disable/enable) in a "more" menu. Disabling and enabling ask for confirmation first; one's own
 * account offers no Disable.
 */
export function UserRowActions(props: UserRowActionsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = useAction();
  const { user } = props;

  const confirmToggle = () => {
    const enable = !user.enabled;
    void modal.confirm({
      title: t(enable ? 'setting.user.enableConfirm' : 'setting.user.disableConfirm', { name: user.name }),
      okButtonProps: { danger: !enable },
      onOk: async () => {
        if (await run(() => setUserEnabled(user.id, enable), t('setting.common.done'))) props.onChanged();
      },
    });
  };

  // The server refuses disabling one's own account (one would lock oneself out): not offered.
  const self = storedUser()?.user.id === user.id;
  const items: MenuProps['items'] = [
    { key: 'copyRoles', label: t('setting.user.copyRoles') },
    { key: 'resetPassword', label: t('setting.user.resetPassword') },
    ...(self && user.enabled
      ? []
      : [{ key: 'toggle', label: t(user.enabled ? 'setting.user.disable' : 'setting.user.enable'), danger: user.enabled }]),
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'toggle') confirmToggle();
    else props.onOpen(key as UserRowDialog, user);
  };

  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => props.onOpen('edit', user)}>
        {t('setting.common.edit')}
      </Button>
      <Button type="link" size="small" onClick={() => props.onOpen('assignRoles', user)}>
        {t('setting.user.assignRoles')}
      </Button>
      <Dropdown trigger={['click']} menu={{ items, onClick: onMenu }}>
        <Button type="link" size="small">
          {t('setting.common.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  );
}
