/**
 * The activity screens for VIEW_SCREENS (src/screens/registry.ts). Only loaders here: each
 * screen's code is fetched when it is opened.
 *
 * - Every list and detail of an activity declaration (resources/promotion) is the generic one,
 *   loaded after `activity-slots.tsx` registered the simulator and the evaluation.
 * - score-activity/score-activity-add chooses the kind; the two evaluation screens of the
 *   catalogue pick an activity of their entry.
 */
import { activities } from '../../../resources/promotion/activity.resource';
import type { ScreenLoader } from '../../screens/registry';

const withSlots =
  (resource: (typeof activities.resources)[number], view: 'list' | 'dtl'): ScreenLoader =>
  () =>
    Promise.all([import('./activity-slots'), import('../../screens/generic/screen-factory')]).then(([, factory]) => ({
      default: factory.screenComponent(resource, view),
    }));

const generic: Record<string, ScreenLoader> = {};
for (const resource of activities.resources) {
  for (const view of ['list', 'dtl'] as const) {
    const screen = resource.route.screens[view];
    if (screen !== undefined) generic[`${resource.route.group}/${resource.route.entry}/${screen}`] ??= withSlots(resource, view);
  }
}

/** Activity screens by `group/entry/screen`. */
export const ACTIVITY_VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  ...generic,
  'promotion/score-init/score-init': () => import('./score-init-screen'),
  'promotion/score-activity/score-activity-add': () =>
    Promise.all([import('./activity-slots'), import('./activity-kind-chooser')]).then(([, m]) => ({
      default: m.kindChooserScreen('SCORE_ACTIVITY'),
    })),
  'promotion/coupon-active/score-activity-eval': () =>
    import('./activity-evaluation-screen').then((m) => ({ default: m.evaluationScreen('COUPON_ACTIVE') })),
  'promotion/invite-gift/effect-evaluate': () =>
    import('./activity-evaluation-screen').then((m) => ({ default: m.evaluationScreen('INVITE_GIFT') })),
};
