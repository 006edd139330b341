import { DownOutlined, FileExcelOutlined, KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FILE_CENTRE_PATH } from '../screens/files/file-centre-route';
import { signOut, storedUser } from '../../providers/auth';
import { ChangePasswordDialog } from './change-password-dialog';

/**
 * The signed-in user's name with the file centre, change-password and sign-out actions. The
 * trigger is a button opened by click, Enter or Space, so the keyboard reaches it like a pointer.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const navigate = useNavigate();
  const user = storedUser()?.user;
  const name = user?.name || user?.login || '';
  return (
    <>
      <Dropdown
        trigger={['click']}
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
        <Button type="text" className="console-header-item console-user">
          {/* A plain initial: antd's Avatar measures its text to scale it, a forced layout as the shell first draws. */}
          <span className="console-avatar" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span>{name}</span>
          <DownOutlined className="console-caret" />
        </Button>
      </Dropdown>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
