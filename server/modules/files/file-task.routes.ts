import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../resources/messages/bilingual';
import { notFound, ok } from '../../http/envelope';
import { authOf } from '../auth/access.hook';
import { translate } from '../i18n/translate';
import { formatDateTime } from '../../crud/zoned-time';
import { chunkReader } from './file-chunks.store';
import { findOwnTask, listOwnTasks, type FileTaskRow, type TaskFilters, type TaskOwner } from './file-task.store';
import type { FileTaskView } from '../../../resources/contract/file-task.types';
import * as schemas from './files.schemas';

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
 * The file centre's API: the caller's own tasks, one task, and its file. Any signed-in user may
 * call them; each answers only about the caller's own tasks, and another user's task is "not
 * found" rather than "forbidden", so ids reveal nothing.
 */
export async function fileTaskRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const access = { signedIn: true } as const;

  app.post<{ Body: { page?: number; pageSize?: number; filters?: TaskFilters } | undefined }>('/v1/file-task/query', {
    schema: schemas.queryTasksSchema, config: access,
  }, async (request) => {
    const body = request.body ?? {};
    const page = await listOwnTasks({
      db, owner: ownerOf(authOf(request)), filters: body.filters ?? {}, page: body.page ?? 1, pageSize: body.pageSize ?? 20,
    });
    return ok({ total: page.total, records: page.records.map((row) => taskView(row, request.ctx)) });
  });

  app.get<{ Params: { id: number } }>('/v1/file-task/info/:id', { schema: schemas.taskInfoSchema, config: access }, async (request) => {
    const row = await findOwnTask({ db, owner: ownerOf(authOf(request)), id: request.params.id });
    if (!row) throw notFound();
    return ok(taskView(row, request.ctx));
  });

  app.get<{ Params: { id: number } }>('/v1/file-task/download/:id', { schema: schemas.downloadSchema, config: access }, async (request, reply) => {
    const auth = authOf(request);
    const row = await findOwnTask({ db, owner: ownerOf(auth), id: request.params.id });
    if (!row) throw notFound();
    if (!row.outputName) throw notFound('files.error.noOutput');
    reply.header('content-type', XLSX_MIME);
    reply.header('content-disposition', attachmentHeader(row.outputName));
    reply.header('cache-control', 'private, no-store');
    return reply.send(chunkReader({ db, tenantId: auth.tenantId, taskId: row.id, part: 'output' }));
  });
}
