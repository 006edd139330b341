/**
 * What the stored-value screens add to other screens' slots (src/screens/generic/screen-slots.ts):
 * the member detail's stored-value tab, and the same tab on the inquiry's account detail. Only
 * users who may read stored-value accounts see it (the server checks its reads anyway). The tab's
 * code is fetched when it is first shown. Imported by the screens whose details carry it.
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { PermissionRef } from '../../../resources/catalog/types';
import { registerDetailTab, type DetailTabArgs } from '../../screens/generic/screen-slots';

const MemberValueTab = lazy(() => import('./member-value-tab'));

/** The grant of the stored-value inquiry: reading accounts. */
export const READ_ACCOUNTS: PermissionRef = { resourceId: '储值/储值查询', action: '账户信息查看' };

const tab = (memberOf: (args: DetailTabArgs) => number) => ({
  key: 'storedValue',
  title: 'storedValue.tab.title',
  requires: READ_ACCOUNTS,
  render: (args: DetailTabArgs) => (
    <Suspense fallback={<Skeleton active />}>
      <MemberValueTab memberId={memberOf(args)} t={args.t} />
    </Suspense>
  ),
});

registerDetailTab(
  'member',
  tab(({ record }) => Number(record.id)),
);
registerDetailTab(
  'store-value-query',
  tab(({ record }) => Number(record.memberId)),
);
