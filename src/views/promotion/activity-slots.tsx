/**
 * The parts the promotion manifest (promotion.manifest.tsx) adds to the generic screens of every
 * activity declaration (the views of the `activity` table inherit them): the simulator button in
 * every activity list's toolbar, "New activity ▾" in each entry's list, and on every activity's
 * detail a simulator that includes that activity whatever its state. Loaded when first drawn.
 */
import { Alert, Button, Drawer, Dropdown, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActivityFamily } from '../../../resources/promotion/activity-kind';
import type { TopUpKind } from '../../../resources/promotion/activity-engine';
import { activities } from '../../../resources/promotion/activity.resource';
import { ACTIVITY_KINDS, activityKind } from '../../../resources/promotion/kinds/index';
import { viewLocation } from '../../screens/generic/resource-routes';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { useTranslate } from '../../screens/generic/use-translate';

const ClaimSimulator = lazy(() => import('./claim-simulator').then((m) => ({ default: m.ClaimSimulator })));
const TopUpSimulator = lazy(() => import('./top-up-simulator').then((m) => ({ default: m.TopUpSimulator })));
const ActivitySimulator = lazy(() => import('./activity-simulator').then((m) => ({ default: m.ActivitySimulator })));

/** The toolbar button that opens the simulator over the list. */
export function SimulateButton() {
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
export function NewByKind(props: { readonly family: ActivityFamily }) {
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

/**
 * The detail's simulator: a sale for a sale kind, a top-up for a top-up kind, a member's claim for
 * a claim kind; member events and exchanges fire where they happen.
 */
export function SimulateTab(props: { readonly record: ApiRecord; readonly t: Translate }) {
  const { record, t } = props;
  const trigger = activityKind(String(record.kind))?.trigger;
  if (trigger === 'topUp')
    return (
      <Suspense fallback={<Skeleton active />}>
        <TopUpSimulator t={t} kind={String(record.kind) as TopUpKind} activityId={Number(record.id)} />
      </Suspense>
    );
  if (trigger === 'claim')
    return (
      <Suspense fallback={<Skeleton active />}>
        <ClaimSimulator t={t} activityId={Number(record.id)} />
      </Suspense>
    );
  return trigger === 'sale' ? (
    <Suspense fallback={<Skeleton active />}>
      <ActivitySimulator t={t} activityIds={[Number(record.id)]} />
    </Suspense>
  ) : (
    <Alert type="info" showIcon message={t('activity.sim.notSale')} />
  );
}
