/**
 * The coupon inquiry (coupons/coupon-list/coupon-list): the generic list of issued coupons with,
 * in its toolbar, how many coupons the current search holds in each state (未生效 / 未使用 / 已使用
 * / 已过期 / 已作废; coupon-state-counts.tsx).
 */
import { App } from 'antd';
import { useContext, useMemo } from 'react';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import { ResourceList } from '../../screens/generic/list-screen';
import { ListSlotsContext, type ListSlots } from '../../screens/generic/list-slots';
import { useTranslate } from '../../screens/generic/use-translate';
import { CouponStateCounts } from './coupon-state-counts';

export default function CouponListScreen() {
  const outer = useContext(ListSlotsContext);
  const t = useTranslate();
  const slots = useMemo<ListSlots>(
    () => ({
      ...outer,
      toolbar: (args) => (
        <>
          <CouponStateCounts search={args.request} t={t} />
          {outer.toolbar?.(args)}
        </>
      ),
    }),
    [outer, t],
  );
  return (
    <App component={false}>
      <ListSlotsContext.Provider value={slots}>
        <ResourceList resource={couponResource} />
      </ListSlotsContext.Provider>
    </App>
  );
}
