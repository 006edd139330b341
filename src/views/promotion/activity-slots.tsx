/**
 * What the activity screens add to the generic screens of every activity declaration
 * (src/screens/generic/screen-slots.ts; the views of the `activity` table inherit them): the
 * simulator in every activity list's toolbar, and on every activity's detail a simulator that
 * includes that activity whatever its state, and its effect evaluation. Imported by the
 * activity screens' loaders (activity-screens.ts) before the generic screen renders.
 */
import { Button, Drawer, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { activities } from '../../../resources/promotion/activity.resource';
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

const BASE = activities.base.name;

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
  render: ({ record, t }) => (
    <Suspense fallback={<Skeleton active />}>
      <ActivitySimulator t={t} activityIds={[Number(record.id)]} />
    </Suspense>
  ),
});
