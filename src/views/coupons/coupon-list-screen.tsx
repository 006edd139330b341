/**
 * The coupon inquiry (coupons/coupon-list/coupon-list): the generic list of issued coupons with,
 * in its toolbar, how many coupons the current search holds in each state (未生效 / 未使用 / 已使用
 * / 已过期 / 已作废). Each count is the list's own query with the state filter set, read with a
 * page of one record, so it follows every filter, the keyword and the states that follow time.
 */
import { App, Space, Tag } from 'antd';
import { useContext, useEffect, useMemo, useState } from 'react';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import { optionKey } from '../../../resources/define';
import { apiPost } from '../../../providers/http';
import { ResourceList } from '../../screens/generic/list-screen';
import { ListSlotsContext, type ListSlots, type ListToolbarArgs } from '../../screens/generic/list-slots';
import { useTranslate } from '../../screens/generic/use-translate';

const STATES = ['NOT_STARTED', 'UNUSED', 'USED', 'EXPIRED', 'VOIDED'] as const;

function StateCounts({ request }: { request: ListToolbarArgs['request'] }) {
  const t = useTranslate();
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const key = JSON.stringify(request);
  useEffect(() => {
    let live = true;
    const asked = JSON.parse(key) as ListToolbarArgs['request'];
    void Promise.all(
      STATES.map((state) =>
        apiPost<{ total: number }>(`/v1/${couponResource.name}/query`, {
          data: { filters: { ...asked.filters, state: [state] }, keyword: asked.keyword, page: 1, pageSize: 1 },
        }).then((page) => [state, page.total] as const),
      ),
    )
      .then((pairs) => live && setCounts(Object.fromEntries(pairs)))
      .catch(() => live && setCounts(null));
    return () => {
      live = false;
    };
  }, [key]);
  const options = couponResource.fields.state.options;
  return (
    <Space size={4} data-testid="coupon-state-counts">
      {STATES.map((state) => (
        <Tag key={state} color={options[state].color}>
          {t(optionKey(couponResource.name, 'state', state))} {counts ? counts[state] : '-'}
        </Tag>
      ))}
    </Space>
  );
}

export default function CouponListScreen() {
  const outer = useContext(ListSlotsContext);
  const slots = useMemo<ListSlots>(
    () => ({
      ...outer,
      toolbar: (args) => (
        <>
          <StateCounts request={args.request} />
          {outer.toolbar?.(args)}
        </>
      ),
    }),
    [outer],
  );
  return (
    <App component={false}>
      <ListSlotsContext.Provider value={slots}>
        <ResourceList resource={couponResource} />
      </ListSlotsContext.Provider>
    </App>
  );
}
