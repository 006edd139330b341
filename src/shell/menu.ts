/**
 * The menu the signed-in user sees and the routes derived from it. Titles are message keys
 * (`menu.<group>`, `menu.<group>.<entry>`), translated by the server like every other text.
 */
import { visibleMenu, type MenuGroupView } from '../../resources/access';
import { resolvePath, type ScreenRef } from '../../resources/catalog/index';
import { storedGrants, storedSysConfig } from '../../providers/access-control';
import { isImplemented } from '../screens/index';

/** The visible menu of the stored grants and flags; only implemented screens are offered. */
export function currentMenu(): MenuGroupView[] {
  return visibleMenu({ grants: storedGrants(), sysConfig: storedSysConfig(), isImplemented });
}

/** Where a signed-in user starts: the first menu entry, or the no-content page with none. */
export function homePath(menu: readonly MenuGroupView[] = currentMenu()): string {
  return menu[0]?.entries[0]?.path ?? '/no-content';
}

/**
 * True for a click the browser should handle itself (open the link in a new tab or window:
 * Ctrl / Cmd / Shift, or not the main button): the menu and the breadcrumbs then leave it alone.
 */
export function opensElsewhere(event: Pick<MouseEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'button'>): boolean {
  return event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0;
}

/** Where a crumb of the route leads: its group's first entry and its entry, as this user sees them. */
export function crumbPaths(
  ref: Pick<ScreenRef, 'group' | 'entry'>,
  menu: readonly MenuGroupView[] = currentMenu(),
): { group?: string; entry?: string } {
  const group = menu.find((g) => g.group === ref.group);
  return { group: group?.entries[0]?.path, entry: group?.entries.find((e) => e.entry === ref.entry)?.path };
}

/** Message key of a group's title. */
export function groupTitleKey(group: string): string {
  return `menu.${group}`;
}

/** Message key of an entry's title. */
export function entryTitleKey(ref: Pick<ScreenRef, 'group' | 'entry'>): string {
  return `menu.${ref.group}.${ref.entry}`;
}

/** Message key of a screen's title. */
export function screenTitleKey(ref: ScreenRef): string {
  return `screen.${ref.group}.${ref.entry}.${ref.screen}`;
}

/** The menu item (entry path) to highlight for a route, if the route belongs to a menu entry. */
export function selectedMenuPath(args: { readonly menu: readonly MenuGroupView[]; readonly pathname: string }): string | undefined {
  const ref = resolvePath(args.pathname);
  if (!ref) return undefined;
  return args.menu.find((group) => group.group === ref.group)?.entries.find((entry) => entry.entry === ref.entry)?.path;
}
