import type { FastifyInstance } from 'fastify';
import { buildRegistry, servedResources } from '../../crud/resource-registry';
import type { DomainWiring } from '../domain-manifest';
import type { BatchDeps } from './batch-operations';
import { registerInlineRunner, resumeRunning, workBatches } from './batch.job';

/**
 * The batch operation runner (server module `batch`): with a queue, this process works on
 * queued runs and, once the app is ready, re-queues the documents a stopped process left
 * RUNNING; without one (tests built with `jobs: null`), audits run their documents here, and
 * closing the app waits for those runs. The routes of the documents are the resource's own
 * (batch-operate.hooks.ts).
 */
export async function batchPlugin(app: FastifyInstance, wiring: DomainWiring): Promise<void> {
  const deps: BatchDeps = { database: app.database, registry: buildRegistry(servedResources(wiring.hooks)), log: app.log };
  const inline = registerInlineRunner(deps);
  app.addHook('onClose', async () => inline.settle());
  const jobs = app.jobs;
  if (!jobs) return;
  await workBatches({ deps, jobs });
  app.addHook('onReady', async () => {
    const resumed = await resumeRunning({ deps, jobs }).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not resume batch operations');
      return 0;
    });
    if (resumed > 0) app.log.info({ resumed }, 'batch operations resumed');
  });
}
