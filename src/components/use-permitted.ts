import { useCanWithoutCache } from '@refinedev/core';
import { useContext, useEffect, useState } from 'react';
import type { PermissionRef } from '../../resources/catalog/types';
import { ImmediateDecisions } from './immediate-decisions';

/** Something offered only to users holding a permission (a tab, a toolbar action, an option). */
export interface Gated {
  readonly key: string;
  /** The permission it needs; none: always offered. */
  readonly requires?: PermissionRef;
}

/** Two sets holding the same keys. */
function sameKeys(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}

/**
 * The items this user may be offered: those without `requires`, and those whose permission the
 * access control provider grants (the same rules as every button; the server checks the call
 * anyway). The provider's immediate answers ({@link ImmediateDecisions}: the console's, once its
 * rules are loaded) decide in the first drawing, so an item that is offered is there from the
 * start; an item waiting for an asked answer is not offered yet, so nothing flashes in and out.
 * Without a provider everything is offered.
 */
export function usePermitted<S extends Gated>(items: readonly S[]): S[] {
  const { can } = useCanWithoutCache();
  const decideNow = useContext(ImmediateDecisions);
  const question = (item: S) => ({ resource: '', action: item.requires!.action, params: { resourceId: item.requires!.resourceId } });
  const decided = (item: S): boolean | undefined => (item.requires ? decideNow?.(question(item))?.can : true);
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(
    () => new Set(items.filter((item) => decided(item) === true).map((item) => item.key)),
  );
  const signature = JSON.stringify(items.map((item) => [item.key, item.requires ?? null]));
  useEffect(() => {
    let live = true;
    const ask = async (item: S) => {
      const now = decided(item);
      if (now !== undefined) return now;
      if (!can) return true;
      return (await can(question(item))).can;
    };
    void Promise.all(items.map(async (item) => [item.key, await ask(item)] as const)).then((answers) => {
      const next = new Set(answers.filter(([, ok]) => ok).map(([key]) => key));
      // The same answers keep the same set: the screen is not drawn again for nothing.
      if (live) setAllowed((current) => (sameKeys(current, next) ? current : next));
    });
    return () => {
      live = false;
    };
    // `signature` stands for the items' keys and requirements; `decideNow` is the console's one function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, can, decideNow]);
  return items.filter((item) => allowed.has(item.key));
}
