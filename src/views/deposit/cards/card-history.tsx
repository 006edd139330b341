/**
 * The balance history tab of a card's detail: its balance (principal and gift) and its ledger
 * entries, newest first, paged on the server (GET /v1/prepay-card/entries).
 */
import { Descriptions, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useErrorReporter } from '../../../components/use-action';
import { formatAmount } from '../../../lib/format';
import { DASH } from '../../../fields/field-helpers';
import type { Translate } from '../../../fields/field-kind';
import { cardEntries, type CardEntry } from './card-api';

const PAGE_SIZE = 10;

export function CardHistory(props: { cardId: number; t: Translate }) {
  const { cardId, t } = props;
  const report = useErrorReporter();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Awaited<ReturnType<typeof cardEntries>> | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    cardEntries(cardId, page, PAGE_SIZE)
      .then((answer) => live && setData(answer))
      .catch(report)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [cardId, page, report]);
  const money = (value: string) => formatAmount(value);
  return (
    <>
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('cards.history.balance')}>{data ? money(data.balance) : DASH}</Descriptions.Item>
        <Descriptions.Item label={t('cards.history.principalNow')}>{data ? money(data.principal) : DASH}</Descriptions.Item>
        <Descriptions.Item label={t('cards.history.giftNow')}>{data ? money(data.gift) : DASH}</Descriptions.Item>
      </Descriptions>
      <Table<CardEntry>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{t('cards.history.empty')}</Typography.Text> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'occurredAt', dataIndex: 'occurredAt', title: t('cards.history.occurredAt'), width: 170 },
          { key: 'kind', dataIndex: 'kind', title: t('cards.history.kind'), width: 90, render: (kind: string) => t(`cards.kind.${kind}`) },
          { key: 'sourceId', dataIndex: 'sourceId', title: t('cards.history.source'), width: 140, render: (v: string | null) => v ?? DASH },
          { key: 'principal', dataIndex: 'principalDelta', title: t('cards.history.principal'), align: 'right', width: 120, render: money },
          { key: 'gift', dataIndex: 'giftDelta', title: t('cards.history.gift'), align: 'right', width: 120, render: money },
          {
            key: 'balanceAfter',
            dataIndex: 'balanceAfter',
            title: t('cards.history.balanceAfter'),
            align: 'right',
            width: 130,
            render: money,
          },
        ]}
      />
    </>
  );
}
