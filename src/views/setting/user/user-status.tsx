import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseDate } from '../../../../providers/dates';
import type { UserRow } from '../shared/user-api';

/** True while the user's sign-in is locked (too many failed attempts). */
export function isLocked(user: Pick<UserRow, 'lockedUntil'>, now: Date = new Date()): boolean {
  const until = parseDate(user.lockedUntil);
  return until !== null && until.valueOf() > now.valueOf();
}

/** The status cell: enabled or disabled, plus a "locked" tag telling until when. */
export function UserStatus(props: { readonly user: UserRow }) {
  const { t } = useTranslation();
  const { user } = props;
  return (
    <Space size={4}>
      {user.enabled ? <Tag color="success">{t('setting.user.status.enabled')}</Tag> : <Tag>{t('setting.user.status.disabled')}</Tag>}
      {isLocked(user) ? (
        <Tooltip title={t('setting.user.lockedUntil', { time: user.lockedUntil })}>
          <Tag color="warning">{t('setting.user.status.locked')}</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}
