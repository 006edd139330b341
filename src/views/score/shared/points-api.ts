/**
 * Typed calls of the points screens (server/modules/points/points.routes.ts and
 * points-report.routes.ts). Dates arrive as `yyyy-MM-dd HH:mm:ss` in the browser's time zone.
 */
import { apiGet, apiPost } from '../../../../providers/http';
import type { PageResult } from '../../../components/use-paged-query';

/** One points account (score-query-list). Member details come with it when members are declared. */
export interface PointsAccountRow {
  readonly memberId: number;
  readonly memberName?: string | null;
  readonly mobile?: string | null;
  readonly memberNumber?: string | null;
  readonly balance: number;
  readonly totalEarned: number;
  readonly totalSpent: number;
  readonly updatedAt: string | null;
}

/** Filters of the accounts list. */
export interface AccountFilters {
  readonly memberId?: number;
  readonly keyword?: string;
  readonly balance?: readonly [number | null, number | null];
}

/** Sortable columns of the accounts list. */
export type AccountSortField = 'memberId' | 'balance' | 'totalEarned' | 'totalSpent' | 'updatedAt';

export function queryAccounts(body: {
  page: number;
  pageSize: number;
  filters: AccountFilters;
  sorters: readonly { field: string; order: 'asc' | 'desc' }[];
}): Promise<PageResult<PointsAccountRow>> {
  return apiPost('/v1/points/accounts/query', { data: body });
}

/** Starts a file-centre export of every account matching the filters, in the list's order. */
export function startAccountsExport(query: {
  filters: AccountFilters;
  sorters: readonly { field: string; order: 'asc' | 'desc' }[];
}): Promise<{ taskId: number }> {
  return apiPost('/v1/points/accounts/export', { data: query });
}

/** The account row of one member (its name and numbers), or null when it has never had points. */
export async function memberOfAccount(memberId: number): Promise<PointsAccountRow | null> {
  const page = await queryAccounts({ page: 1, pageSize: 1, filters: { memberId }, sorters: [] });
  return page.records[0] ?? null;
}

/** One member's account summary (the ledger's header). */
export interface PointsAccount {
  readonly memberId: number;
  readonly balance: number;
  readonly totalEarned: number;
  readonly totalSpent: number;
  readonly expiringPoints: number;
  readonly nextExpiry: string | null;
}

export function getAccount(memberId: number): Promise<PointsAccount> {
  return apiGet('/v1/points/account', { params: { memberId } });
}

/** The kinds and sources of ledger entries, as points.messages.ts names them. */
export const ENTRY_KINDS = ['earn', 'spend', 'adjust', 'reverse', 'expire'] as const;
/** §4 channels an entry may name (the same as the stored-value ledger's, `ledger.channel.*` labels). */
export const ENTRY_CHANNELS = ['store', 'weixin', 'alipay', 'third', 'weixinApp'] as const;
export const ENTRY_SOURCES = ['transaction', 'return', 'adjustment', 'activity', 'exchange', 'expiry', 'batch', 'coupon'] as const;

/** One ledger entry. */
export interface PointsEntry {
  readonly id: number;
  readonly memberId: number;
  readonly delta: number;
  readonly balanceAfter: number;
  readonly kind: string;
  readonly sourceType: string;
  readonly sourceId: string | null;
  readonly storeId: number | null;
  readonly operatorId: number | null;
  /** §4 channel the points moved through; null when the caller did not say. */
  readonly channel: string | null;
  readonly occurredAt: string;
  readonly expiresAt: string | null;
  readonly remark: string | null;
  /** An adjustment's reason; null for other entries. */
  readonly reason?: string | null;
  /** The adjustment or batch document behind the entry, for a link to it. */
  readonly documentId?: number | null;
}

/** Filters of the ledger. `occurredAt` is a pair of `yyyy-MM-dd` days. */
export interface EntryFilters {
  readonly memberId: number;
  readonly storeId?: number;
  readonly sourceType?: string;
  readonly kind?: string;
  readonly channel?: string;
  readonly occurredAt?: readonly [string, string];
}

/** A page of the ledger, with the totals of the whole filter and the keyset cursor. */
export interface EntryPage {
  readonly total: number;
  readonly totalIsEstimate?: boolean;
  readonly records: readonly PointsEntry[];
  readonly nextCursor: number | null;
  readonly totals: { readonly earned: number; readonly spent: number };
}

/** Starts a file-centre export of the ledger entries matching the filters. */
export function startLedgerExport(filters: EntryFilters): Promise<{ taskId: number }> {
  return apiPost('/v1/points/entries/export', { data: { filters } });
}

export function queryEntries(body: { pageSize: number; cursor: number | null; filters: EntryFilters }): Promise<EntryPage> {
  return apiPost('/v1/points/entries/query', { data: body });
}

/** A store's id and name. */
export interface StoreName {
  readonly id: number;
  readonly title: string;
}

/** Stores by id (names for a page of entries) or by a piece of their name or code. */
export function findStores(query: { ids?: readonly number[]; keyword?: string }): Promise<StoreName[]> {
  if (query.ids && query.ids.length === 0) return Promise.resolve([]);
  return apiGet('/v1/points/stores', {
    params: { ...(query.ids ? { id: [...query.ids] } : {}), ...(query.keyword ? { keyword: query.keyword } : {}) },
  });
}

/** The points overview (score/home). */
export interface PointsOverview {
  readonly month: { readonly issued: number; readonly used: number; readonly expired: number };
  readonly outstanding: number;
  readonly holders: number;
  readonly daily: readonly { readonly date: string; readonly issued: number; readonly used: number }[];
  readonly topStores: readonly { readonly storeId: number | null; readonly storeName: string | null; readonly issued: number }[];
}

export function getOverview(): Promise<PointsOverview> {
  return apiPost('/v1/points/overview', { data: {} });
}
