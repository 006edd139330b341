import { Card, Col, Row, Statistic, Table } from 'antd';
import type { Translate } from '../../../fields/field-kind';
import { formatAmount, formatInteger } from '../../../lib/format';
import { channelLabel, kindLabel } from '../shared/value-labels';
import type { HistoryPage, ValueSums } from '../shared/value-api';

type Row = ValueSums & { readonly key: string; readonly label: string };

function SumsTable(props: {
  readonly t: Translate;
  readonly title: string;
  /** The header of the first column (kind, channel). */
  readonly what: string;
  readonly rows: readonly Row[];
  readonly loading: boolean;
}) {
  const { t } = props;
  const money = (key: 'amountIn' | 'amountOut' | 'amount', title: string) => ({
    key,
    dataIndex: key,
    title,
    align: 'right' as const,
    render: (value: number) => formatAmount(value),
  });
  return (
    <Card size="small" title={props.title}>
      <Table<Row>
        rowKey="key"
        size="small"
        pagination={false}
        loading={props.loading}
        dataSource={[...props.rows]}
        columns={[
          { key: 'label', dataIndex: 'label', title: props.what },
          { key: 'entries', dataIndex: 'entries', title: t('storedValue.history.entries'), align: 'right', render: formatInteger },
          money('amountIn', t('storedValue.history.amountIn')),
          money('amountOut', t('storedValue.history.amountOut')),
          money('amount', t('storedValue.history.net')),
        ]}
      />
    </Card>
  );
}

/** The totals of the whole filter (not only the page): overall, by kind and by channel. */
export function HistoryTotals(props: { readonly t: Translate; readonly page: HistoryPage | undefined; readonly loading: boolean }) {
  const { t, page, loading } = props;
  const totals = page?.totals;
  const stats = [
    { key: 'entries', title: t('storedValue.history.entries'), value: formatInteger(totals?.entries ?? 0) },
    { key: 'in', title: t('storedValue.history.amountIn'), value: formatAmount(totals?.amountIn ?? 0) },
    { key: 'out', title: t('storedValue.history.amountOut'), value: formatAmount(totals?.amountOut ?? 0) },
    { key: 'principal', title: t('storedValue.history.principalDelta'), value: formatAmount(totals?.principal ?? 0) },
    { key: 'gift', title: t('storedValue.history.giftDelta'), value: formatAmount(totals?.gift ?? 0) },
    { key: 'net', title: t('storedValue.history.net'), value: formatAmount(totals?.amount ?? 0) },
  ];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {stats.map((s) => (
          <Col key={s.key} xs={12} md={8} xl={4}>
            <Card size="small" loading={loading && !page}>
              <Statistic title={s.title} value={s.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={12}>
          <SumsTable
            t={t}
            loading={loading}
            title={t('storedValue.history.byKind')}
            what={t('storedValue.history.kind')}
            rows={(page?.byKind ?? []).map((k) => ({ ...k, key: k.kind, label: kindLabel(t, k.kind) }))}
          />
        </Col>
        <Col xs={24} xl={12}>
          <SumsTable
            t={t}
            loading={loading}
            title={t('storedValue.history.byChannel')}
            what={t('storedValue.history.channel')}
            rows={(page?.byChannel ?? []).map((c) => ({ ...c, key: String(c.channel), label: channelLabel(t, c.channel) }))}
          />
        </Col>
      </Row>
    </>
  );
}
