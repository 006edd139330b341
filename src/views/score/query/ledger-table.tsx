import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import type { ResourceDef } from '../../../../resources/define';
import { batchOperateResource } from '../../../../resources/member/batch-operate.resource';
import { scoreAdjustResource } from '../../../../resources/score/score-adjust.resource';
import { viewHref } from '../../../screens/generic/resource-routes';
import type { Translate } from '../../../fields/field-kind';
import { DASH, textOrDash } from '../../../fields/field-helpers';
import { formatInteger } from '../../../lib/format';
import { KIND_COLORS, channelLabel, kindLabel, sourceLabel } from '../shared/entry-labels';
import type { PointsEntry } from '../shared/points-api';
import type { LedgerState } from './use-ledger';

/** A signed number of points: `+120` in green, `-30` in red. */
export function SignedPoints(props: { readonly value: number }) {
  const text = `${props.value > 0 ? '+' : ''}${formatInteger(props.value)}`;
  return <Typography.Text type={props.value < 0 ? 'danger' : 'success'}>{text}</Typography.Text>;
}

/** The documents whose number an entry's source links to, by source type. */
const SOURCE_DOCUMENTS: Readonly<Record<string, ResourceDef>> = { adjustment: scoreAdjustResource, batch: batchOperateResource };

/** The source number, linked to its document when the server names one. */
export function SourceNumber(props: { readonly entry: PointsEntry }) {
  const { entry } = props;
  const resource = SOURCE_DOCUMENTS[entry.sourceType];
  if (!entry.sourceId) return <>{DASH}</>;
  if (!resource || entry.documentId === null || entry.documentId === undefined) return <>{entry.sourceId}</>;
  return <Link to={viewHref(resource, 'dtl', entry.documentId)}>{entry.sourceId}</Link>;
}

function columnsOf(t: Translate, stores: ReadonlyMap<number, string>): ColumnsType<PointsEntry> {
  return [
    { key: 'occurredAt', title: t('score.history.occurredAt'), dataIndex: 'occurredAt', width: 170 },
    {
      key: 'kind',
      title: t('score.history.kind'),
      dataIndex: 'kind',
      width: 90,
      render: (kind: string) => <Tag color={KIND_COLORS[kind] ?? 'default'}>{kindLabel(t, kind)}</Tag>,
    },
    {
      key: 'sourceType',
      title: t('score.history.source'),
      dataIndex: 'sourceType',
      width: 120,
      render: (source: string) => sourceLabel(t, source),
    },
    {
      key: 'sourceId',
      title: t('score.history.sourceId'),
      dataIndex: 'sourceId',
      width: 150,
      render: (_: unknown, entry: PointsEntry) => <SourceNumber entry={entry} />,
    },
    { key: 'reason', title: t('score.history.reason'), dataIndex: 'reason', width: 140, render: textOrDash },
    {
      key: 'store',
      title: t('score.history.store'),
      dataIndex: 'storeId',
      width: 160,
      render: (id: number | null) => (id === null ? DASH : (stores.get(id) ?? String(id))),
    },
    {
      key: 'channel',
      title: t('score.history.channel'),
      dataIndex: 'channel',
      width: 110,
      render: (channel: string | null) => (channel === null ? DASH : channelLabel(t, channel)),
    },
    {
      key: 'delta',
      title: t('score.history.delta'),
      dataIndex: 'delta',
      align: 'right',
      width: 110,
      render: (value: number) => <SignedPoints value={value} />,
    },
    {
      key: 'balanceAfter',
      title: t('score.history.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      width: 120,
      render: formatInteger,
    },
    { key: 'expiresAt', title: t('score.history.expiresAt'), dataIndex: 'expiresAt', width: 170, render: textOrDash },
    { key: 'remark', title: t('score.history.remark'), dataIndex: 'remark', render: textOrDash },
  ];
}

/**
 * The entries of a ledger, newest first, with the totals of the whole filter in the table's
 * summary row and a "load more" button while older entries remain.
 */
export function LedgerTable(props: { readonly t: Translate; readonly ledger: LedgerState }) {
  const { t, ledger } = props;
  return (
    <Table<PointsEntry>
      rowKey="id"
      size="middle"
      columns={columnsOf(t, ledger.stores)}
      dataSource={[...ledger.records]}
      loading={ledger.loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('score.history.empty') }}
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={10}>
              <Typography.Text strong>
                {t('score.history.totals', { earned: formatInteger(ledger.totals.earned), spent: formatInteger(ledger.totals.spent) })}
              </Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        </Table.Summary>
      )}
      footer={() => (
        <Flex justify="space-between" align="center">
          <span>{t('score.history.shown', { shown: ledger.records.length, total: ledger.total })}</span>
          {ledger.hasMore ? (
            <Button onClick={ledger.loadMore} loading={ledger.loading}>
              {t('score.history.loadMore')}
            </Button>
          ) : null}
        </Flex>
      )}
    />
  );
}
