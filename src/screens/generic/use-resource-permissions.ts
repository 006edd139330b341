import { useCan, useCanWithoutCache } from '@refinedev/core';
import type { ResourceDef } from '../../../resources/define';
import { refineResourceOf, REFINE_ACTIONS } from './resource-routes';

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
 * state actions). Until an answer arrives the action counts as not allowed, so a button never
 * flashes in and out; without a provider everything is allowed (the server decides anyway).
 */
export function useResourcePermissions(resource: ResourceDef): ResourcePermissions {
  const item = refineResourceOf(resource);
  const { can: provider } = useCanWithoutCache();
  const stateActions = Object.keys(resource.states?.actions ?? {});
  // The list of actions is fixed by the declaration, so the hooks run in the same order on every render.
  const answers = [...REFINE_ACTIONS, ...stateActions].map((action) => {
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const answer = useCan({ resource: resource.name, action, params: { resource: item as never } });
    return [action, provider === undefined || answer.data?.can === true] as const;
  });
  const allowed = Object.fromEntries(answers);
  // A read-only resource offers no writes; a settings object is edited, never added or deleted.
  const writable = resource.readOnly !== true;
  const listed = writable && resource.singleton === undefined;
  return {
    show: allowed.show,
    create: allowed.create && listed,
    edit: allowed.edit && writable,
    delete: allowed.delete && listed,
    export: allowed.export,
    import: allowed.import && listed,
    actions: Object.fromEntries(stateActions.map((name) => [name, allowed[name]])),
  };
}
