import type { FastifyPluginAsync } from 'fastify';
import { createCrudModule } from '../crud/crud.module';
import type { OpenApiTag } from '../http/openapi.plugin';
import { accessHook } from './auth/access.hook';
import type { DomainManifest, DomainPlugin, DomainWiring } from './domain-manifest';
import { DOMAINS } from './domains';
import { MODULE_EXPORTS, MODULE_IMPORTS } from './module-exports';
import { domainViewsPlugin } from './query-views';
import { SERVER_HOOKS } from './resource-hooks';

/**
 * A domain's plugins as its manifest lists them, then the routes of its query views (one plugin,
 * `<domain>-views`), so a view's routes sit beside the rest of its domain in the OpenAPI document.
 */
function pluginsOf(domain: DomainManifest): readonly DomainPlugin[] {
  const plugins = domain.plugins ?? [];
  const views = domain.views ?? [];
  return views.length === 0 ? plugins : [...plugins, { name: `${domain.name}-views`, plugin: domainViewsPlugin(views) }];
}

/**
 * Every server plugin, registered in this order under the service base (`/loyalty`) with
 * `DOMAIN_WIRING` as its options: the access hook, the plugins of every domain in the order of
 * `domains.ts` (each manifest lists its own, its query views' routes after them), and the
 * declaration engine's routes last. A plugin's routes start with `/v1/…`; it reaches the database
 * through `app.database`. Adding a domain's routes is a line in its manifest, not here.
 */
export const MODULES: ReadonlyArray<{ name: string; plugin: FastifyPluginAsync<DomainWiring> }> = [
  // First: the session and permission hook must exist before any route is added after it.
  { name: 'access', plugin: accessHook },
  ...DOMAINS.flatMap(pluginsOf),
  { name: 'crud', plugin: createCrudModule(SERVER_HOOKS) },
];

/** The OpenAPI tags of the domains' own operations (not a menu group's), in the order of `domains.ts`. */
export const OPENAPI_TAGS: readonly OpenApiTag[] = DOMAINS.flatMap((domain) => domain.tags ?? []);

/** The lists derived from every manifest, handed to each plugin as its options. */
export const DOMAIN_WIRING: DomainWiring = {
  hooks: SERVER_HOOKS,
  exports: MODULE_EXPORTS,
  imports: MODULE_IMPORTS,
  approvals: DOMAINS.flatMap((domain) => domain.approvals ?? []),
};
