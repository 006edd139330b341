import { defineView, type ResourceDef } from '../define';
import { storeValueAccountResource } from './store-value-account.resource';

/**
 * The stored-value inquiry (储值查询, deposit/store-value-query/store-value-query): the members'
 * stored-value accounts read through a view of the account table (store-value-account), so the
 * list, its member and balance filters, sorting, the totals row (principal, gift, balance and the
 * lifetime totals in and out) and the export are the engine's. Read-only for everyone: the view's
 * write action is one its catalogue entry never grants, so the accounts' freeze and unfreeze stay
 * on the accounts screen. Each row leads to the member's history (store-value-hst-detail).
 */
export const storeValueQueryResource: ResourceDef = defineView(storeValueAccountResource, {
  name: 'store-value-query',
  title: ['储值查询', 'Stored-value inquiry'],
  route: { group: 'deposit', entry: 'store-value-query', screens: { list: 'store-value-query' } },
  access: { read: ['账户信息查看'], write: '配置维护' },
  scope: 'tenant',
  fixedFilter: { holderKind: 'member' },
  list: {
    columns: [
      'memberNumber',
      'memberName',
      'mobile',
      'principal',
      'gift',
      'balance',
      'principalIn',
      'principalOut',
      'giftIn',
      'giftOut',
      'state',
      'lastEntryAt',
    ],
    defaultSort: { field: 'lastEntryAt', order: 'desc' },
    totals: ['principal', 'gift', 'balance', 'principalIn', 'principalOut', 'giftIn', 'giftOut'],
  },
});
