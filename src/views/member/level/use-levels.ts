import { useList, type BaseRecord } from '@refinedev/core';
import { levelResource, type LevelType } from '../../../../resources/member/level.resource';

/**
 * The levels of one type (or all of them), lowest rank first, through refine's list so the
 * generic actions' invalidation refreshes every screen showing them.
 */
export function useLevels(type?: LevelType) {
  const list = useList<BaseRecord>({
    resource: levelResource.name,
    pagination: { mode: 'off' },
    filters: type ? [{ field: 'levelType', operator: 'eq', value: type }] : [],
    sorters: [
      { field: 'levelType', order: 'asc' },
      { field: 'rankOrder', order: 'asc' },
    ],
    errorNotification: false,
  });
  return { levels: list.data?.data ?? [], loading: list.isLoading, reload: () => void list.refetch() };
}
