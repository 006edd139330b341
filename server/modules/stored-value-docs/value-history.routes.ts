import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { KEYSET_PAGING_PROPERTIES } from '../reads/paging';
import { lookUpStores, STORE_LOOKUP_SCHEMA } from '../reads/store-lookup';
import { STORED_VALUE_READ } from '../stored-value/stored-value.routes';
import { HISTORY_FILTERS_SCHEMA, historyConditions, readEntries, type HistoryFilters } from './value-history.query';
import { valueHistoryDocs } from './value-history.openapi';

/**
 * Reads of the stored-value history (deposit/store-value-query/store-value-hst-detail), for any
 * grant that reads stored-value accounts:
 *
 * - `POST /v1/store-value-hst-detail/query`: the entries of the filter, newest first, paged by
 *   page number or by keyset (`cursor`: the last id of the previous page), with totals over the
 *   whole filter: overall, by channel and by kind (a filter over more than 100 000 entries sums
 *   the newest 100 000 and says so, as the total does).
 * - `GET /v1/store-value-hst-detail/stores`: store names for the store column and filter.
 * - `POST /v1/store-value-hst-detail/export` is the module export (value-history.export.ts).
 */

/** Entries counted and summed exactly before the answer says "more than". */
export const HISTORY_CAP = 100_000;

interface QueryBody {
  page?: number;
  pageSize?: number;
  cursor?: number | null;
  filters?: HistoryFilters;
}

const querySchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...KEYSET_PAGING_PROPERTIES,
      filters: HISTORY_FILTERS_SCHEMA,
    },
  },
} as const;

interface SumRow extends Record<string, unknown> {
  kind: string | null;
  channel: string | null;
  by_kind: number;
  by_channel: number;
  entries: number;
  principal: string;
  gift: string;
  amount: string;
  amount_in: string;
  amount_out: string;
}

/** A sum of entries as the answer carries it. */
const sumOf = (r: SumRow) => ({
  entries: Number(r.entries),
  principal: Number(r.principal),
  gift: Number(r.gift),
  amount: Number(r.amount),
  amountIn: Number(r.amount_in),
  amountOut: Number(r.amount_out),
});

export async function valueHistoryRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post<{ Body: QueryBody }>(
    '/v1/store-value-hst-detail/query',
    { schema: describeRoute(querySchema, valueHistoryDocs.query), config: { requires: STORED_VALUE_READ } },
    async (request) => {
      const { tenantId } = authOf(request);
      const { page = 1, pageSize = 20, cursor, filters = {} } = request.body ?? {};
      const timeZone = request.ctx.timeZone;
      const where = historyConditions({ tenantId, filters, timeZone });
      const records = await readEntries({
        db,
        where,
        limit: pageSize,
        before: cursor ?? null,
        offset: cursor ? 0 : (page - 1) * pageSize,
        timeZone,
      });
      // One pass over the (capped) filter: the whole, each channel, each kind.
      const sums = await db.execute<SumRow>(sql`select kind, channel, grouping(kind) as by_kind, grouping(channel) as by_channel,
          count(*) as entries, coalesce(sum(principal_delta), 0) as principal, coalesce(sum(gift_delta), 0) as gift,
          coalesce(sum(principal_delta + gift_delta), 0) as amount,
          coalesce(sum(principal_delta + gift_delta) filter (where principal_delta + gift_delta > 0), 0) as amount_in,
          coalesce(-sum(principal_delta + gift_delta) filter (where principal_delta + gift_delta < 0), 0) as amount_out
        from (select e.kind, e.channel, e.principal_delta, e.gift_delta from value_entries e where ${where}
          order by e.id desc limit ${HISTORY_CAP + 1}) capped
        group by grouping sets ((), (kind), (channel))`);
      const rows = sums.rows;
      const whole = rows.find((r) => Number(r.by_kind) === 1 && Number(r.by_channel) === 1);
      const total = whole ? Number(whole.entries) : 0;
      return ok({
        total: Math.min(total, HISTORY_CAP),
        totalIsEstimate: total > HISTORY_CAP,
        records,
        nextCursor: records.length === pageSize ? records[records.length - 1].id : null,
        totals: whole
          ? sumOf(whole)
          : sumOf({ entries: 0, principal: '0', gift: '0', amount: '0', amount_in: '0', amount_out: '0' } as SumRow),
        byKind: rows.filter((r) => Number(r.by_kind) === 0).map((r) => ({ kind: String(r.kind), ...sumOf(r) })),
        byChannel: rows.filter((r) => Number(r.by_channel) === 0).map((r) => ({ channel: r.channel, ...sumOf(r) })),
      });
    },
  );

  app.get<{ Querystring: { id?: number[]; keyword?: string } }>(
    '/v1/store-value-hst-detail/stores',
    { schema: describeRoute(STORE_LOOKUP_SCHEMA, valueHistoryDocs.stores), config: { requires: STORED_VALUE_READ } },
    async (request) => {
      const { tenantId } = authOf(request);
      return ok(await lookUpStores({ db, tenantId, ids: request.query.id, keyword: request.query.keyword }));
    },
  );
}
