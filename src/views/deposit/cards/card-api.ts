/**
 * Typed calls of the prepaid-card screens (server/modules/cards/card.routes.ts). Requests and
 * answers take their types from the OpenAPI document (resources/contract/api.types.ts). Money
 * arrives as exact decimal text from the ledger, counts as integers.
 */
import { typedGet, typedPost } from '../../../../providers/http';
import type { ApiBody, ApiData, ElementOf } from '../../../../resources/contract/api.types';

/** The stock by store and template, with the totals. */
type Stock = ApiData<'post', '/v1/prepay-card-store/query'>;

/** Counts of cards by state (made = every card, sold = ever sold). */
export type StockCounts = Stock['totals'];

/** One row of the stock: a store and a template. */
export type StockRow = ElementOf<Stock['records']>;

export type StockFilters = NonNullable<ApiBody<'post', '/v1/prepay-card-store/query'>['filters']>;

export function queryStock(filters: StockFilters): Promise<Stock> {
  return typedPost('/v1/prepay-card-store/query', { data: { filters } });
}

/** A batch just made, with the secrets shown this once. */
export type MadeBatch = ApiData<'post', '/v1/prepay-card/make'>;

export function makeCards(body: ApiBody<'post', '/v1/prepay-card/make'>): Promise<MadeBatch> {
  return typedPost('/v1/prepay-card/make', { data: body });
}

/** Enabled templates a batch can be made from. */
export async function enabledTemplates(): Promise<{ id: number; name: string }[]> {
  const page = await typedPost('/v1/card-template/query', {
    data: { pageSize: 200, filters: { state: 'ENABLED' }, sorters: [{ field: 'name', order: 'asc' }] },
  });
  return page.records.map((record) => ({ id: record.id, name: record.name }));
}

/** Stores a batch can be held by. */
export function storeOptions(): Promise<ApiData<'get', '/v1/store/options'>> {
  return typedGet('/v1/store/options');
}

/** Binds a sold card to a member (once). */
export function bindMember(cardId: number, memberId: number): Promise<unknown> {
  return typedPost('/v1/prepay-card/bindMember', { data: { cardId, memberId } });
}

/** Members matching a keyword (name, mobile prefix, member number prefix), for the bind picker. */
export function memberOptions(keyword: string): Promise<ApiData<'get', '/v1/member/options'>> {
  return typedGet('/v1/member/options', { params: { keyword } });
}
