import { QUERY_VIEWS } from '../../../resources/query-views';
import type { ScreenLoader } from '../manifest';

/**
 * The screen of every query view, keyed `group/entry/screen` as the catalogue names it, for
 * VIEW_SCREENS: the generic view screen, loaded when it is opened (a view without a screen shows
 * only inside a detail, QueryViewPanel).
 */
export const QUERY_VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = Object.fromEntries(
  QUERY_VIEWS.flatMap((view) =>
    view.route.screen
      ? [
          [
            `${view.route.group}/${view.route.entry}/${view.route.screen}`,
            () => import('./query-view-screen').then((m) => ({ default: m.screenOf(view.name) })),
          ],
        ]
      : [],
  ),
);
