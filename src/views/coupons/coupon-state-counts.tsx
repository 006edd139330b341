/**
 * How many coupons a search holds in each state (未生效 / 未使用 / 已使用 / 已过期 / 已作废): the
 * coupon list's own query with the state filter set, read with a page of one record, so a count
 * follows every filter, the keyword and the states that follow time. Shown in coupon-list's
 * toolbar and on the member detail's coupons tab.
 */
import { Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import type { QueryFilters } from '../../../providers/data';
import { optionKey } from '../../../resources/define';
import { apiPost } from '../../../providers/http';
import type { Translate } from '../../fields/field-kind';

/** The states a reader tells apart (ISSUED is stored, never shown: time decides). */
export const SHOWN_STATES = ['NOT_STARTED', 'UNUSED', 'USED', 'EXPIRED', 'VOIDED'] as const;

/** The search whose coupons are counted. */
export interface CountedSearch {
  readonly filters: QueryFilters;
  readonly keyword?: string;
}

export function CouponStateCounts(props: { readonly search: CountedSearch; readonly t: Translate }) {
  const { t } = props;
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const key = JSON.stringify(props.search);
  useEffect(() => {
    let live = true;
    const asked = JSON.parse(key) as CountedSearch;
    void Promise.all(
      SHOWN_STATES.map((state) =>
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
    <Space size={4} wrap data-testid="coupon-state-counts">
      {SHOWN_STATES.map((state) => (
        <Tag key={state} color={options[state].color}>
          {t(optionKey(couponResource.name, 'state', state))} {counts ? counts[state] : '-'}
        </Tag>
      ))}
    </Space>
  );
}
