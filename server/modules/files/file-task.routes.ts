import type { FastifyInstance } from 'fastify';
import { holdsAny } from '../../../resources/access';
import type { Locale } from '../../../resources/messages/bilingual';
import type { AuthContext } from '../../http/auth-types';
import { forbidden, notFound, ok } from '../../http/envelope';
import type { EngineRegistry } from '../../crud/resource-registry';
import { readRefs, writeRefs } from '../../crud/route-access';
import { authOf } from '../auth/access.hook';
import { translate } from '../i18n/translate';
import { formatDateTime } from '../../crud/zoned-time';
import { chunkReader } from './file-chunks.store';
import { findOwnTask, listOwnTasks, type FileTaskRow, type TaskFilters, type TaskOwner } from './file-task.store';
import type { FileTaskView } from '../../../resources/contract/file-task.types';
import * as schemas from './files.schemas';
import { MODULE_EXPORT_KIND, type ModuleExport } from './module-export';
import { MODULE_IMPORT_KIND, type ModuleImport } from './module-import';
import type { RunnerDeps } from './file-task.runner';
import { filesDocs as docs } from './files.openapi';

/** MIME type of an .xlsx workbook. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A task as the client sees it: dates in the caller's zone, the failure in the caller's language. */
export function taskView(row: FileTaskRow, ctx: { locale: Locale; timeZone: string }): FileTaskView {
  return {
    id: row.id,
    module: row.module as FileTaskView['module'],
    direction: row.direction as FileTaskView['direction'],
    resource: row.resource,
    state: row.state as FileTaskView['state'],
    progress: row.progress,
    total: row.total,
    processed: row.processed,
    failed: row.failed,
    fileName: row.fileName,
    outputName: row.outputName,
    error: row.errorKey ? translate(ctx.locale, row.errorKey, row.errorValues ?? undefined) : null,
    problems: row.problems ?? null,
    createdAt: formatDateTime(row.createdAt, ctx.timeZone) ?? '',
    finishedAt: formatDateTime(row.finishedAt, ctx.timeZone),
  };
}

/** `attachment` with the name in both the plain and the RFC 5987 form (Chinese names survive). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const ownerOf = (auth: { tenantId: number; userId: number }): TaskOwner => ({ tenantId: auth.tenantId, userId: auth.userId });

/**
 * Whether the caller may still have the task's file: the grant the task needed when it was
 * asked for, checked again now, on every download. An export holds the resource's records, so
 * it needs the resource's read grant; an import's error report echoes the uploaded rows, so it
 * needs the write grant the import needed. A user whose role lost the grant since (or a task of
 * a resource no longer served) gets 403, even for their own file.
 */
export function mayDownload(args: {
  registry: EngineRegistry;
  exports: ReadonlyMap<string, ModuleExport>;
  imports: ReadonlyMap<string, ModuleImport>;
  auth: AuthContext;
  task: FileTaskRow;
}): boolean {
  if (args.task.params.kind === MODULE_IMPORT_KIND) {
    // A module import's error report echoes the uploaded rows: it needs what starting the import needs.
    const moduleImport = args.imports.get(args.task.resource);
    return moduleImport !== undefined && holdsAny(args.auth.grants, moduleImport.requires);
  }
  if (args.task.params.kind === MODULE_EXPORT_KIND) {
    // A module export (module-export.ts) needs what reading its list needs.
    const moduleExport = args.exports.get(args.task.resource);
    return moduleExport !== undefined && holdsAny(args.auth.grants, moduleExport.requires);
  }
  const runtime = args.registry.runtimes.find((r) => r.resource.name === args.task.resource);
  if (!runtime) return false;
  const refs = args.task.direction === 'import' ? writeRefs(runtime) : readRefs(runtime);
  return holdsAny(args.auth.grants, refs);
}

/**
 * The file centre's API: the caller's own tasks, one task, and its file. Any signed-in user may
 * call them; each answers only about the caller's own tasks, and another user's task is "not
 * found" rather than "forbidden", so ids reveal nothing. Downloading a file also needs, at that
 * moment, the grant its task needed ({@link mayDownload}).
 */
export async function fileTaskRoutes(app: FastifyInstance, deps: Pick<RunnerDeps, 'registry' | 'exports' | 'imports'>): Promise<void> {
  const { registry, exports, imports } = deps;
  const db = app.database.db;
  const access = { signedIn: true } as const;

  app.post<{ Body: { page?: number; pageSize?: number; filters?: TaskFilters } | undefined }>(
    '/v1/file-task/query',
    {
      schema: { ...schemas.queryTasksSchema, ...docs.query },
      config: access,
    },
    async (request) => {
      const body = request.body ?? {};
      const page = await listOwnTasks({
        db,
        owner: ownerOf(authOf(request)),
        filters: body.filters ?? {},
        page: body.page ?? 1,
        pageSize: body.pageSize ?? 20,
      });
      return ok({ total: page.total, records: page.records.map((row) => taskView(row, request.ctx)) });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/v1/file-task/info/:id',
    { schema: { ...schemas.taskInfoSchema, ...docs.info }, config: access },
    async (request) => {
      const row = await findOwnTask({ db, owner: ownerOf(authOf(request)), id: request.params.id });
      if (!row) throw notFound();
      return ok(taskView(row, request.ctx));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/v1/file-task/download/:id',
    { schema: { ...schemas.downloadSchema, ...docs.download }, config: access },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await findOwnTask({ db, owner: ownerOf(auth), id: request.params.id });
      if (!row) throw notFound();
      if (!row.outputName) throw notFound('files.error.noOutput');
      if (!mayDownload({ registry, exports, imports, auth, task: row })) throw forbidden();
      reply.header('content-type', XLSX_MIME);
      reply.header('content-disposition', attachmentHeader(row.outputName));
      reply.header('cache-control', 'private, no-store');
      return reply.send(chunkReader({ db, tenantId: auth.tenantId, taskId: row.id, part: 'output' }));
    },
  );
}
