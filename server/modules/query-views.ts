import type { FastifyInstance } from 'fastify';
import { QUERY_VIEWS } from '../../resources/query-views';
import { queryViewRoutes } from '../crud/query-view.routes';
import type { ViewSource } from '../crud/query-view.source';
import { DOMAINS } from './domains';

/**
 * The source of every query view (server/crud/query-view.source.ts), gathered from the `views` of
 * the domains' manifests; handed to the engine's routes and exports, never imported by it.
 */
export const QUERY_VIEW_SOURCES: readonly ViewSource[] = DOMAINS.flatMap((domain) => domain.views ?? []);

// A declared view no domain serves, or a source of a view the browser does not know (no screen,
// no labels), stops the server at start-up rather than answering 404 or serving unnamed columns.
const missing = QUERY_VIEWS.filter((view) => !QUERY_VIEW_SOURCES.some((s) => s.view === view)).map((v) => v.name);
if (missing.length > 0) throw new Error(`query views without a source: ${missing.join(', ')}`);
const undeclared = QUERY_VIEW_SOURCES.filter((s) => !QUERY_VIEWS.includes(s.view)).map((s) => s.view.name);
if (undeclared.length > 0) throw new Error(`query view sources of views missing from QUERY_VIEWS: ${undeclared.join(', ')}`);
const names = QUERY_VIEW_SOURCES.map((s) => s.view.name);
const twice = names.filter((name, i) => names.indexOf(name) !== i);
if (twice.length > 0) throw new Error(`query views with two sources: ${twice.join(', ')}`);

/** The plugin serving the routes of one domain's query views (server/modules/index.ts). */
export const domainViewsPlugin =
  (sources: readonly ViewSource[]) =>
  async (app: FastifyInstance): Promise<void> => {
    await queryViewRoutes(app, sources);
  };
