import type { PermissionRef } from '../../resources/catalog/types';
import type { StateAction } from '../../resources/define';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';

/**
 * The `config.requires` of each derived route (DESIGN.md §4): the catalogue entry's resourceId
 * with the declaration's read actions (any of them) or its write action; a state action may
 * name its own action; server hooks may replace both lists for record-dependent permissions.
 */

/** Query and info: any read action. */
export function readRefs(runtime: ResourceRuntime): readonly PermissionRef[] {
  return runtime.hooks.requires?.read ?? runtime.resource.access.read.map((action) => ({ resourceId: runtime.resourceId, action }));
}

/** saveNew, modify, delete and state actions without their own requirement. */
export function writeRefs(runtime: ResourceRuntime): readonly PermissionRef[] {
  return runtime.hooks.requires?.write ?? [{ resourceId: runtime.resourceId, action: runtime.resource.access.write }];
}

/** A state action: its own action when it names one, else the write action. */
export function actionRefs(runtime: ResourceRuntime, action: StateAction): readonly PermissionRef[] {
  return action.requires ? [{ resourceId: runtime.resourceId, action: action.requires }] : writeRefs(runtime);
}

/**
 * The resources a runtime's fields pick from: any relation and any text that looks a record up
 * (its form), and its list filters' relations.
 */
interface Picks {
  readonly refers: ReadonlySet<string>;
  readonly filters: ReadonlySet<string>;
}

function picksOf(source: ResourceRuntime): Picks {
  const refers = new Set<string>();
  const filters = new Set<string>();
  for (const f of Object.values(source.resource.fields)) {
    if (f.kind === 'relation') {
      refers.add(f.resource);
      if (f.filter !== undefined) filters.add(f.resource);
    }
    if (f.kind === 'text' && f.lookup) refers.add(f.lookup.resource);
    if (f.kind === 'lines')
      for (const lf of Object.values(f.fields)) {
        if (lf.kind === 'relation') refers.add(lf.resource);
        if (lf.kind === 'text' && lf.lookup) refers.add(lf.lookup.resource);
      }
  }
  return { refers, filters };
}

// Read once per registry: every resource's picker asks about every other resource.
const picksByRegistry = new WeakMap<EngineRegistry, ReadonlyMap<ResourceRuntime, Picks>>();

function registryPicks(registry: EngineRegistry): ReadonlyMap<ResourceRuntime, Picks> {
  let picks = picksByRegistry.get(registry);
  if (!picks) {
    picks = new Map(registry.runtimes.map((runtime) => [runtime, picksOf(runtime)]));
    picksByRegistry.set(registry, picks);
  }
  return picks;
}

/**
 * The relation picker: whoever may read the resource, whoever may write a resource whose form
 * picks from it (a store editor picks an area without holding the area screen), and whoever may
 * read a resource whose list filter picks from it (a member list reader filters by level
 * without holding the level screen).
 */
export function optionsRefs(runtime: ResourceRuntime, registry: EngineRegistry): readonly PermissionRef[] {
  // Reading needs no grant (level materials, §6): neither does picking.
  if (readRefs(runtime).length === 0) return [];
  const refs = [...readRefs(runtime), ...writeRefs(runtime)];
  for (const [other, picks] of registryPicks(registry)) {
    if (picks.refers.has(runtime.resource.name)) refs.push(...writeRefs(other));
    if (picks.filters.has(runtime.resource.name)) refs.push(...readRefs(other));
  }
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = `${r.resourceId}\u0000${r.action}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
