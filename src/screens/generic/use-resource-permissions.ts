import { useCan, useCanWithoutCache, type CanParams, type CanReturnType } from '@refinedev/core';
import { createContext, useContext, useMemo } from 'react';
import type { ResourceDef } from '../../../resources/define';
import { refineResourceOf, REFINE_ACTIONS } from './resource-routes';

/**
 * The access control provider's answer at once, when it has one without loading or fetching
 * (`decisionNow` of providers/access-control.ts, given by the console's routes; absent in a
 * screen test with a provider of its own).
 */
export const ImmediateDecisions = createContext<((question: CanParams) => CanReturnType | undefined) | undefined>(undefined);

/** What the signed-in user may do with a resource. */
export interface ResourcePermissions {
  readonly show: boolean;
  readonly create: boolean;
  readonly edit: boolean;
  readonly delete: boolean;
  readonly export: boolean;
  readonly import: boolean;
  /** State action name -> allowed. */
  readonly actions: Readonly<Record<string, boolean>>;
}

/**
 * Asks refine's access control provider about every action of the resource (refine actions and
 * state actions). The provider's answer at once ({@link ImmediateDecisions}), when there is one, is
 * the first data, so the screen draws once with its buttons; otherwise, until an answer arrives the
 * action counts as not allowed, so a button never flashes in and out. Without a provider
 * everything is allowed (the server decides anyway).
 */
export function useResourcePermissions(resource: ResourceDef): ResourcePermissions {
  const item = refineResourceOf(resource);
  const { can: provider } = useCanWithoutCache();
  const decideNow = useContext(ImmediateDecisions);
  const stateActions = Object.keys(resource.states?.actions ?? {});
  // The list of actions is fixed by the declaration, so the hooks run in the same order on every render.
  const answers = [...REFINE_ACTIONS, ...stateActions].map((action) => {
    const question = { resource: resource.name, action, params: { resource: item as never } };
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const answer = useCan({ ...question, queryOptions: decideNow ? { initialData: () => decideNow(question) } : {} });
    return [action, provider === undefined || answer.data?.can === true] as const;
  });
  const allowed = Object.fromEntries(answers);
  // A read-only resource offers no writes; a settings object is edited, never added or deleted.
  const writable = resource.readOnly !== true;
  const listed = writable && resource.singleton === undefined;
  // The same answers give the same object: a list's columns and actions are built again only
  // when a permission changed, not on every draw.
  const answered = JSON.stringify(answers);
  return useMemo(
    () => ({
      show: allowed.show,
      create: allowed.create && listed,
      edit: allowed.edit && writable,
      delete: allowed.delete && listed,
      export: allowed.export,
      import: allowed.import && listed,
      actions: Object.fromEntries(stateActions.map((name) => [name, allowed[name]])),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answered, listed, writable],
  );
}
