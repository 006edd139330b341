/**
 * Screens of declared resources (generic list / form / detail), keyed `group/entry/screen`
 * exactly as the catalogue names them, and the refine resource entries, all derived from
 * RESOURCES: a new declaration appears in the router, the menu and refine with no other code.
 * Hand-made screens go in a domain manifest (VIEW_SCREENS) instead, which wins when both name the same screen.
 *
 * Only plain data is imported here; each loader pulls the generic screens' chunk on demand.
 */
import type { ResourceDef } from '../../resources/define';
import { RESOURCES } from '../../resources/index';
import type { ScreenLoader } from './manifest';
import { refineResourceOf, type GenericView, type RefineResourceEntry } from './generic/resource-routes';

// A screen named for several views (add and edit sharing one form) is drawn by the first.
const VIEW_ORDER: readonly GenericView[] = ['list', 'dtl', 'add', 'edit'];

function loaderOf(resource: ResourceDef, view: GenericView): ScreenLoader {
  return () => import('./generic/screen-factory').then((module) => ({ default: module.screenComponent(resource, view) }));
}

/** The generic screens of some declarations, keyed `group/entry/screen`. */
export function resourceScreens(resources: readonly ResourceDef[]): Record<string, ScreenLoader> {
  const screens: Record<string, ScreenLoader> = {};
  for (const resource of resources) {
    for (const view of VIEW_ORDER) {
      const screen = resource.route.screens[view];
      if (screen === undefined) continue;
      const key = `${resource.route.group}/${resource.route.entry}/${screen}`;
      screens[key] ??= loaderOf(resource, view);
    }
    for (const screen of Object.values(resource.route.detailBy?.screens ?? {})) {
      screens[`${resource.route.group}/${resource.route.entry}/${screen}`] ??= loaderOf(resource, 'dtl');
    }
    const { settings, settingsEdit } = resource.route.screens;
    if (settings !== undefined) {
      screens[`${resource.route.group}/${resource.route.entry}/${settings}`] ??= () =>
        import('./generic/screen-factory').then((module) => ({ default: module.settingsScreenComponent(resource, 'read') }));
    }
    if (settingsEdit !== undefined) {
      screens[`${resource.route.group}/${resource.route.entry}/${settingsEdit}`] ??= () =>
        import('./generic/screen-factory').then((module) => ({ default: module.settingsScreenComponent(resource, 'edit') }));
    }
  }
  return screens;
}

/** Screens of every declared resource. */
export const RESOURCE_SCREENS: Readonly<Record<string, ScreenLoader>> = resourceScreens(RESOURCES);

/** refine's `resources` for `<Refine>`: one entry per declaration, with paths, label key and permissions. */
export function refineResources(resources: readonly ResourceDef[] = RESOURCES): RefineResourceEntry[] {
  return resources.map(refineResourceOf);
}
