import { AuditOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { typedGet } from '../../providers/http';
import type { ApiData } from '../../resources/contract/api.types';
import { useRemote } from '../components/use-remote';
import { useEvery } from '../components/use-every';

type Waiting = ApiData<'get', '/v1/approvals/waiting'>;

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
  const items = waiting.data?.items ?? [];
  const label = t('shell.approvals.open', { count: total });
  const list =
    items.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.approvals.empty')} />
    ) : (
      <List
        size="small"
        className="console-approvals-list"
        dataSource={items}
        footer={total > items.length ? t('shell.approvals.more', { count: total - items.length }) : undefined}
        renderItem={(item) => (
          <List.Item key={`${item.queue}:${item.id}`}>
            <List.Item.Meta
              title={
                <Link to={item.path} onClick={() => setOpen(false)}>
                  {item.subject}
                </Link>
              }
              description={
                <>
                  <div>{t(`shell.approvals.queue.${item.queue}`)}</div>
                  {item.value && <div>{t('shell.approvals.value', item.value)}</div>}
                  {item.dueAt && <Typography.Text type="warning">{t('shell.approvals.due', { time: item.dueAt })}</Typography.Text>}
                </>
              }
            />
          </List.Item>
        )}
      />
    );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('shell.approvals.title')}
      content={<div className="console-approvals">{list}</div>}
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
