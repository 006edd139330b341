import { useDelete, useInvalidate } from '@refinedev/core';
import { useMemo } from 'react';

/** What acting on records needs from refine, taken once by the screen that shows them. */
export interface RecordCommands {
  /** Deletes one record through refine (its lists and details are invalidated); no toast. */
  readonly remove: (args: { resource: string; id: string | number; version?: number }) => Promise<unknown>;
  /** Refetches everything of the resource, also what no screen shows now (opened next, it is current). */
  readonly refresh: (resource: string) => Promise<void>;
}

/**
 * The record commands of one screen. refine's `useDelete` runs a dozen hooks that each match
 * the location against every declared resource's routes: taken once per list rather than once
 * per row, a page of 20 rows draws without that work repeated 20 times.
 */
export function useRecordCommands(): RecordCommands {
  const invalidate = useInvalidate();
  const { mutateAsync } = useDelete();
  return useMemo(
    () => ({
      remove: ({ resource, id, version }) =>
        mutateAsync({ resource, id, meta: { version }, successNotification: false, errorNotification: false }),
      refresh: (resource) => invalidate({ resource, invalidates: ['all'], invalidationFilters: { type: 'all', refetchType: 'all' } }),
    }),
    [invalidate, mutateAsync],
  );
}
