/**
 * Typed calls of the prepaid-card screens (server/modules/cards/card.routes.ts). Money arrives as
 * exact decimal text from the ledger, counts as integers.
 */
import { apiGet, apiPost } from '../../../../providers/http';

/** Counts of cards by state (made = every card, sold = ever sold). */
export interface StockCounts {
  readonly made: number;
  readonly inStock: number;
  readonly sold: number;
  readonly activated: number;
  readonly frozen: number;
  readonly usedUp: number;
  readonly expired: number;
  readonly voided: number;
}

/** One row of the stock: a store and a template. */
export interface StockRow extends StockCounts {
  readonly storeId: number | null;
  readonly storeName: string | null;
  readonly templateId: number;
  readonly templateName: string | null;
  readonly cardType: string;
}

export interface StockFilters {
  readonly storeId?: number;
  readonly templateId?: number;
  readonly cardType?: readonly string[];
}

export function queryStock(filters: StockFilters): Promise<{ records: StockRow[]; totals: StockCounts }> {
  return apiPost('/v1/prepay-card-store/query', { data: { filters } });
}

/** A batch just made, with the secrets shown this once. */
export interface MadeBatch {
  readonly batchNumber: string;
  readonly quantity: number;
  readonly firstNumber: string;
  readonly lastNumber: string;
  readonly taskId: number;
  readonly cards: readonly { readonly number: string; readonly secret: string }[];
}

export function makeCards(body: { templateId: number; quantity: number; storeId: number; remark?: string }): Promise<MadeBatch> {
  return apiPost('/v1/prepay-card/make', { data: body });
}

/** One ledger entry of a card. */
export interface CardEntry {
  readonly id: number;
  readonly kind: string;
  readonly sourceType: string;
  readonly sourceId: string | null;
  readonly principalDelta: string;
  readonly giftDelta: string;
  readonly balanceAfter: string;
  readonly storeId: number | null;
  readonly occurredAt: string;
  readonly remark: string | null;
}

export function cardEntries(cardId: number, page: number, pageSize: number) {
  return apiGet<{ total: number; records: CardEntry[]; balance: string; principal: string; gift: string }>('/v1/prepay-card/entries', {
    params: { cardId, page, pageSize },
  });
}

/** Enabled templates a batch can be made from. */
export async function enabledTemplates(): Promise<{ id: number; name: string }[]> {
  const page = await apiPost<{ records: { id: number; name: string }[] }>('/v1/card-template/query', {
    data: { pageSize: 200, filters: { state: 'ENABLED' }, sorters: [{ field: 'name', order: 'asc' }] },
  });
  return page.records.map((record) => ({ id: record.id, name: record.name }));
}

/** Stores a batch can be held by. */
export function storeOptions(): Promise<{ id: number; title: string }[]> {
  return apiGet('/v1/store/options');
}

/** Binds a sold card to a member (once). */
export function bindMember(cardId: number, memberId: number): Promise<unknown> {
  return apiPost('/v1/prepay-card/bindMember', { data: { cardId, memberId } });
}

/** Members matching a keyword (name, mobile prefix, member number prefix), for the bind picker. */
export function memberOptions(keyword: string): Promise<{ id: number; title: string; description?: string }[]> {
  return apiGet('/v1/member/options', { params: { keyword } });
}
