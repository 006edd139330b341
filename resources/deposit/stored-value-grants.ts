import type { PermissionRef } from '../catalog/types';

/**
 * The grants of reading members' stored value (balances, the inquiry, the history): any one of
 * them. Shared by the server's routes and the history's query view.
 */
export const STORED_VALUE_READ: readonly PermissionRef[] = [
  { resourceId: '储值/储值账户', action: '账户信息查看' },
  { resourceId: '储值/储值账户', action: '配置维护' },
  { resourceId: '储值/储值查询', action: '账户信息查看' },
];
