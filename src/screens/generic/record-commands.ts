import { useInvalidate } from '@refinedev/core';
import { useMemo } from 'react';
import { dataProvider } from '../../../providers/data';

/** What acting on records needs from refine, taken once by the screen that shows them. */
export interface RecordCommands {
  /** Deletes one record through the data provider; the resource's lists and the record are refetched. No toast. */
  readonly remove: (args: { resource: string; id: string | number; version?: number }) => Promise<unknown>;
  /** Refetches everything of the resource, also what no screen shows now (opened next, it is current). */
  readonly refresh: (resource: string) => Promise<void>;
}

/**
 * The record commands of one screen. A delete goes to the data provider itself rather than
 * through refine's `useDelete`: that hook runs a dozen hooks which each match the location
 * against every declared resource's routes, on every draw of the list (some 5 ms each time on a
 * desktop, four times that on a tablet), for a command a user rarely gives.
 */
export function useRecordCommands(): RecordCommands {
  const invalidate = useInvalidate();
  return useMemo(
    () => ({
      remove: async ({ resource, id, version }) => {
        const answer = await dataProvider.deleteOne({ resource, id, meta: { version } });
        await invalidate({ resource, id, invalidates: ['list', 'many', 'detail'] });
        return answer;
      },
      refresh: (resource) => invalidate({ resource, invalidates: ['all'], invalidationFilters: { type: 'all', refetchType: 'all' } }),
    }),
    [invalidate],
  );
}
