import type { PermissionRef } from '../catalog/types';

/**
 * The grants of reading points, shared by the server's points routes (and their member scope,
 * server/modules/points/points.scope.ts) and the points query views.
 */

/** Grants that read the points of every member of the tenant. */
export const POINTS_READ_ALL: readonly PermissionRef[] = [
  { resourceId: '积分/积分查询', action: '账户信息查看' },
  { resourceId: '会员/标准会员', action: '会员资料查看' },
  { resourceId: '会员/油站会员', action: '会员资料查看' },
];
/** The grant that reads the points of the members of one marketing centre only. */
export const POINTS_READ_CENTRE: readonly PermissionRef[] = [{ resourceId: '会员/营销中心会员', action: '会员资料查看' }];
/** Any grant that reads points. */
export const POINTS_READ: readonly PermissionRef[] = [...POINTS_READ_ALL, ...POINTS_READ_CENTRE];
