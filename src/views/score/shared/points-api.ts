/**
 * Typed calls of the points screens (server/modules/points/points.routes.ts and
 * points-report.routes.ts). Requests and answers take their types from the OpenAPI document
 * (resources/contract/api.types.ts). Dates arrive as `yyyy-MM-dd HH:mm:ss` in the browser's time zone.
 */
import { typedGet, typedPost } from '../../../../providers/http';
import type { ApiBody, ApiData, ElementOf } from '../../../../resources/contract/api.types';
import type { PageQuery, QuerySorter } from '../../../components/use-paged-query';

/** A page of the accounts list (score-query-list); member details come with each row. */
type AccountsPage = ApiData<'post', '/v1/points/accounts/query'>;
/** The body of an accounts query. */
type AccountsQuery = ApiBody<'post', '/v1/points/accounts/query'>;

/** One points account (score-query-list). */
export type PointsAccountRow = ElementOf<AccountsPage['records']>;

/** Filters of the accounts list. */
export type AccountFilters = NonNullable<AccountsQuery['filters']>;

/**
 * The list's sorters as the query takes them. The table sorts by its columns' keys, each a field
 * the query sorts by (any other is refused with 400 naming `sorters`); the generic pager types
 * them as text.
 */
function accountSorters(sorters: readonly QuerySorter[]): AccountsQuery['sorters'] {
  return sorters as AccountsQuery['sorters'];
}

export function queryAccounts(body: PageQuery<AccountFilters>): Promise<AccountsPage> {
  return typedPost('/v1/points/accounts/query', { data: { ...body, sorters: accountSorters(body.sorters) } });
}

/** Starts a file-centre export of every account matching the filters, in the list's order. */
export function startAccountsExport(query: { readonly filters: AccountFilters; readonly sorters: readonly QuerySorter[] }) {
  return typedPost('/v1/points/accounts/export', { data: { filters: query.filters, sorters: accountSorters(query.sorters) } });
}

/** The account row of one member (its name and numbers), or null when it has never had points. */
export async function memberOfAccount(memberId: number): Promise<PointsAccountRow | null> {
  const page = await queryAccounts({ page: 1, pageSize: 1, filters: { memberId }, sorters: [] });
  return page.records[0] ?? null;
}

/** One member's account summary (the ledger's header). */
export type PointsAccount = ApiData<'get', '/v1/points/account'>;

export function getAccount(memberId: number): Promise<PointsAccount> {
  return typedGet('/v1/points/account', { params: { memberId } });
}

/** A page of the ledger, with the totals of the whole filter and the keyset cursor. */
export type EntryPage = ApiData<'post', '/v1/points/entries/query'>;
/** One ledger entry. */
export type PointsEntry = ElementOf<EntryPage['records']>;

/** The kinds and sources of ledger entries, as points.messages.ts names them. */
export const ENTRY_KINDS = ['earn', 'spend', 'adjust', 'reverse', 'expire'] as const satisfies readonly PointsEntry['kind'][];
/** §4 channels an entry may name (the same as the stored-value ledger's, `ledger.channel.*` labels). */
export const ENTRY_CHANNELS = ['store', 'weixin', 'alipay', 'third', 'weixinApp'] as const satisfies readonly NonNullable<
  PointsEntry['channel']
>[];
export const ENTRY_SOURCES = ['transaction', 'return', 'adjustment', 'activity', 'exchange', 'expiry', 'batch', 'coupon'] as const;

/**
 * Filters of the ledger. `occurredAt` is a pair of `yyyy-MM-dd` days. The screens always read
 * one member's ledger, so the member is required here though the API would list every member's.
 */
export type EntryFilters = NonNullable<ApiBody<'post', '/v1/points/entries/query'>['filters']> & { readonly memberId: number };

/** Starts a file-centre export of the ledger entries matching the filters. */
export function startLedgerExport(filters: EntryFilters) {
  return typedPost('/v1/points/entries/export', { data: { filters } });
}

export function queryEntries(body: ApiBody<'post', '/v1/points/entries/query'> & { readonly filters: EntryFilters }): Promise<EntryPage> {
  return typedPost('/v1/points/entries/query', { data: body });
}

/** A store's id and name. */
export type StoreName = ElementOf<ApiData<'get', '/v1/points/stores'>>;

/** Stores by id (names for a page of entries) or by a piece of their name or code. */
export function findStores(query: { ids?: readonly number[]; keyword?: string }): Promise<StoreName[]> {
  if (query.ids && query.ids.length === 0) return Promise.resolve([]);
  return typedGet('/v1/points/stores', {
    params: { ...(query.ids ? { id: query.ids } : {}), ...(query.keyword ? { keyword: query.keyword } : {}) },
  });
}

/** The points overview (score/home). */
export type PointsOverview = ApiData<'post', '/v1/points/overview'>;

export function getOverview(): Promise<PointsOverview> {
  return typedPost('/v1/points/overview');
}
