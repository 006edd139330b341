/**
 * refine's `resources`, filled when the console's routes load (shell/console-routes.tsx): they
 * are derived from every declaration, which the login page does not load. Until then refine has
 * none, and nothing before the console asks for one.
 */
import { useSyncExternalStore } from 'react';
import type { RefineResourceEntry } from '../screens/generic/resource-routes';

let current: readonly RefineResourceEntry[] = [];
const listeners = new Set<() => void>();

/** Hands refine the resource entries (once, when the console's chunk has loaded). */
export function setRefineResources(entries: readonly RefineResourceEntry[]): void {
  current = entries;
  for (const listener of listeners) listener();
}

/** The resource entries for `<Refine resources>`; re-renders when they arrive. */
export function useRefineResources(): RefineResourceEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  ) as RefineResourceEntry[];
}
