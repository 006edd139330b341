/**
 * The routes inside the main shell, derived from the catalogue (DESIGN "Routes"):
 * - `/<group>` opens the group's default entry (`/member` -> member/home);
 * - `/<group>/<entry>` shows the entry's default screen when that screen is named like the
 *   entry, and otherwise moves to `/<group>/<entry>/<default screen>`;
 * - `/<group>/<entry>/<screen>` shows the screen.
 * Only screens with a component are routed; everything else falls to the not-found page.
 */
import { CATALOG, SHELL_ONLY_ROUTES, defaultEntryOf, defaultScreenOf, type ScreenRef } from '../../resources/catalog/index';
import { screenFor, type ScreenLoader } from '../screens/index';

/** One route of the shell. */
export type ShellRoute =
  | { readonly kind: 'screen'; readonly path: string; readonly screen: ScreenRef; readonly loader: ScreenLoader }
  | { readonly kind: 'redirect'; readonly path: string; readonly to: string }
  | { readonly kind: 'empty'; readonly path: string };

/** Every shell route, given which screens have a component. */
export function buildShellRoutes(find: (ref: ScreenRef) => ScreenLoader | undefined = screenFor): ShellRoute[] {
  const routes: ShellRoute[] = [];
  for (const group of CATALOG) {
    routes.push({ kind: 'redirect', path: `/${group.group}`, to: `/${group.group}/${defaultEntryOf(group).entry}` });
    for (const entry of group.entries) {
      const entryPath = `/${group.group}/${entry.entry}`;
      const fallback = defaultScreenOf(entry);
      const fallbackRef: ScreenRef = { group: group.group, entry: entry.entry, screen: fallback.name };
      const fallbackLoader = find(fallbackRef);
      if (fallbackLoader && fallback.name === entry.entry) {
        routes.push({ kind: 'screen', path: entryPath, screen: fallbackRef, loader: fallbackLoader });
      } else if (fallbackLoader) {
        routes.push({ kind: 'redirect', path: entryPath, to: `${entryPath}/${fallback.name}` });
      }
      for (const screen of entry.screens) {
        const ref: ScreenRef = { group: group.group, entry: entry.entry, screen: screen.name };
        const loader = find(ref);
        if (loader) routes.push({ kind: 'screen', path: `${entryPath}/${screen.name}`, screen: ref, loader });
      }
    }
  }
  for (const path of SHELL_ONLY_ROUTES) routes.push({ kind: 'empty', path });
  return routes;
}
