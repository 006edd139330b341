import type { FastifyInstance } from 'fastify';
import { buildRegistry, servedResources } from '../../crud/resource-registry';
import type { DomainWiring } from '../domain-manifest';
import { fileTaskRoutes } from './file-task.routes';
import { workFileTasks, type RunnerDeps } from './file-task.runner';
import { moduleExportRoutes } from './module-export.routes';
import { moduleImportRoutes } from './module-import.routes';
import { resourceFileRoutes } from './resource-files.routes';

/**
 * The file centre (server module `files`): export and import routes of every resource that
 * declares `files`, the caller's task list and downloads, and the worker that runs file tasks
 * from the shared queue. Registered after the access hook (server/modules/index.ts).
 */
export async function filesPlugin(app: FastifyInstance, wiring: DomainWiring): Promise<void> {
  const registry = buildRegistry(servedResources(wiring.hooks));
  const deps: RunnerDeps = { database: app.database, registry, exports: wiring.exports, imports: wiring.imports, log: app.log };
  await fileTaskRoutes(app, deps);
  await resourceFileRoutes(app, deps);
  await moduleExportRoutes(app, deps);
  await moduleImportRoutes(app, deps, wiring.imports);
  if (app.jobs) await workFileTasks({ deps, jobs: app.jobs });
}
