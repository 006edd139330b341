/**
 * What the shell knows of every declaration before any is loaded (issue 30): each resource's and
 * query view's name, route, permissions and a loader of its module, from the generated
 * `declaration-index.generated.ts` (`npm run declarations:index`; `tests/unit/declaration-index.test.ts`
 * fails while it is stale). The router, the menu, refine's resources and the access checks read
 * this summary; a screen's declaration loads with the screen, so the first list does not carry
 * every declaration of the product.
 *
 * The declarations themselves are kept here once loaded: `declarationOf` answers at once for a
 * loaded one, `useDeclaration` loads one a component needs (a related list's, a picker's) and
 * draws again when it has come.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { ResourceDef } from '../../resources/define';
import type { QueryViewDef } from '../../resources/query-view';
import { QUERY_VIEW_SUMMARIES, RESOURCE_SUMMARIES } from './declaration-index.generated';

/** A module of `resources/` as the loaders answer it. */
export type DeclarationModule = Readonly<Record<string, unknown>>;

/** What the shell knows of a declared resource without loading it. */
export interface ResourceSummary extends Pick<ResourceDef, 'name' | 'route' | 'access' | 'viewOf'> {
  /** The state actions' permissions, as `permissionsFor` reads them. */
  readonly states?: { readonly actions?: Readonly<Record<string, { readonly requires?: ResourceDef['access']['write'] }>> };
  /** The export of its module that holds it (itself, a list of them, or a kinds declaration's `resources`). */
  readonly from: string;
  /** Loads its module. */
  readonly load: () => Promise<DeclarationModule>;
}

/** What the shell knows of a query view without loading it. */
export interface QueryViewSummary extends Pick<QueryViewDef, 'name' | 'route' | 'access'> {
  readonly from: string;
  readonly load: () => Promise<DeclarationModule>;
}

const RESOURCE_BY_NAME = new Map<string, ResourceSummary>(RESOURCE_SUMMARIES.map((summary) => [summary.name, summary]));
const VIEW_BY_NAME = new Map<string, QueryViewSummary>(QUERY_VIEW_SUMMARIES.map((summary) => [summary.name, summary]));

/** The summary of a declared resource by its API name. */
export function summaryOf(name: string): ResourceSummary | undefined {
  return RESOURCE_BY_NAME.get(name);
}

/** The summary of a query view by its API name. */
export function queryViewSummaryOf(name: string): QueryViewSummary | undefined {
  return VIEW_BY_NAME.get(name);
}

function isNamed(value: unknown, name: string, shape: 'resource' | 'view'): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.name === name && (shape === 'resource' ? 'fields' in record && 'table' in record : 'columns' in record && 'key' in record);
}

/**
 * The declaration named `name` in an export: the export itself, one of a list (or a list's
 * entry's `view`, as the card activity reports are listed), or one of a kinds declaration's
 * `resources`.
 */
export function pickDeclaration(exported: unknown, name: string, shape: 'resource' | 'view'): unknown {
  if (isNamed(exported, name, shape)) return exported;
  const within = (list: readonly unknown[]) =>
    list.find((item) => isNamed(item, name, shape)) ??
    list.map((item) => (item as { view?: unknown } | null)?.view).find((item) => isNamed(item, name, shape));
  if (Array.isArray(exported)) return within(exported);
  const resources = (exported as { resources?: unknown } | null)?.resources;
  return Array.isArray(resources) ? within(resources) : undefined;
}

const resources = new Map<string, ResourceDef>();
const views = new Map<string, QueryViewDef>();
const pending = new Map<string, Promise<unknown>>();
const listeners = new Set<() => void>();
let version = 0;

function loadOne<T>(args: {
  readonly name: string;
  readonly key: string;
  readonly summary: ResourceSummary | QueryViewSummary | undefined;
  readonly kept: Map<string, T>;
  readonly shape: 'resource' | 'view';
}): Promise<T> {
  const { summary, kept, shape } = args;
  if (!summary) return Promise.reject(new Error(`no declared ${shape} ${args.name}`));
  const done = kept.get(summary.name);
  if (done) return Promise.resolve(done);
  let loading = pending.get(args.key) as Promise<T> | undefined;
  if (!loading) {
    loading = summary.load().then((module) => {
      const found = pickDeclaration(module[summary.from], summary.name, shape) as T | undefined;
      if (!found) throw new Error(`${summary.from} holds no ${shape} ${summary.name}`);
      kept.set(summary.name, found);
      version += 1;
      for (const listener of listeners) listener();
      return found;
    });
    // A failed load (a chunk of an older deployment) may be tried again.
    loading.catch(() => pending.delete(args.key));
    pending.set(args.key, loading);
  }
  return loading;
}

/** Loads a resource's declaration (once). */
export function loadDeclaration(name: string): Promise<ResourceDef> {
  return loadOne({ name, key: `resource:${name}`, summary: summaryOf(name), kept: resources, shape: 'resource' });
}

/** Loads a query view's declaration (once). */
export function loadQueryView(name: string): Promise<QueryViewDef> {
  return loadOne({ name, key: `view:${name}`, summary: queryViewSummaryOf(name), kept: views, shape: 'view' });
}

/** A resource's declaration if it has been loaded. */
export function declarationOf(name: string): ResourceDef | undefined {
  return resources.get(name);
}

/** A query view's declaration if it has been loaded. */
export function queryViewOf(name: string): QueryViewDef | undefined {
  return views.get(name);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentVersion = () => version;

function useLoaded<T>(
  name: string | undefined,
  known: (name: string) => boolean,
  kept: (name: string) => T | undefined,
  load: (name: string) => Promise<T>,
) {
  useSyncExternalStore(subscribe, currentVersion, currentVersion);
  const found = name === undefined ? undefined : kept(name);
  const wanted = name !== undefined && found === undefined && known(name);
  useEffect(() => {
    if (wanted) load(name).catch((error: unknown) => console.error(error));
  }, [wanted, name, load]);
  return found;
}

/**
 * A resource's declaration for a component: undefined until it has loaded (the component draws
 * again then), and for a name that is no declared resource.
 */
export function useDeclaration(name: string | undefined): ResourceDef | undefined {
  return useLoaded(name, (n) => RESOURCE_BY_NAME.has(n), declarationOf, loadDeclaration);
}

/** A query view's declaration for a component, as {@link useDeclaration}. */
export function useQueryView(name: string | undefined): QueryViewDef | undefined {
  return useLoaded(name, (n) => VIEW_BY_NAME.has(n), queryViewOf, loadQueryView);
}

export { QUERY_VIEW_SUMMARIES, RESOURCE_SUMMARIES };
