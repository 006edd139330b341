import { Table } from 'antd';
import type { Translate } from '../../../fields/field-kind';
import { formatInteger } from '../../../lib/format';
import type { PointsOverview } from '../shared/points-api';

type Row = PointsOverview['topStores'][number] & { readonly rank: number };

/** This month's stores by points issued; entries without a store are one row of their own. */
export function TopStores(props: { readonly t: Translate; readonly stores: PointsOverview['topStores'] }) {
  const { t } = props;
  const rows: Row[] = props.stores.map((store, i) => ({ ...store, rank: i + 1 }));
  return (
    <Table<Row>
      rowKey={(row) => String(row.storeId ?? 'none')}
      size="small"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('score.home.noData') }}
      columns={[
        { key: 'rank', dataIndex: 'rank', title: t('score.home.rank'), width: 64 },
        {
          key: 'store',
          dataIndex: 'storeName',
          title: t('score.home.store'),
          render: (name: string | null, row) => name ?? (row.storeId === null ? t('score.home.noStore') : `#${row.storeId}`),
        },
        {
          key: 'issued',
          dataIndex: 'issued',
          title: t('score.home.points'),
          align: 'right',
          render: (value: number) => formatInteger(value),
        },
      ]}
    />
  );
}
