/**
 * A member's coupons (the member detail's tab): how many they hold in each state, their latest
 * coupons (code, template, state as time shows it, validity, source, when used) and a link to
 * the coupon list filtered to the member. Loaded on demand (coupon-slots.tsx).
 */
import { Button, Card, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import { labelKey, optionKey } from '../../../resources/define';
import { apiPost } from '../../../providers/http';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { EMPTY_DISPLAY } from '../../lib/format';
import { LIST_PARAMS } from '../../screens/generic/list-url-state';
import { viewHref } from '../../screens/generic/resource-routes';
import { CouponStateCounts } from './coupon-state-counts';

/** Coupons the tab lists (the newest first); the rest are one click away in the list. */
const RECENT = 10;

type Titles = Record<string, Record<string, string> | undefined>;

/** The coupon list showing only this member's coupons. */
export function memberCouponsHref(memberId: number): string {
  return `${viewHref(couponResource, 'list')}?${LIST_PARAMS.filter}=${encodeURIComponent(JSON.stringify({ member: memberId }))}`;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? EMPTY_DISPLAY : String(value));

export default function MemberCouponsTab(props: { readonly memberId: number; readonly t: Translate }) {
  const { t, memberId } = props;
  const navigate = useNavigate();
  const recent = useRemote(
    () =>
      apiPost<{ total: number; records: ApiRecord[] }>(`/v1/${couponResource.name}/query`, {
        data: { filters: { member: memberId }, sorters: [{ field: 'issuedAt', order: 'desc' }], page: 1, pageSize: RECENT },
      }),
    String(memberId),
  );
  useLoadError(recent.error);
  const label = (name: string) => t(labelKey(couponResource.name, name));
  const option = (name: 'state' | 'source', value: unknown) => {
    const options = couponResource.fields[name].options as Record<string, { color?: string }>;
    const key = String(value);
    return options[key] ? <Tag color={options[key].color}>{t(optionKey(couponResource.name, name, key))}</Tag> : text(value);
  };
  const columns = [
    { key: 'code', title: label('code'), dataIndex: 'code' },
    {
      key: 'template',
      title: label('template'),
      render: (_: unknown, row: ApiRecord) => (row._titles as Titles | undefined)?.template?.[String(row.template)] ?? text(row.template),
    },
    { key: 'state', title: label('state'), render: (_: unknown, row: ApiRecord) => option('state', row.state) },
    {
      key: 'validity',
      title: t('coupons.tab.validity'),
      render: (_: unknown, row: ApiRecord) => `${text(row.validFrom)} ~ ${text(row.validTo)}`,
    },
    { key: 'source', title: label('source'), render: (_: unknown, row: ApiRecord) => option('source', row.source) },
    { key: 'usedAt', title: label('usedAt'), render: (_: unknown, row: ApiRecord) => text(row.usedAt) },
  ];
  return (
    <Card
      size="small"
      title={<CouponStateCounts search={{ filters: { member: memberId } }} t={t} />}
      extra={
        <Button type="link" onClick={() => navigate(memberCouponsHref(memberId))}>
          {t('coupons.tab.all')}
          {recent.data ? ` (${recent.data.total})` : ''}
        </Button>
      }
    >
      <Table<ApiRecord>
        data-testid="member-coupons"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={recent.data?.records}
        loading={recent.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('coupons.tab.empty') }}
      />
    </Card>
  );
}
