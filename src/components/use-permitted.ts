import { useCanWithoutCache } from '@refinedev/core';
import { useEffect, useState } from 'react';
import type { PermissionRef } from '../../resources/catalog/types';

/** Something offered only to users holding a permission (a tab, a toolbar action, an option). */
export interface Gated {
  readonly key: string;
  /** The permission it needs; none: always offered. */
  readonly requires?: PermissionRef;
}

/**
 * The items this user may be offered: those without `requires`, and those whose permission the
 * access control provider grants (the same rules as every button; the server checks the call
 * anyway). An item waiting for its answer is not offered yet, so nothing flashes in and out;
 * without a provider everything is offered.
 */
export function usePermitted<S extends Gated>(items: readonly S[]): S[] {
  const { can } = useCanWithoutCache();
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(
    () => new Set(items.filter((item) => !item.requires).map((item) => item.key)),
  );
  const signature = JSON.stringify(items.map((item) => [item.key, item.requires ?? null]));
  useEffect(() => {
    let live = true;
    const ask = async (item: S) => {
      if (!item.requires || !can) return true;
      const answer = await can({ resource: '', action: item.requires.action, params: { resourceId: item.requires.resourceId } });
      return answer.can;
    };
    void Promise.all(items.map(async (item) => [item.key, await ask(item)] as const)).then((answers) => {
      if (live) setAllowed(new Set(answers.filter(([, ok]) => ok).map(([key]) => key)));
    });
    return () => {
      live = false;
    };
    // `signature` stands for the items' keys and requirements.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, can]);
  return items.filter((item) => allowed.has(item.key));
}
