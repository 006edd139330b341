import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { describeRoute } from '../http/openapi.schemas';
import { lookUpAreas, lookUpStores, STORE_LOOKUP_SCHEMA } from '../modules/reads/store-lookup';
import { actorOf, type Actor } from './actor';
import {
  asOfNow,
  readViewChart,
  readViewRows,
  readViewTotals,
  replicaAsOf,
  SORT_VALUE,
  viewConditions,
  type ViewFilters,
  type ViewSort,
} from './query-view.read';
import { filtersBodySchema, queryBodySchema, queryViewDocs } from './query-view.schema';
import type { ViewSource } from './query-view.source';

/**
 * The routes of every query view (resources/query-view.ts), each requiring any of the view's
 * grants (the access hook enforces `config.requires`):
 *
 * - `POST /v1/<view>/query`: rows of the filter, key descending (or the view's key `order`, or
 *   a sortable column's `sorters` then the key), paged by page number or, in the key order, by
 *   keyset (`cursor`: the last key of the previous page), with the filter's exact totals and its
 *   grouped totals by each of the view's `groups`, each group carrying the filters that list
 *   the rows behind it (`drill`).
 * - `POST /v1/<view>/chart` (a view with a chart): the trend over the time range by day, week or
 *   month as the range's length says, the share, the previous period and the same period last year.
 * - `GET /v1/<view>/stores` (a view with a store filter or dimension) and `GET /v1/<view>/areas`
 *   (a view with an area filter): store and area names, for readers who do not hold the master
 *   data's permission.
 * - `POST /v1/<view>/export` is the view's module export (query-view.export.ts).
 */
export async function queryViewRoutes(app: FastifyInstance, sources: readonly ViewSource[]): Promise<void> {
  for (const source of sources) {
    const view = source.view;
    // A report reads the replica when there is one; its figures are as of the replica's last replay.
    const database = view.replica ? app.reportsDatabase : app.database;
    const db = database.db;
    const asOf = (actor: Actor) => (database === app.database ? Promise.resolve(asOfNow(actor)) : replicaAsOf(db, actor));
    const docs = queryViewDocs(view);
    const config = { requires: view.access };

    app.post<{
      Body: { page?: number; pageSize?: number; cursor?: number | null; filters?: ViewFilters; sorters?: ViewSort[] } | undefined;
    }>(`/v1/${view.name}/query`, { schema: describeRoute({ body: queryBodySchema(view) }, docs.query), config }, async (request) => {
      const actor = actorOf(request);
      const { page = 1, pageSize = 20, cursor = null, filters = {}, sorters = [] } = request.body ?? {};
      const sort = sorters[0] ?? null;
      // The keyset cursor walks the key order; a sorted list pages by number.
      const keyset = sort === null ? cursor : null;
      const where = viewConditions({ source, actor, filters });
      const records = await readViewRows({
        db,
        source,
        actor,
        where,
        limit: pageSize,
        before: keyset,
        sort,
        offset: keyset ? 0 : (page - 1) * pageSize,
      });
      const sums = await readViewTotals({ db, source, actor, filters, groups: view.groups ?? [] });
      return ok({
        asOf: await asOf(actor),
        total: sums.rows,
        totalIsEstimate: false,
        records: sort ? records.map(({ [SORT_VALUE]: _, ...row }) => row) : records,
        nextCursor: sort === null && records.length === pageSize ? Number(records[records.length - 1][view.key]) : null,
        totals: sums.totals,
        groups: sums.groups,
      });
    });

    if (docs.chart) {
      app.post<{ Body: { filters?: ViewFilters } | undefined }>(
        `/v1/${view.name}/chart`,
        { schema: describeRoute({ body: filtersBodySchema(view) }, docs.chart), config },
        async (request) => {
          const actor = actorOf(request);
          return ok({ ...(await readViewChart({ db, source, actor, filters: request.body?.filters ?? {} })), asOf: await asOf(actor) });
        },
      );
    }

    const hasStores =
      Object.values(view.filters).some((f) => f.kind === 'store') || Object.values(view.dimensions ?? {}).some((d) => d.kind === 'store');
    if (hasStores) {
      app.get<{ Querystring: { id?: number[]; keyword?: string } }>(
        `/v1/${view.name}/stores`,
        { schema: describeRoute(STORE_LOOKUP_SCHEMA, docs.stores), config },
        async (request) => {
          const { tenantId } = actorOf(request);
          return ok(await lookUpStores({ db, tenantId, ids: request.query.id, keyword: request.query.keyword }));
        },
      );
    }

    if (Object.values(view.filters).some((f) => f.kind === 'area')) {
      app.get<{ Querystring: { id?: number[]; keyword?: string } }>(
        `/v1/${view.name}/areas`,
        { schema: describeRoute(STORE_LOOKUP_SCHEMA, docs.areas), config },
        async (request) => {
          const { tenantId } = actorOf(request);
          return ok(await lookUpAreas({ db, tenantId, ids: request.query.id, keyword: request.query.keyword }));
        },
      );
    }
  }
}
