import { DownOutlined, FileExcelOutlined, KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FILE_CENTRE_PATH } from '../screens/files/file-centre-route';
import { signOut, storedUser } from '../../providers/auth';
import { ChangePasswordDialog } from './change-password-dialog';

/** The signed-in user's name with the change-password and sign-out actions. */
export function UserMenu() {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const navigate = useNavigate();
  const user = storedUser()?.user;
  const name = user?.name || user?.login || '';
  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'files', icon: <FileExcelOutlined />, label: t('shell.header.fileCentre') },
            { key: 'password', icon: <KeyOutlined />, label: t('shell.header.changePassword') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('shell.header.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'files') navigate(FILE_CENTRE_PATH);
            if (key === 'password') setChanging(true);
            if (key === 'logout') void signOut();
          },
        }}
      >
        <Space className="console-header-item console-user" size={6}>
          <Avatar size="small" className="console-avatar">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>{name}</span>
          <DownOutlined className="console-caret" />
        </Space>
      </Dropdown>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
