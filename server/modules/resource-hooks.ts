import type { ResourceHooks } from '../crud/server-hooks.define';
import { DOMAINS } from './domains';

/**
 * The server hooks of every resource that has them, gathered from the domains' manifests
 * (`hooks` of `<domain>/<domain>.manifest.ts`). Adding hooks is writing
 * `server/modules/<domain>/<name>.hooks.ts` (`export const xHooks = defineServerHooks('x', {...})`)
 * and naming it in its domain's manifest. The list is handed to the engine
 * (`createCrudModule(SERVER_HOOKS)` in index.ts, `servedResources(SERVER_HOOKS)` through the
 * plugins' options), which never imports it: the hooks use the engine, not the other way round.
 */
export const SERVER_HOOKS: readonly ResourceHooks[] = DOMAINS.flatMap((domain) => domain.hooks ?? []);
