import { useCan, useCanWithoutCache, type CanParams, type CanReturnType } from '@refinedev/core';
import { useContext, useMemo, useState } from 'react';
import { ImmediateDecisions } from '../../components/immediate-decisions';
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

type Answers = readonly (readonly [string, boolean])[];

function actionsOf(resource: ResourceDef): string[] {
  return [...REFINE_ACTIONS, ...Object.keys(resource.states?.actions ?? {})];
}

// A declaration's refine entry, made once (it looks its catalogue entry and permissions up).
const entries = new WeakMap<ResourceDef, ReturnType<typeof refineResourceOf>>();

function questionOf(resource: ResourceDef, action: string): CanParams {
  let item = entries.get(resource);
  if (item === undefined) {
    item = refineResourceOf(resource);
    entries.set(resource, item);
  }
  return { resource: resource.name, action, params: { resource: item as never } };
}

/** The answers of a provider that has them at once: asked directly, each draw. */
function immediateAnswers(resource: ResourceDef, decideNow: (question: CanParams) => CanReturnType | undefined): Answers {
  return actionsOf(resource).map((action) => [action, decideNow(questionOf(resource, action))?.can === true] as const);
}

/** The answers through refine's `useCan`, one query per action (a provider that must be waited for). */
function useAskedAnswers(resource: ResourceDef, decideNow: ((question: CanParams) => CanReturnType | undefined) | undefined): Answers {
  const { can: provider } = useCanWithoutCache();
  // The list of actions is fixed by the declaration, so the hooks run in the same order on every render.
  return actionsOf(resource).map((action) => {
    const question = questionOf(resource, action);
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const answer = useCan({ ...question, queryOptions: decideNow ? { initialData: () => decideNow(question) } : {} });
    return [action, provider === undefined || answer.data?.can === true] as const;
  });
}

/**
 * What the signed-in user may do with a resource: refine's access control provider asked about
 * every action of the resource (refine actions and state actions). When the provider answers at
 * once ({@link ImmediateDecisions}: the console's, once its rules are loaded, which the route guard
 * does before any screen draws) the answers are read directly on each draw: a query per action
 * (a list asks about ten) cost a phone's first list a few milliseconds per draw, hashing each
 * question's key. Otherwise refine's `useCan` asks, and until an answer arrives the action counts
 * as not allowed, so a button never flashes in and out. Without a provider everything is allowed
 * (the server decides anyway).
 */
export function useResourcePermissions(resource: ResourceDef): ResourcePermissions {
  const decideNow = useContext(ImmediateDecisions);
  // Chosen once per screen: loaded rules stay loaded, so the hooks keep their order.
  const [immediate] = useState(() => decideNow !== undefined && decideNow(questionOf(resource, 'list')) !== undefined);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `immediate` never changes while mounted
  const answers = immediate ? immediateAnswers(resource, decideNow!) : useAskedAnswers(resource, decideNow);
  const allowed = Object.fromEntries(answers);
  const stateActions = Object.keys(resource.states?.actions ?? {});
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
