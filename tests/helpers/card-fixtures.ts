import { expect } from 'vitest';
import type { MadeBatch } from '../../server/modules/cards/card-making';
import type { ApiClient } from './fixtures';

/**
 * What the prepaid-card tests build through the API as a back-office user would: a store, an
 * enabled card template, a batch of cards, a sale bill drafted and audited.
 */

let serial = 0;

async function okData(promise: Promise<{ body: { code: number; data: unknown } }>): Promise<Record<string, unknown>> {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data as Record<string, unknown>;
}

/** A store (with its area). */
export async function createStore(client: ApiClient, name = '卡测试门店'): Promise<number> {
  serial += 1;
  const area = await okData(
    client.post('/v1/area/saveNew', { body: { code: `CA${serial}${Date.now() % 100000}`, name: `卡区域${serial}` } }),
  );
  const store = await okData(
    client.post('/v1/store/saveNew', {
      body: { code: `CS${serial}${Date.now() % 100000}`, name: `${name}${serial}`, type: 'OTHER', area: area.id },
    }),
  );
  return Number(store.id);
}

/** An enabled card template; `overrides` change its terms. */
export async function createTemplate(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  serial += 1;
  const name = `测试卡模板${serial}`;
  const created = await okData(
    client.post('/v1/card-template/saveNew', {
      body: {
        name,
        cardTemplateType: 'RECHARGEABLE_CARD',
        faceValue: 100,
        price: 95,
        rechargeable: true,
        validityType: 'MONTHS',
        validityMonths: 12,
        cardNumberPrefix: `T${serial}`,
        cardNumberLength: 12,
        ...overrides,
      },
    }),
  );
  await okData(client.post('/v1/card-template/enable', { query: { id: Number(created.id) } }));
  return { id: Number(created.id), name };
}

/** A made batch, as the make route answers it. */
export type { MadeBatch };

export async function makeCards(client: ApiClient, body: { templateId: number; storeId: number; quantity: number }): Promise<MadeBatch> {
  return (await okData(client.post('/v1/prepay-card/make', { body }))) as unknown as MadeBatch;
}

/** A drafted sale bill of QUANTITY lines. */
export async function draftSale(
  client: ApiClient,
  body: { store: number; lines: readonly Record<string, unknown>[]; [key: string]: unknown },
): Promise<{ id: number; number: string; [key: string]: unknown }> {
  return (await okData(
    client.post('/v1/imprest-card-sale-bill/saveNew', {
      body: { buyerType: 'COMPANY', companyName: '测试单位', payMethod: 'CASH', ...body },
    }),
  )) as { id: number; number: string };
}

/** Makes `quantity` cards and sells them all on an audited bill; answers the batch. */
export async function soldCards(client: ApiClient, args: { templateId: number; storeId: number; quantity: number }): Promise<MadeBatch> {
  const batch = await makeCards(client, args);
  const bill = await draftSale(client, {
    store: args.storeId,
    lines: [{ mode: 'RANGE', template: args.templateId, startNumber: batch.firstNumber, endNumber: batch.lastNumber }],
  });
  await okData(client.post('/v1/imprest-card-sale-bill/audit', { query: { id: bill.id } }));
  return batch;
}

/** A new card sold to a member on an audited bill, at a new store: the card's record, its number and the store. */
export async function memberCard(
  client: ApiClient,
  memberId: number,
  storeName: string,
): Promise<{ card: Record<string, unknown>; number: string; store: number }> {
  const store = await createStore(client, storeName);
  const cardTemplate = await createTemplate(client);
  const batch = await makeCards(client, { templateId: cardTemplate.id, storeId: store, quantity: 1 });
  const bill = await draftSale(client, {
    store,
    buyerType: 'MEMBER',
    member: memberId,
    lines: [{ mode: 'RANGE', template: cardTemplate.id, startNumber: batch.firstNumber, endNumber: batch.lastNumber }],
  });
  await okData(client.post('/v1/imprest-card-sale-bill/audit', { query: { id: bill.id } }));
  return { card: await cardByNumber(client, batch.firstNumber), number: batch.firstNumber, store };
}

/** A card record by its number. */
export async function cardByNumber(client: ApiClient, number: string): Promise<Record<string, unknown>> {
  const page = await okData(client.post('/v1/prepay-card/query', { body: { filters: { number } } }));
  const records = page.records as Record<string, unknown>[];
  expect(records).toHaveLength(1);
  return records[0];
}

/** What the contract test's card documents point at: see {@link prepareContractCards}. */
export interface ContractCards {
  readonly store: number;
  readonly template: number;
  readonly batch: number;
  /** Cards in stock at `store`: a sale bill of the contract sells one by its seed. */
  readonly inStock: readonly string[];
  /** A sold, rechargeable card: top-ups and adjustments name it. */
  readonly activated: number;
}

/**
 * The cards the contract test's documents need (card sale bills, top-ups and adjustments are
 * only valid with real cards): a store, an enabled rechargeable template, a batch of cards in
 * stock there, and one card sold.
 */
export async function prepareContractCards(client: ApiClient, inStock = 200): Promise<ContractCards> {
  const store = await createStore(client, '契约门店');
  const template = await createTemplate(client);
  const sold = await soldCards(client, { templateId: template.id, storeId: store, quantity: 1 });
  const batch = await makeCards(client, { templateId: template.id, storeId: store, quantity: inStock });
  const activated = Number((await cardByNumber(client, sold.cards[0].number)).id);
  return { store, template: template.id, batch: batch.batchId, inStock: batch.cards.map((card) => card.number), activated };
}
