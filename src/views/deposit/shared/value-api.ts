/**
 * Typed calls of the stored-value read screens (server/modules/stored-value-docs/value-history.*,
 * and the inquiry view `store-value-query` of the account table). Requests and answers take their
 * types from the OpenAPI document (resources/contract/api.types.ts). Dates arrive as
 * `yyyy-MM-dd HH:mm:ss` in the browser's time zone; money as exact numbers of at most 2 decimals.
 */
import { typedGet, typedPost } from '../../../../providers/http';
import type { ApiBody, ApiData, ElementOf } from '../../../../resources/contract/api.types';
import type { LookupOption } from '../../../screens/generic/lookup-select';

/** A page of the history with the totals of the whole filter. */
export type HistoryPage = ApiData<'post', '/v1/store-value-hst-detail/query'>;

/** One ledger entry of a member. */
export type ValueEntry = ElementOf<HistoryPage['records']>;

/** Sums of entries. */
export type ValueSums = HistoryPage['totals'];

/** Filters of the history. `occurredAt` is a pair of `yyyy-MM-dd` days. */
export type HistoryFilters = NonNullable<ApiBody<'post', '/v1/store-value-hst-detail/query'>['filters']>;

export function queryHistory(body: ApiBody<'post', '/v1/store-value-hst-detail/query'>): Promise<HistoryPage> {
  return typedPost('/v1/store-value-hst-detail/query', { data: { page: body.page, pageSize: body.pageSize, filters: body.filters } });
}

/** Starts a file-centre export of the entries matching the filters. */
export function startHistoryExport(filters: HistoryFilters) {
  return typedPost('/v1/store-value-hst-detail/export', { data: { filters } });
}

/** Stores by a piece of their name or code, for the history's store filter. */
export function findValueStores(keyword: string): Promise<LookupOption[]> {
  return typedGet('/v1/store-value-hst-detail/stores', { params: keyword ? { keyword } : {} });
}

/** A stored-value account as the inquiry lists it. */
type ValueAccount = ElementOf<ApiData<'post', '/v1/store-value-query/query'>['records']>;

/** The member's account, or null before their first entry. */
export async function accountOf(memberId: number): Promise<ValueAccount | null> {
  const page = await typedPost('/v1/store-value-query/query', { data: { page: 1, pageSize: 1, filters: { memberId } } });
  return page.records[0] ?? null;
}
