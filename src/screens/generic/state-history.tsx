import { Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { EnumField, ResourceDef } from '../../../resources/define';
import { apiGet } from '../../../providers/http';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import type { FieldContext } from '../../fields/field-kind';
import { textOrDash } from '../../fields/field-helpers';
import { fieldContext } from '../../fields/field-kinds';
import { enumTag } from '../../fields/kinds/choice.kind';
import { useTranslate } from './use-translate';

/** One state change as `GET /v1/<name>/history/:id` returns it. */
export interface StateChange {
  readonly id: number;
  readonly action: string;
  readonly from: string;
  readonly to: string;
  readonly reason: string | null;
  readonly userId: number | null;
  readonly userName: string | null;
  /** `yyyy-MM-dd HH:mm:ss` in the browser's time zone. */
  readonly at: string | null;
}

/** A record's state changes, newest first. */
export function getStateHistory(resource: string, id: string | number): Promise<StateChange[]> {
  return apiGet(`/v1/${resource}/history/${encodeURIComponent(String(id))}`);
}

/** Props of {@link StateHistory}. */
export interface StateHistoryProps {
  readonly resource: ResourceDef;
  readonly id: string | number;
  /** Changes when the record changes (its version), so a new transition shows at once. */
  readonly refreshKey?: string | number;
}

/**
 * The state history of one record (every state action, with its reason and who did it), for
 * detail pages of resources with a life cycle. States show with their declared tags.
 */
export function StateHistory(props: StateHistoryProps) {
  const { resource } = props;
  const t = useTranslate();
  const history = useRemote(() => getStateHistory(resource.name, props.id), `${resource.name}/${props.id}/${props.refreshKey ?? ''}`);
  useLoadError(history.error);
  const stateField = resource.states?.field;
  const ctx = stateField ? (fieldContext({ resource, name: stateField, t }) as FieldContext<EnumField>) : undefined;
  const state = (value: string) => (ctx ? enumTag(ctx, value) : value);
  const columns: ColumnsType<StateChange> = [
    { key: 'at', title: t('screens.history.at'), dataIndex: 'at', width: 170, render: textOrDash },
    {
      key: 'action',
      title: t('screens.history.action'),
      dataIndex: 'action',
      width: 120,
      render: (action: string) => t(`res.${resource.name}.action.${action}`),
    },
    {
      key: 'change',
      title: t('screens.history.change'),
      width: 200,
      render: (_: unknown, row) => (
        <Space size={4}>
          {state(row.from)}
          <span aria-hidden>→</span>
          {state(row.to)}
        </Space>
      ),
    },
    {
      key: 'reason',
      title: t('screens.reason'),
      dataIndex: 'reason',
      render: (reason: string | null) => <Typography.Text>{textOrDash(reason)}</Typography.Text>,
    },
    { key: 'user', title: t('screens.history.user'), dataIndex: 'userName', width: 140, render: textOrDash },
  ];
  return (
    <Table<StateChange>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={history.data ?? []}
      loading={history.loading}
      pagination={false}
      data-testid="state-history"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('screens.history.empty')} /> }}
    />
  );
}
