import { loadQueryView, QUERY_VIEW_SUMMARIES } from '../declaration-index';
import type { ScreenLoader } from '../manifest';

/**
 * The screen of every query view, keyed `group/entry/screen` as the catalogue names it, for
 * VIEW_SCREENS: the generic view screen with the view's declaration, loaded when it is opened (a
 * view without a screen shows only inside a detail, QueryViewPanel).
 */
export const QUERY_VIEW_SCREENS: Readonly<Record<string, ScreenLoader>> = Object.fromEntries(
  QUERY_VIEW_SUMMARIES.flatMap((view) =>
    view.route.screen
      ? [
          [
            `${view.route.group}/${view.route.entry}/${view.route.screen}`,
            () =>
              Promise.all([import('./query-view-screen'), loadQueryView(view.name)]).then(([m, declaration]) => ({
                default: m.screenOf(declaration),
              })),
          ],
        ]
      : [],
  ),
);
