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

function refersTo(source: ResourceRuntime, target: string): boolean {
  return Object.values(source.resource.fields).some(
    (f) =>
      (f.kind === 'relation' && f.resource === target) ||
      (f.kind === 'lines' && Object.values(f.fields).some((lf) => lf.kind === 'relation' && lf.resource === target)),
  );
}

/** True when a list filter of `source` is a relation to `target` (its filter bar picks from it). */
function filtersBy(source: ResourceRuntime, target: string): boolean {
  return Object.values(source.resource.fields).some((f) => f.kind === 'relation' && f.resource === target && f.filter !== undefined);
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
  for (const other of registry.runtimes) {
    if (refersTo(other, runtime.resource.name)) refs.push(...writeRefs(other));
    if (filtersBy(other, runtime.resource.name)) refs.push(...readRefs(other));
  }
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = `${r.resourceId}\u0000${r.action}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
