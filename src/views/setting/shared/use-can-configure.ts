import { useCan } from '@refinedev/core';
import { findEntry } from '../../../../resources/catalog/index';

/** The setting entries whose screens or panels live in this folder. */
export type SettingEntry = 'user' | 'role' | 'application';

/**
 * Whether the current user may change data of a setting entry (`configure` on `设置/用户` or
 * `设置/角色`). Buttons that change data are hidden while this is false or still being asked;
 * the server refuses such calls anyway.
 */
export function useCanConfigure(entry: SettingEntry): boolean {
  const resourceId = findEntry('setting', entry)?.resourceId ?? '';
  const { data } = useCan({ resource: resourceId, action: 'configure', params: { resourceId } });
  return data?.can === true;
}
