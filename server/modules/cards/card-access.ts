import type { PermissionRef } from '../../../resources/catalog/types';

/**
 * The grants of the card routes beyond CRUD, from the catalogue entries (deposit.catalog.ts):
 * the card query (储值/预付卡查询: 预付卡查看 reads, 配置维护 makes cards and serves tills) and the
 * stock (储值/预付卡库存).
 */
const CARDS = '储值/预付卡查询';
const STOCK = '储值/预付卡库存';

export { CARD_READ } from '../../../resources/deposit/card-grants';
export const CARD_WRITE: readonly PermissionRef[] = [{ resourceId: CARDS, action: '配置维护' }];
export const STOCK_READ: readonly PermissionRef[] = [
  { resourceId: STOCK, action: '预付卡查看' },
  { resourceId: STOCK, action: '配置维护' },
];
