/**
 * Typed calls of the stored-value read screens (server/modules/stored-value-docs/value-history.*,
 * and the inquiry view `store-value-query` of the account table). Dates arrive as
 * `yyyy-MM-dd HH:mm:ss` in the browser's time zone; money as exact numbers of at most 2 decimals.
 */
import { apiGet, apiPost } from '../../../../providers/http';
import type { PageQuery, PageResult } from '../../../components/use-paged-query';
import type { LookupOption } from '../../../screens/generic/lookup-select';

/** One ledger entry of a member. */
export interface ValueEntry {
  readonly id: number;
  readonly memberId: number;
  readonly memberName: string | null;
  readonly memberNumber: string | null;
  readonly principalDelta: number;
  readonly giftDelta: number;
  readonly amount: number;
  readonly principalAfter: number;
  readonly giftAfter: number;
  readonly balanceAfter: number;
  readonly kind: string;
  readonly channel: string | null;
  readonly sourceType: string;
  readonly sourceId: string | null;
  readonly storeId: number | null;
  readonly storeName: string | null;
  readonly operatorName: string | null;
  readonly occurredAt: string;
  readonly remark: string | null;
}

/** Filters of the history. `occurredAt` is a pair of `yyyy-MM-dd` days. */
export interface HistoryFilters {
  readonly memberId?: number;
  readonly occurredAt?: readonly [string, string];
  readonly kind?: string;
  readonly channel?: string;
  readonly storeId?: number;
  readonly sourceType?: string;
}

/** Sums of entries. */
export interface ValueSums {
  readonly entries: number;
  readonly principal: number;
  readonly gift: number;
  readonly amount: number;
  readonly amountIn: number;
  readonly amountOut: number;
}

/** A page of the history with the totals of the whole filter. */
export interface HistoryPage extends PageResult<ValueEntry> {
  readonly totalIsEstimate?: boolean;
  readonly nextCursor: number | null;
  readonly totals: ValueSums;
  readonly byKind: readonly (ValueSums & { readonly kind: string })[];
  readonly byChannel: readonly (ValueSums & { readonly channel: string | null })[];
}

export function queryHistory(body: Pick<PageQuery<HistoryFilters>, 'page' | 'pageSize' | 'filters'>): Promise<HistoryPage> {
  return apiPost('/v1/store-value-hst-detail/query', { data: { page: body.page, pageSize: body.pageSize, filters: body.filters } });
}

/** Starts a file-centre export of the entries matching the filters. */
export function startHistoryExport(filters: HistoryFilters): Promise<{ taskId: number }> {
  return apiPost('/v1/store-value-hst-detail/export', { data: { filters } });
}

/** Stores by a piece of their name or code, for the history's store filter. */
export function findValueStores(keyword: string): Promise<LookupOption[]> {
  return apiGet('/v1/store-value-hst-detail/stores', { params: keyword ? { keyword } : {} });
}

/** A member's stored-value account as the inquiry lists it. */
export interface ValueAccount {
  readonly id: number;
  readonly memberId: number;
  readonly principal: number;
  readonly gift: number;
  readonly balance: number;
  readonly state: string;
}

/** The member's account, or null before their first entry. */
export async function accountOf(memberId: number): Promise<ValueAccount | null> {
  const page: PageResult<ValueAccount> = await apiPost('/v1/store-value-query/query', {
    data: { page: 1, pageSize: 1, filters: { memberId } },
  });
  return page.records[0] ?? null;
}
