/**
 * Where each generic view of a declared resource lives, and the refine resource entry derived from
 * the declaration. Pure (no React), so the router can read it without loading any screen.
 *
 * A view with its own catalogue screen is a route (`#/<group>/<entry>/<screen>?id=7`); a view
 * without one opens in a drawer over the list, addressed by query parameters
 * (`#/datum/store/store?view=edit&id=7`). The add screen doubles as the edit screen (with `?id=`)
 * when no edit screen is declared, and the other way round.
 */
import type { ResourceDef, StateAction } from '../../../resources/define';
import { findEntry } from '../../../resources/catalog/index';
import type { PermissionRef } from '../../../resources/catalog/types';

/** What a resource's routes derive from: its name and route (a declaration, or its summary: declaration-index.ts). */
export type RoutedResource = Pick<ResourceDef, 'name' | 'route'>;

/** What a resource's permissions derive from: its routes, access and state actions. */
export type PermittedResource = RoutedResource &
  Pick<ResourceDef, 'access'> & {
    readonly states?: { readonly actions?: Readonly<Record<string, Pick<StateAction, 'requires'>>> };
  };

/** The generic views of a resource. */
export type GenericView = 'list' | 'add' | 'edit' | 'dtl';

/** Query parameter naming the view opened in the drawer. */
export const VIEW_PARAM = 'view';
/** Query parameter carrying the record id (drawer and routed views alike). */
export const ID_PARAM = 'id';

/** A place in the hash router. */
export interface ViewLocation {
  readonly pathname: string;
  /** Query string with its `?`, or ''. */
  readonly search: string;
}

/** The catalogue screen that shows a view, if the declaration gives one. */
export function screenOfView(resource: RoutedResource, view: GenericView): string | undefined {
  const screens = resource.route.screens;
  if (view === 'add') return screens.add ?? screens.edit;
  if (view === 'edit') return screens.edit ?? screens.add;
  return screens[view];
}

/** The detail screen `route.detailBy` gives the record by its value, if any. */
function detailScreenOf(resource: RoutedResource, record: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const by = resource.route.detailBy;
  if (by === undefined || record === undefined) return undefined;
  const value = record[by.field];
  return typeof value === 'string' ? by.screens[value] : undefined;
}

/** True when the view opens in a drawer over the list (it has no screen of its own). */
export function opensInDrawer(resource: RoutedResource, view: GenericView): boolean {
  return view !== 'list' && screenOfView(resource, view) === undefined;
}

/** The route path of a catalogue screen of the resource. */
export function screenRoute(resource: RoutedResource, screen: string): string {
  return `/${resource.route.group}/${resource.route.entry}/${screen}`;
}

/**
 * The routes of a settings object: its read screen and, when the declaration names one, its
 * edit screen (undefined: the read screen edits in place).
 */
export function settingsLocations(resource: RoutedResource): { readonly read: string; readonly edit?: string } {
  const { settings, settingsEdit } = resource.route.screens;
  if (settings === undefined) throw new Error(`${resource.name} declares no settings screen`);
  return { read: screenRoute(resource, settings), edit: settingsEdit === undefined ? undefined : screenRoute(resource, settingsEdit) };
}

function query(pairs: readonly (readonly [string, string | number | undefined])[]): string {
  const params = new URLSearchParams();
  for (const [key, value] of pairs) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The record's `route.recordQuery` fields that have a value, as query pairs. */
function recordPairs(
  resource: RoutedResource,
  record: Readonly<Record<string, unknown>> | undefined,
): [string, string | number | undefined][] {
  if (record === undefined) return [];
  return (resource.route.recordQuery ?? []).flatMap((name) => {
    const value = record[name];
    return typeof value === 'string' || typeof value === 'number' ? [[name, value] as [string, string | number]] : [];
  });
}

/**
 * Where a view of a record (or of no record, for list and add) is opened. Given the record, a
 * routed edit or detail screen also carries its `route.recordQuery` fields for the route guard.
 */
export function viewLocation(
  resource: RoutedResource,
  view: GenericView,
  id?: string | number,
  record?: Readonly<Record<string, unknown>>,
): ViewLocation {
  const list = resource.route.screens.list;
  if (opensInDrawer(resource, view)) {
    if (list === undefined) throw new Error(`${resource.name} has neither a ${view} screen nor a list to open it over`);
    return {
      pathname: screenRoute(resource, list),
      search: query([
        [VIEW_PARAM, view],
        [ID_PARAM, id],
      ]),
    };
  }
  const screen = (view === 'dtl' ? detailScreenOf(resource, record) : undefined) ?? screenOfView(resource, view);
  if (screen === undefined) throw new Error(`${resource.name} declares no ${view} screen`);
  if (view === 'list' || view === 'add') return { pathname: screenRoute(resource, screen), search: '' };
  return { pathname: screenRoute(resource, screen), search: query([[ID_PARAM, id], ...recordPairs(resource, record)]) };
}

/** Query parameter of an add form filled from a record (`?copy=7`): see `ResourceDef.copyable`. */
export const COPY_PARAM = 'copy';

/** Where the add form filled from record `id` opens (its add screen, or a drawer over the list). */
export function copyLocation(resource: RoutedResource, id: string | number): ViewLocation {
  const add = viewLocation(resource, 'add');
  const params = new URLSearchParams(add.search);
  params.set(COPY_PARAM, String(id));
  return { pathname: add.pathname, search: `?${params.toString()}` };
}

/** The query parameter of the values an add form starts with (JSON: `?values={"lines":[{"member":7}]}`). */
export const PREFILL_PARAM = 'values';

/** Where the add form filled with `values` opens (a task one click away: the member's "Adjust points"). */
export function prefillLocation(resource: RoutedResource, values: Readonly<Record<string, unknown>>): ViewLocation {
  const add = viewLocation(resource, 'add');
  const params = new URLSearchParams(add.search);
  params.set(PREFILL_PARAM, JSON.stringify(values));
  return { pathname: add.pathname, search: `?${params.toString()}` };
}

/** The values an add form starts with, from its url; undefined when none (or not a JSON object). */
export function prefillOf(params: URLSearchParams): Readonly<Record<string, unknown>> | undefined {
  const raw = params.get(PREFILL_PARAM);
  if (raw === null) return undefined;
  try {
    const values: unknown = JSON.parse(raw);
    return typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Record<string, unknown>) : undefined;
  } catch {
    // A hand-edited url: the form starts with its defaults.
    return undefined;
  }
}

/** The href of a view, for links (`/datum/store/store?view=dtl&id=7`). */
export function viewHref(resource: RoutedResource, view: GenericView, id?: string | number): string {
  const location = viewLocation(resource, view, id);
  return `${location.pathname}${location.search}`;
}

/** The refine actions the generic screens ask the access control provider about. */
export const REFINE_ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'export', 'import'] as const;

/** The permission a state action needs: its own, or the resource's write action. */
export function stateActionPermission(
  resource: Pick<ResourceDef, 'access'>,
  action: Pick<StateAction, 'requires'>,
): PermissionRef['action'] {
  return action.requires ?? resource.access.write;
}

/**
 * Requirements of each refine action and state action (any one passes), read by
 * providers/access-control.ts from `meta.permissionsFor`. An entry whose permission is split
 * over sub-resources (card templates: one resource per card type, the entry's own path never
 * granted) accepts the action on any sub-resource that offers it, as the server's routes do; the
 * server then holds each call to the record's own sub-resource.
 */
export function permissionsFor(resource: PermittedResource): Record<string, PermissionRef[]> {
  const entry = findEntry(resource.route.group, resource.route.entry);
  if (entry === undefined) return {};
  const refs = (actions: readonly PermissionRef['action'][]): PermissionRef[] =>
    actions.flatMap((action) => [
      { resourceId: entry.resourceId, action },
      ...(entry.subResources ?? []).filter((sub) => sub.actions.includes(action)).map((sub) => ({ resourceId: sub.resourceId, action })),
    ]);
  const read = refs(resource.access.read);
  const write = refs([resource.access.write]);
  const result: Record<string, PermissionRef[]> = {
    list: read,
    show: read,
    export: read,
    create: write,
    edit: write,
    delete: write,
    import: write,
  };
  for (const [name, action] of Object.entries(resource.states?.actions ?? {})) {
    result[name] = refs([stateActionPermission(resource, action)]);
  }
  return result;
}

/**
 * A refine resource entry (`<Refine resources>`), as plain data: the name and what the providers
 * read, without routes. The console's router is the catalogue's (shell-routes.ts) and no screen
 * navigates through refine; given routes, refine would match the location against every
 * route of every declaration on each of its hook calls (a page of a list makes hundreds), which
 * was most of a list's script time on a tablet.
 */
export interface RefineResourceEntry {
  readonly name: string;
  readonly meta: {
    /** i18n key of the resource's name (`res.<name>`); translate before showing. */
    readonly label: string;
    /** The catalogue entry's permission resource. */
    readonly resourceId?: string;
    /** Requirements per action, for the access control provider. */
    readonly permissionsFor: Record<string, PermissionRef[]>;
    /** The declaration's API name: the data provider's endpoint. */
    readonly endpoint: string;
  };
}

/** The refine resource entry of a declaration. */
export function refineResourceOf(resource: PermittedResource): RefineResourceEntry {
  return {
    name: resource.name,
    meta: {
      label: `res.${resource.name}`,
      resourceId: findEntry(resource.route.group, resource.route.entry)?.resourceId,
      permissionsFor: permissionsFor(resource),
      endpoint: resource.name,
    },
  };
}
