import type { FastifyInstance } from 'fastify';
import { buildRegistry, servedResources } from '../../crud/resource-registry';
import { SERVER_HOOKS } from '../resource-hooks';
import { fileTaskRoutes } from './file-task.routes';
import { workFileTasks, type RunnerDeps } from './file-task.runner';
import { moduleExportRoutes } from './module-export.routes';
import { resourceFileRoutes } from './resource-files.routes';

/**
 * The file centre (server module `files`): export and import routes of every resource that
 * declares `files`, the caller's task list and downloads, and the worker that runs file tasks
 * from the shared queue. Registered after the access hook (server/modules/index.ts).
 */
export async function filesPlugin(app: FastifyInstance): Promise<void> {
  const deps: RunnerDeps = { database: app.database, registry: buildRegistry(servedResources(SERVER_HOOKS)), log: app.log };
  await fileTaskRoutes(app, deps.registry);
  await resourceFileRoutes(app, deps);
  await moduleExportRoutes(app, deps);
  if (app.jobs) await workFileTasks({ deps, jobs: app.jobs });
}
