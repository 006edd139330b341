import type { FastifyInstance } from 'fastify';
import { QUERY_VIEWS } from '../../resources/query-views';
import { queryViewRoutes } from '../crud/query-view.routes';
import type { ViewSource } from '../crud/query-view.source';
import { prepayCardHistorySource } from './cards/prepay-card-history.source';
import { valueHistorySource } from './stored-value-docs/value-history.source';

/**
 * The source of every query view (server/crud/query-view.source.ts), one line per view, in the
 * order of `QUERY_VIEWS`; handed to the engine's routes and exports, never imported by it.
 */
export const QUERY_VIEW_SOURCES: readonly ViewSource[] = [valueHistorySource, prepayCardHistorySource];

const missing = QUERY_VIEWS.filter((view) => !QUERY_VIEW_SOURCES.some((s) => s.view === view)).map((v) => v.name);
if (missing.length > 0) throw new Error(`query views without a source: ${missing.join(', ')}`);

/** The routes of every query view. */
export async function queryViewsPlugin(app: FastifyInstance): Promise<void> {
  await queryViewRoutes(app, QUERY_VIEW_SOURCES);
}
