import { Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApiData } from '../../resources/contract/api.types';

/** What waits for this user's approval (`GET /v1/approvals/waiting`). */
export type Waiting = ApiData<'get', '/v1/approvals/waiting'>;

/**
 * The list the header's approvals button opens: each item linked to the screen where it is
 * approved, with its queue, value and due time; how many more wait beyond those shown. Loaded
 * when the button is first opened (approvals-bell.tsx), not with every page.
 */
export default function ApprovalsList(props: { readonly waiting: Waiting | undefined; readonly onChoose: () => void }) {
  const { t } = useTranslation();
  const total = props.waiting?.total ?? 0;
  const items = props.waiting?.items ?? [];
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.approvals.empty')} />;
  return (
    <List
      size="small"
      className="console-approvals-list"
      dataSource={items}
      footer={total > items.length ? t('shell.approvals.more', { count: total - items.length }) : undefined}
      renderItem={(item) => (
        <List.Item key={`${item.queue}:${item.id}`}>
          <List.Item.Meta
            title={
              <Link to={item.path} onClick={props.onChoose}>
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
}
