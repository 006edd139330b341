import { AuditOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { typedGet } from '../../providers/http';
import { useRemote } from '../components/use-remote';
import { useEvery } from '../components/use-every';
import type { Waiting } from './approvals-list';

// The list itself (antd's List) loads when the button is first opened.
const ApprovalsList = lazy(() => import('./approvals-list'));

/** How often the header asks again while the console is open (and on every move to another screen). */
const POLL_MS = 60_000;

/**
 * The header's "awaiting my approval": what waits for this user as a second person (a push plan's
 * scheduled run above the value threshold, …), as `GET /v1/approvals/waiting` lists it, which
 * offers only what the user may approve. The count shows on the button; the list links each one
 * to the screen where it is approved. Asked again every minute and on each move to another
 * screen (not on a filter's change), so an approval made elsewhere leaves the list.
 */
export function ApprovalsBell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const waiting = useRemote<Waiting>(() => typedGet('/v1/approvals/waiting'), pathname);
  useEvery(POLL_MS, waiting.reload);
  const total = waiting.data?.total ?? 0;
  const label = t('shell.approvals.open', { count: total });
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('shell.approvals.title')}
      content={
        <div className="console-approvals">
          <Suspense fallback={<Spin size="small" />}>
            <ApprovalsList waiting={waiting.data} onChoose={() => setOpen(false)} />
          </Suspense>
        </div>
      }
    >
      <Button
        type="text"
        aria-label={label}
        title={label}
        className="console-header-item console-approvals-button"
        icon={
          <Badge count={total} size="small" overflowCount={99}>
            <AuditOutlined className="console-approvals-icon" />
          </Badge>
        }
      />
    </Popover>
  );
}
