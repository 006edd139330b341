/**
 * Typed calls of the stored-value inquiry (the view `store-value-query` of the account table);
 * the history is a query view (resources/deposit/store-value-hst-detail.query-view.ts, its calls
 * in src/screens/query-view). Requests and answers take their types from the OpenAPI document
 * (resources/contract/api.types.ts); money arrives as exact numbers of at most 2 decimals.
 */
import { typedPost } from '../../../../providers/http';
import type { ApiData, ElementOf } from '../../../../resources/contract/api.types';

/** A stored-value account as the inquiry lists it. */
type ValueAccount = ElementOf<ApiData<'post', '/v1/store-value-query/query'>['records']>;

/** The member's account, or null before their first entry. */
export async function accountOf(memberId: number): Promise<ValueAccount | null> {
  const page = await typedPost('/v1/store-value-query/query', { data: { page: 1, pageSize: 1, filters: { memberId } } });
  return page.records[0] ?? null;
}
