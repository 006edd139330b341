import { announcedTable } from '../modules/auth/tenant-cache';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ResourceDef } from '../../resources/define';
import { crudMessages } from '../../resources/messages/crud.messages';
import { resourceMessages } from '../../resources/resource-messages';
import { registerDerivedMessages } from '../modules/i18n/translate';
import { registerResourceRoutes } from './crud.routes';
import { buildRegistry, servedResources } from './resource-registry';
import type { ResourceHooks } from './server-hooks.define';
import { loadSecretKey } from './secret-box';

/**
 * The declaration engine's server side: for every served resource, its routes (with their
 * permission requirements and JSON schemas) and its derived i18n keys. Tables come from the
 * committed migrations, generated from the same derivation (`npm run db:generate`).
 */

// The derived books are process-wide (translate.ts); an app built twice (tests) adds each once.
const registeredBooks = new Set<string>();

function registerMessages(resources: readonly ResourceDef[]): void {
  if (!registeredBooks.has('crud')) {
    registeredBooks.add('crud');
    registerDerivedMessages(crudMessages);
  }
  const fresh = resources.filter((r) => !registeredBooks.has(`res.${r.name}`));
  for (const r of fresh) registeredBooks.add(`res.${r.name}`);
  if (fresh.length > 0) registerDerivedMessages(resourceMessages(fresh));
}

/**
 * The engine serving RESOURCES with the given server hooks (and anything a test mounted with
 * `mountResources`, read when the plugin registers). server/modules/index.ts passes the product's
 * hooks (server/modules/resource-hooks.ts).
 */
export function createCrudModule(hooks: readonly ResourceHooks[]): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const served = servedResources(hooks);
    const registry = buildRegistry(served);
    registerMessages(served.resources);
    // Secret fields are sealed and masked with the installation's key (secret-box.ts).
    await loadSecretKey({ db: app.database.db, secretKey: app.config.secretKey });
    for (const runtime of registry.runtimes) await registerResourceRoutes(app, { runtime, registry });
    // A write to a table some process cache follows (tenant-cache.ts) answers once this process
    // has heard the change's notice: the caller's next call finds no copy from before it.
    const announced = registry.runtimes.filter((r) => announcedTable(r.resource.table)).map((r) => `/v1/${r.resource.name}/`);
    app.addHook('onSend', async (request, reply, payload) => {
      const url = request.routeOptions.url ?? '';
      if (request.method !== 'GET' && reply.statusCode < 400 && announced.some((base) => url.includes(base))) await app.sessionCache.sync();
      return payload;
    });
  };
}
