import type { ResourceDef } from './define';

/**
 * Every declared business object. Adding a resource is writing its `<name>.resource.ts` and
 * adding it to this list; the engine derives everything else.
 */
export const RESOURCES: readonly ResourceDef[] = [
];

/** The declaration of a resource by its API name. */
export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}
