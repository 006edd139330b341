import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { answers, objectOf } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { dispatchTask, type RunnerDeps } from './file-task.runner';
import { workbookUpload } from './files.openapi';
import { MODULE_IMPORT_KIND, type ModuleImport } from './module-import';
import { queueImport, uploadOf } from './resource-files.routes';
import { requesterOf } from './task-requester';

/**
 * `POST /v1/<path>` of every module import (module-exports.ts `MODULE_IMPORTS`): the import's
 * grants, its parameters checked now (`prepare`), then the workbook saved with the requester and
 * the parameters in a file task, which answers `{taskId}` at once. Registered with the resource
 * imports (resource-files.routes.ts), whose parser takes the raw workbook body.
 */
export async function moduleImportRoutes(
  app: FastifyInstance,
  deps: RunnerDeps,
  imports: ReadonlyMap<string, ModuleImport>,
): Promise<void> {
  const db = app.database.db;
  for (const moduleImport of imports.values()) {
    const query = moduleImport.query as { properties?: Record<string, unknown>; required?: string[] };
    app.post<{ Querystring: Record<string, unknown> & { fileName?: string } }>(
      `/v1/${moduleImport.path}`,
      {
        schema: {
          querystring: {
            ...query,
            type: 'object',
            properties: { ...query.properties, fileName: { type: 'string', maxLength: 200, description: 'Name of the uploaded file' } },
          },
          body: workbookUpload,
          tags: ['files'],
          operationId: `files.import.${moduleImport.name}`,
          summary: 'Start importing an .xlsx file (the raw workbook with ?fileName=, or {fileName, content (base64)}); answers {taskId}',
          response: answers(
            objectOf({ taskId: { type: 'integer', description: 'The file task (GET /v1/file-task/info/{id})' } }),
            'badInput',
            'forbidden',
            'notFound',
            'conflict',
          ),
        },
        config: { requires: moduleImport.requires },
      },
      async (request) => {
        const auth = authOf(request);
        const requester = requesterOf(request);
        const { fileName: _fileName, ...asked } = request.query;
        const params = await moduleImport.prepare({ database: app.database, requester, query: asked });
        const taskId = await queueImport({
          db,
          owner: auth,
          module: moduleImport.module,
          resource: moduleImport.name,
          upload: uploadOf(request),
          params: { kind: MODULE_IMPORT_KIND, requester, params },
        });
        await dispatchTask({ deps, jobs: app.jobs, data: { tenantId: auth.tenantId, taskId } });
        return ok({ taskId });
      },
    );
  }
}
