import { Table, Tag, Typography, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import type { ResourceDef } from '../../../../resources/define';
import { storeValueAdjustResource } from '../../../../resources/deposit/store-value-adjust.resource';
import type { Translate } from '../../../fields/field-kind';
import { DASH, textOrDash } from '../../../fields/field-helpers';
import { formatAmount } from '../../../lib/format';
import { screenRoute } from '../../../screens/generic/resource-routes';
import { KIND_COLORS, channelLabel, kindLabel, sourceLabel } from '../shared/value-labels';
import type { ValueEntry } from '../shared/value-api';

/** Green and red dark enough to read on white (WCAG AA, 4.5:1), unlike antd's success / danger text. */
const SIGN_COLORS = { up: '#237804', down: '#cf1322' } as const;

/** A signed amount: `+12.50` in green, `-3.00` in red, a dash for nothing. */
export function SignedAmount(props: { readonly value: number }) {
  if (props.value === 0) return <>{DASH}</>;
  const text = `${props.value > 0 ? '+' : ''}${formatAmount(props.value)}`;
  return <Typography.Text style={{ color: props.value < 0 ? SIGN_COLORS.down : SIGN_COLORS.up }}>{text}</Typography.Text>;
}

/** The documents whose list a source number leads to, by source type (searched by number there). */
const SOURCE_LISTS: Readonly<Record<string, ResourceDef>> = { adjustment: storeValueAdjustResource };

function SourceNumber(props: { readonly entry: ValueEntry }) {
  const { sourceId, sourceType } = props.entry;
  const resource = SOURCE_LISTS[sourceType];
  const screen = resource?.route.screens.list;
  if (!sourceId) return <>{DASH}</>;
  if (!resource || !screen) return <>{sourceId}</>;
  return <Link to={`${screenRoute(resource, screen)}?q=${encodeURIComponent(sourceId)}`}>{sourceId}</Link>;
}

const money = (key: keyof ValueEntry, title: string, signed: boolean) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  width: 120,
  render: (value: number) => (signed ? <SignedAmount value={value} /> : formatAmount(value)),
});

/** The entry columns; `withMember` adds the member (the history of everyone). */
export function historyColumns(t: Translate, withMember: boolean): ColumnsType<ValueEntry> {
  return [
    { key: 'occurredAt', dataIndex: 'occurredAt', title: t('storedValue.history.occurredAt'), width: 170 },
    ...(withMember
      ? [
          {
            key: 'member',
            title: t('storedValue.history.member'),
            width: 180,
            render: (_: unknown, e: ValueEntry) => (e.memberName ? `${e.memberName} ${e.memberNumber ?? ''}`.trim() : `#${e.memberId}`),
          },
        ]
      : []),
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('storedValue.history.kind'),
      width: 90,
      render: (kind: string) => <Tag color={KIND_COLORS[kind] ?? 'default'}>{kindLabel(t, kind)}</Tag>,
    },
    {
      key: 'channel',
      dataIndex: 'channel',
      title: t('storedValue.history.channel'),
      width: 110,
      render: (channel: string | null) => (channel === null ? DASH : channelLabel(t, channel)),
    },
    {
      key: 'sourceType',
      dataIndex: 'sourceType',
      title: t('storedValue.history.source'),
      width: 120,
      render: (source: string) => sourceLabel(t, source),
    },
    {
      key: 'sourceId',
      title: t('storedValue.history.sourceId'),
      width: 150,
      render: (_: unknown, entry: ValueEntry) => <SourceNumber entry={entry} />,
    },
    money('principalDelta', t('storedValue.history.principalDelta'), true),
    money('giftDelta', t('storedValue.history.giftDelta'), true),
    money('balanceAfter', t('storedValue.history.balanceAfter'), false),
    { key: 'storeName', dataIndex: 'storeName', title: t('storedValue.history.store'), width: 140, render: textOrDash },
    { key: 'operatorName', dataIndex: 'operatorName', title: t('storedValue.history.operator'), width: 110, render: textOrDash },
    { key: 'remark', dataIndex: 'remark', title: t('storedValue.history.remark'), width: 200, render: textOrDash },
  ];
}

/** The entries as a table (the history screen pages it on the server; the member tab shows the latest). */
export function HistoryTable(props: {
  readonly t: Translate;
  readonly columns: ColumnsType<ValueEntry>;
  readonly table: Pick<TableProps<ValueEntry>, 'dataSource' | 'loading' | 'pagination' | 'onChange'>;
  readonly size?: TableProps<ValueEntry>['size'];
}) {
  return (
    <Table<ValueEntry>
      rowKey="id"
      size={props.size ?? 'middle'}
      columns={props.columns}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Typography.Text type="secondary">{props.t('storedValue.history.empty')}</Typography.Text> }}
      {...props.table}
    />
  );
}
