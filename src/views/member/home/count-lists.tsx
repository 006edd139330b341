import { Space, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { EnumField } from '../../../../resources/define';
import { memberResource } from '../../../../resources/member/member.resource';
import type { FieldContext, Translate } from '../../../fields/field-kind';
import { fieldContext } from '../../../fields/field-kinds';
import { enumLabel, enumTag } from '../../../fields/kinds/choice.kind';
import { ShareBar } from '../../../components/share-bar';
import { formatInteger } from '../../../lib/format';
import type { MemberOverview } from '../shared/member-api';

interface CountRow {
  readonly key: string;
  readonly label: ReactNode;
  /** The label as text (the share bar's name). */
  readonly name: string;
  readonly count: number;
}

/** Rows of a label, a share bar and a count. */
function CountTable(props: { readonly rows: readonly CountRow[]; readonly total: number; readonly t: Translate; readonly testId: string }) {
  return (
    <Table<CountRow>
      rowKey="key"
      size="small"
      pagination={false}
      showHeader={false}
      dataSource={[...props.rows]}
      data-testid={props.testId}
      columns={[
        { key: 'label', dataIndex: 'label', width: 140 },
        {
          key: 'share',
          render: (_: unknown, row) => <ShareBar part={row.count} whole={props.total} label={row.name} />,
        },
        {
          key: 'count',
          dataIndex: 'count',
          align: 'right',
          width: 90,
          render: (n: number) => <Typography.Text strong>{formatInteger(n)}</Typography.Text>,
        },
      ]}
    />
  );
}

/** Members by state, with the state tags of the member declaration. */
export function StateCounts(props: { readonly overview: MemberOverview; readonly t: Translate }) {
  const ctx = fieldContext({ resource: memberResource, name: 'state', t: props.t }) as FieldContext<EnumField>;
  const rows = props.overview.byState.map((s) => ({
    key: s.state,
    label: enumTag(ctx, s.state),
    name: enumLabel(ctx, s.state),
    count: s.count,
  }));
  return <CountTable rows={rows} total={props.overview.total} t={props.t} testId="member-state-counts" />;
}

/** Members by level, in level order; members without a level last. */
export function LevelCounts(props: { readonly overview: MemberOverview; readonly t: Translate }) {
  const rows = props.overview.byLevel.map((l) => {
    const name = l.levelName ?? props.t('member.home.noLevel');
    return { key: String(l.levelId ?? 'none'), label: <Space>{name}</Space>, name, count: l.count };
  });
  return <CountTable rows={rows} total={props.overview.total} t={props.t} testId="member-level-counts" />;
}

/** The stores that registered most members in the last 30 days; online channels are one row. */
export function TopStores(props: { readonly overview: MemberOverview; readonly t: Translate }) {
  const { t } = props;
  const rows = props.overview.topStores.map((s, i) => ({ ...s, rank: i + 1 }));
  return (
    <Table
      rowKey={(row) => String(row.storeId ?? 'none')}
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'rank', dataIndex: 'rank', title: '#', width: 48 },
        {
          key: 'store',
          dataIndex: 'storeName',
          title: t('member.home.store'),
          render: (name: string | null, row: (typeof rows)[number]) =>
            name ?? (row.storeId === null ? t('member.home.noStore') : `#${row.storeId}`),
        },
        { key: 'count', dataIndex: 'count', title: t('member.home.count'), align: 'right', render: (n: number) => formatInteger(n) },
      ]}
    />
  );
}
