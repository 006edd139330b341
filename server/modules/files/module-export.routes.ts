import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { answers, objectOf } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { exportFileName } from './export.job';
import { createTask } from './file-task.store';
import { dispatchTask, type RunnerDeps } from './file-task.runner';
import { MODULE_EXPORT_KIND } from './module-export';
import { requesterOf } from './task-requester';

/**
 * `POST /v1/<path>` of every module export (module-exports.ts, handed in as `deps.exports`): checks the list's grants and
 * scope, saves the query and the requester in a file task and answers `{taskId}` at once.
 */
export async function moduleExportRoutes(app: FastifyInstance, deps: RunnerDeps): Promise<void> {
  for (const moduleExport of deps.exports.values()) {
    app.post<{ Body: { filters?: unknown } | undefined }>(
      `/v1/${moduleExport.path}`,
      {
        schema: {
          body: moduleExport.body,
          tags: ['files'],
          operationId: `files.export.${moduleExport.name}`,
          summary: 'Start exporting the rows that match the list query to an .xlsx file; answers {taskId}',
          response: answers(objectOf({ taskId: { type: 'integer', description: 'The file task (GET /v1/file-task/info/{id})' } })),
        },
        config: { requires: moduleExport.requires },
      },
      async (request) => {
        const auth = authOf(request);
        const requester = requesterOf(request);
        moduleExport.check(requester);
        const query = request.body ?? {};
        const fileName = exportFileName({ title: moduleExport.title(requester), at: new Date(), zone: requester.timeZone });
        const taskId = await createTask({
          db: app.database.db,
          owner: auth,
          module: moduleExport.module,
          direction: 'export',
          resource: moduleExport.name,
          fileName,
          params: { kind: MODULE_EXPORT_KIND, requester, query },
        });
        await dispatchTask({ deps, jobs: app.jobs, data: { tenantId: auth.tenantId, taskId } });
        return ok({ taskId });
      },
    );
  }
}
