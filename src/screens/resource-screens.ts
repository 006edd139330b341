/**
 * Screens of declared resources (generic list / form / detail), keyed `group/entry/screen`
 * exactly as the catalogue names them, and the refine resource entries, all derived from the
 * declarations' summaries (declaration-index.ts): a new declaration appears in the router, the
 * menu and refine with no other code. Hand-made screens go in a domain manifest (VIEW_SCREENS)
 * instead, which wins when both name the same screen.
 *
 * Only the summaries are read here; each loader brings the resource's declaration, the generic
 * screens' chunk and the manifests holding the resource's slots, together, when the screen opens.
 */
import type { ResourceDef } from '../../resources/define';
import { loadDeclaration, RESOURCE_SUMMARIES, type ResourceSummary } from './declaration-index';
import type { ScreenLoader } from './manifest';
import { loadManifests, slotDomainsOf } from './manifests';
import { refineResourceOf, type GenericView, type RefineResourceEntry } from './generic/resource-routes';

// A screen named for several views (add and edit sharing one form) is drawn by the first.
const VIEW_ORDER: readonly GenericView[] = ['list', 'dtl', 'add', 'edit'];

/** A declaration, or the summary of one (its declaration is then loaded with its screen). */
export type ScreenSource = ResourceDef | ResourceSummary;

function declarationOf(source: ScreenSource): Promise<ResourceDef> {
  return 'fields' in source ? Promise.resolve(source) : loadDeclaration(source.name);
}

/** The declaration, the screen factory and the resource's slots, loaded at once. */
function withScreenFactory<T>(
  source: ScreenSource,
  make: (factory: typeof import('./generic/screen-factory'), resource: ResourceDef) => T,
) {
  return Promise.all([declarationOf(source), import('./generic/screen-factory'), loadManifests(slotDomainsOf(source))]).then(
    ([resource, factory]) => make(factory, resource),
  );
}

function loaderOf(source: ScreenSource, view: GenericView): ScreenLoader {
  return () => withScreenFactory(source, (factory, resource) => ({ default: factory.screenComponent(resource, view) }));
}

/** The generic screens of some declarations, keyed `group/entry/screen`. */
export function resourceScreens(resources: readonly ScreenSource[]): Record<string, ScreenLoader> {
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
        withScreenFactory(resource, (factory, declaration) => ({ default: factory.settingsScreenComponent(declaration, 'read') }));
    }
    if (settingsEdit !== undefined) {
      screens[`${resource.route.group}/${resource.route.entry}/${settingsEdit}`] ??= () =>
        withScreenFactory(resource, (factory, declaration) => ({ default: factory.settingsScreenComponent(declaration, 'edit') }));
    }
  }
  return screens;
}

/** Screens of every declared resource. */
export const RESOURCE_SCREENS: Readonly<Record<string, ScreenLoader>> = resourceScreens(RESOURCE_SUMMARIES);

/** refine's `resources` for `<Refine>`: one entry per declaration, with its label key and permissions. */
export function refineResources(resources: readonly ScreenSource[] = RESOURCE_SUMMARIES): RefineResourceEntry[] {
  return resources.map(refineResourceOf);
}
