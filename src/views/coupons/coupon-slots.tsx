/**
 * What the coupon screens add to other screens' slots (src/screens/generic/screen-slots.ts): the
 * member detail's coupons tab, offered only to users who may read the coupon list (券/券查询 ·
 * 数据查看; the server checks its reads anyway). The tab's code is fetched when it is first shown.
 * Imported by the member detail.
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { PermissionRef } from '../../../resources/catalog/types';
import { registerDetailTab } from '../../screens/generic/screen-slots';

const MemberCouponsTab = lazy(() => import('./member-coupons-tab'));

/** The grant of the coupon inquiry: reading coupons. */
export const READ_COUPONS: PermissionRef = { resourceId: '券/券查询', action: '数据查看' };

registerDetailTab('member', {
  key: 'coupons',
  title: 'coupons.tab.title',
  requires: READ_COUPONS,
  render: ({ record, t }) => (
    <Suspense fallback={<Skeleton active />}>
      <MemberCouponsTab memberId={Number(record.id)} t={t} />
    </Suspense>
  ),
});
