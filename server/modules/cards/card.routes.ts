import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storeResource } from '../../../resources/datum/store.resource';
import { memberResource } from '../../../resources/member/member.resource';
import type { EngineHandle } from '../../crud/server-hooks.define';
import { actorOf } from '../../crud/actor';
import { deriveTable } from '../../crud/table.derive';
import { requestInstant } from '../../crud/state-timeline';
import { badInput, conflict, notFound, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { CARD_WRITE, STOCK_READ } from './card-access';
import { makeCards } from './card-making';
import { cardDocs } from './card.openapi';
import { cardStateText, cardTable, lockCards, templateTable, todayIn } from './card-store';

/**
 * Card routes beyond CRUD for the back office: making a batch, the stock per store and template,
 * binding a member (a card's ledger entries are the query view prepay-card-history).
 */

const makeSchema = {
  body: {
    type: 'object',
    required: ['templateId', 'quantity', 'storeId'],
    additionalProperties: false,
    properties: {
      templateId: { type: 'integer', minimum: 1 },
      quantity: { type: 'integer', minimum: 1, maximum: 10000 },
      storeId: { type: 'integer', minimum: 1 },
      remark: { type: ['string', 'null'], maxLength: 500 },
    },
  },
} as const;

interface StockFilters {
  storeId?: number;
  templateId?: number;
  cardType?: string[];
}

const stockSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      filters: {
        type: 'object',
        additionalProperties: false,
        properties: {
          storeId: { type: 'integer', minimum: 1 },
          templateId: { type: 'integer', minimum: 1 },
          cardType: {
            type: 'array',
            maxItems: 4,
            items: { type: 'string', enum: ['IMPREST_CARD', 'OFFLINE_GIFT_CARD', 'ONLINE_GIFT_CARD', 'RECHARGEABLE_CARD'] },
          },
        },
      },
    },
  },
} as const;

const bindSchema = {
  body: {
    type: 'object',
    required: ['cardId', 'memberId'],
    additionalProperties: false,
    properties: { cardId: { type: 'integer', minimum: 1 }, memberId: { type: 'integer', minimum: 1 } },
  },
} as const;

const COUNT_KEYS = ['made', 'inStock', 'sold', 'activated', 'frozen', 'usedUp', 'expired', 'voided'] as const;
type Counts = Record<(typeof COUNT_KEYS)[number], number>;

/** Counts per state; "expired" is an activated card past its validity (card-states.ts). */
function countColumns(today: string) {
  const c = cardTable();
  const live = sql`(${c.validTo} is null or ${c.validTo} >= ${today}::date)`;
  return {
    made: sql<number>`count(*)::int`,
    inStock: sql<number>`(count(*) filter (where ${c.state} = 'IN_STOCK'))::int`,
    sold: sql<number>`(count(*) filter (where ${c.soldAt} is not null))::int`,
    activated: sql<number>`(count(*) filter (where ${c.state} = 'ACTIVATED' and ${live}))::int`,
    frozen: sql<number>`(count(*) filter (where ${c.state} = 'FROZEN'))::int`,
    usedUp: sql<number>`(count(*) filter (where ${c.state} = 'USED_UP'))::int`,
    expired: sql<number>`(count(*) filter (where ${c.state} = 'ACTIVATED' and not ${live}))::int`,
    voided: sql<number>`(count(*) filter (where ${c.state} = 'VOIDED'))::int`,
  };
}

export async function cardRoutes(app: FastifyInstance, engine: EngineHandle): Promise<void> {
  const db = app.database.db;

  app.post<{ Body: { templateId: number; quantity: number; storeId: number; remark?: string | null } }>(
    '/v1/prepay-card/make',
    { schema: describeRoute(makeSchema, cardDocs.make), config: { requires: CARD_WRITE } },
    async (request) => {
      const actor = actorOf(request);
      const { templateId, quantity, storeId, remark } = request.body;
      return ok(await db.transaction((tx) => makeCards({ tx, actor, templateId, quantity, storeId, remark: remark?.trim() || null })));
    },
  );

  app.post<{ Body: { filters?: StockFilters } | undefined }>(
    '/v1/prepay-card-store/query',
    { schema: describeRoute(stockSchema, cardDocs.stock), config: { requires: STOCK_READ } },
    async (request) => {
      const { tenantId } = authOf(request);
      const filters = request.body?.filters ?? {};
      const c = cardTable();
      const t = templateTable();
      const s = deriveTable(storeResource);
      const columns = countColumns(todayIn(request.ctx.timeZone, requestInstant(request)));
      const where = and(
        eq(c.tenantId, tenantId),
        filters.storeId ? eq(c.store, filters.storeId) : undefined,
        filters.templateId ? eq(c.template, filters.templateId) : undefined,
        filters.cardType && filters.cardType.length > 0 ? inArray(c.cardType, filters.cardType) : undefined,
      );
      const rows = await db
        .select({
          storeId: c.store,
          storeName: s.name,
          templateId: c.template,
          templateName: t.name,
          cardType: c.cardType,
          ...columns,
        })
        .from(c)
        .leftJoin(s, and(eq(s.tenantId, c.tenantId), eq(s.id, c.store)))
        .leftJoin(t, and(eq(t.tenantId, c.tenantId), eq(t.id, c.template)))
        .where(where)
        .groupBy(c.store, s.name, c.template, t.name, c.cardType)
        .orderBy(s.name, t.name, c.store, c.template)
        .limit(1000);
      const records = rows.map((row) => ({
        storeId: row.storeId === null ? null : Number(row.storeId),
        storeName: row.storeName === null ? null : String(row.storeName),
        templateId: Number(row.templateId),
        templateName: row.templateName === null ? null : String(row.templateName),
        cardType: String(row.cardType),
        ...Object.fromEntries(COUNT_KEYS.map((key) => [key, Number(row[key])])),
      }));
      const totals = Object.fromEntries(COUNT_KEYS.map((key) => [key, records.reduce((n, row) => n + (row as unknown as Counts)[key], 0)]));
      return ok({ records, totals });
    },
  );

  // Binds a sold card to a member (once): the card keeps its own balance, the member may then pay
  // with it at a till without the secret.
  app.post<{ Body: { cardId: number; memberId: number } }>(
    '/v1/prepay-card/bindMember',
    { schema: describeRoute(bindSchema, cardDocs.bindMember), config: { requires: CARD_WRITE } },
    async (request) => {
      const actor = actorOf(request);
      const { cardId, memberId } = request.body;
      await db.transaction(async (tx) => {
        const card = (await lockCards({ tx, tenantId: actor.tenantId, ids: [cardId] })).get(cardId);
        if (!card) throw notFound();
        if (card.state === 'IN_STOCK' || card.state === 'VOIDED') {
          throw conflict('cards.notActive', { card: card.number, state: cardStateText(actor.locale, card.state) });
        }
        if (card.member !== null) throw conflict('cards.alreadyBound', { card: card.number });
        const m = deriveTable(memberResource);
        const [member] = await tx
          .select({ id: m.id })
          .from(m)
          .where(and(eq(m.tenantId, actor.tenantId), eq(m.id, memberId)))
          .for('key share');
        if (!member) throw badInput('error.fieldsInvalid', [{ field: 'memberId', key: 'cards.memberNotFound' }]);
        const c = cardTable();
        await tx
          .update(c)
          .set({ member: memberId, updatedAt: new Date(), updatedBy: actor.userId, version: sql`${c.version} + 1` })
          .where(and(eq(c.tenantId, actor.tenantId), eq(c.id, cardId)));
      });
      return ok(await engine.info(request, cardId));
    },
  );
}
