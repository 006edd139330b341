/**
 * What the activity screens add to the generic screens of every activity declaration
 * (src/screens/generic/screen-slots.ts; the views of the `activity` table inherit them): the
 * simulator in every activity list's toolbar, and on every activity's detail a simulator that
 * includes that activity whatever its state, and its effect evaluation. Imported by the
 * activity screens' loaders (activity-screens.ts) before the generic screen renders.
 */
import { Alert, Button, Drawer, Dropdown, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { findEntry } from '../../../resources/catalog/index';
import { ACTIVITY_FAMILIES, type ActivityFamily } from '../../../resources/promotion/activity-kind';
import { activities, familyViewName } from '../../../resources/promotion/activity.resource';
import { ACTIVITY_KINDS, activityKind } from '../../../resources/promotion/kinds/index';
import { viewLocation } from '../../screens/generic/resource-routes';
import { registerDetailTab, registerListAction } from '../../screens/generic/screen-slots';
import { useTranslate } from '../../screens/generic/use-translate';

const ActivitySimulator = lazy(() => import('./activity-simulator').then((m) => ({ default: m.ActivitySimulator })));
const ActivityEvaluation = lazy(() => import('./activity-evaluation').then((m) => ({ default: m.ActivityEvaluation })));

/** The toolbar button that opens the simulator over the list. */
function SimulateButton() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('activity.sim.open')}</Button>
      {open ? (
        <Drawer open title={t('activity.sim.title')} width={880} destroyOnHidden onClose={() => setOpen(false)}>
          <Suspense fallback={<Skeleton active />}>
            <ActivitySimulator t={t} />
          </Suspense>
        </Drawer>
      ) : null}
    </>
  );
}

/** "New activity ▾": the add screens of the entry's kinds (each kind has its own form). */
function NewByKind(props: { readonly family: ActivityFamily }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const kinds = ACTIVITY_KINDS.filter((k) => k.family === props.family && activities.kinds[k.value]?.route.screens.add !== undefined);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: kinds.map((k) => ({ key: k.value, label: t(`res.activity.kind.${k.value}`) })),
        onClick: ({ key }) => navigate(viewLocation(activities.kinds[key], 'add')),
      }}
    >
      <Button type="primary">{t('activity.newKind')}</Button>
    </Dropdown>
  );
}

const BASE = activities.base.name;

for (const family of Object.keys(ACTIVITY_FAMILIES) as ActivityFamily[]) {
  const view = activities.resources.find((r) => r.name === familyViewName(family));
  const entry = findEntry('promotion', ACTIVITY_FAMILIES[family].entry);
  if (!view || !entry) continue;
  registerListAction(view.name, {
    key: 'new-by-kind',
    requires: { resourceId: entry.resourceId, action: '配置维护' },
    render: () => <NewByKind family={family} />,
  });
}

registerListAction(BASE, { key: 'simulate', render: () => <SimulateButton /> });
registerDetailTab(BASE, {
  key: 'evaluation',
  title: 'activity.eval.tab',
  render: ({ record, t }) => (
    <Suspense fallback={<Skeleton active />}>
      <ActivityEvaluation activityId={Number(record.id)} t={t} />
    </Suspense>
  ),
});
registerDetailTab(BASE, {
  key: 'simulate',
  title: 'activity.sim.open',
  // Only a sale fires a sale kind; member events and exchanges fire where they happen.
  render: ({ record, t }) =>
    activityKind(String(record.kind))?.trigger === 'sale' ? (
      <Suspense fallback={<Skeleton active />}>
        <ActivitySimulator t={t} activityIds={[Number(record.id)]} />
      </Suspense>
    ) : (
      <Alert type="info" showIcon message={t('activity.sim.notSale')} />
    ),
});
