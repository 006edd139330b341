import type { PermissionRef } from '../catalog/types';

/**
 * The grants of reading prepaid cards, their balances and their entries (the card query's
 * 预付卡查看, or its 配置维护): any one of them. Shared by the server's card routes and the
 * cards' balance history (prepay-card-history.query-view.ts).
 */
export const CARD_READ: readonly PermissionRef[] = [
  { resourceId: '储值/预付卡查询', action: '预付卡查看' },
  { resourceId: '储值/预付卡查询', action: '配置维护' },
];
