import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pick } from '../../../resources/messages/bilingual';
import { badInput, ok } from '../../http/envelope';
import { readRefs, writeRefs } from '../../crud/route-access';
import { crudDocs, resourceTags } from '../../crud/crud.openapi';
import { scopeOf } from '../../crud/scope';
import { authOf } from '../auth/access.hook';
import { saveFile } from './file-chunks.store';
import { createTask, type TaskOwner } from './file-task.store';
import type { Db } from '../../db/connection';
import type { FileModule } from '../../../resources/define';
import { dispatchTask, type RunnerDeps } from './file-task.runner';
import { MAX_IMPORT_MB } from '../../../resources/contract/file-task.types';
import { PassThrough } from 'node:stream';
import { attachmentHeader, XLSX_MIME } from './file-task.routes';
import { answers } from '../../http/openapi.schemas';
import { headerOf, importableFields } from './sheet-header';
import { openSheet } from './xlsx.writer';
import { exportFileName, exportPlan, type ExportQuery } from './export.job';
import * as schemas from './files.schemas';
import { workbookAnswer, workbookUpload } from './files.openapi';
import { requesterOf } from './task-requester';

const MAX_BYTES = MAX_IMPORT_MB * 1024 * 1024;

interface ImportJson {
  readonly fileName?: unknown;
  readonly content?: unknown;
}

/** The 400 of an uploaded workbook refused as a whole: it names the field `file`. */
export const fileRefused = (key: string, values: Record<string, string | number> = {}) =>
  badInput(key, [{ field: 'file', key, values: { label: 'file', ...values } }], values);

/** The uploaded workbook and its name, from a raw body or a `{fileName, content}` JSON body. */
export function uploadOf(request: FastifyRequest<{ Querystring: { fileName?: string } }>): { bytes: Buffer; fileName: string } {
  const body = request.body as Buffer | ImportJson | undefined;
  let bytes: Buffer | null = null;
  let fileName = request.query.fileName ?? '';
  if (Buffer.isBuffer(body)) bytes = body;
  else if (body && typeof body === 'object' && typeof body.content === 'string') {
    bytes = Buffer.from(body.content, 'base64');
    if (typeof body.fileName === 'string') fileName = body.fileName;
  }
  if (!bytes || bytes.length === 0) throw fileRefused('files.error.emptyFile');
  if (bytes.length > MAX_BYTES) throw fileRefused('files.tooLarge', { max: MAX_IMPORT_MB });
  // An .xlsx is a zip archive: it starts with "PK".
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw fileRefused('files.error.notXlsx');
  const name = fileName.trim().replace(/[\\/]/g, '_').slice(0, 200);
  return { bytes, fileName: name.toLowerCase().endsWith('.xlsx') ? name : `${name || 'import'}.xlsx` };
}

/** Saves an uploaded workbook with a new import task, in one transaction; answers the task's id (then dispatch it). */
export function queueImport(args: {
  db: Db;
  owner: TaskOwner;
  module: FileModule;
  resource: string;
  upload: { bytes: Buffer; fileName: string };
  params: Record<string, unknown>;
}): Promise<number> {
  return args.db.transaction(async (tx) => {
    const id = await createTask({
      db: tx,
      owner: args.owner,
      module: args.module,
      direction: 'import',
      resource: args.resource,
      fileName: args.upload.fileName,
      params: args.params,
    });
    await saveFile({ db: tx, tenantId: args.owner.tenantId, taskId: id, part: 'input' }, args.upload.bytes);
    return id;
  });
}

/**
 * `POST /v1/<resource>/export` and `/import` for every served resource that declares `files`.
 * Both answer at once with `{taskId}`; the work runs as a file task (file-task.runner.ts).
 * Export needs the resource's read grants and checks its query as the list would (400 now, not a
 * failed task later); import needs the write grant and `files.importable`.
 */
export async function resourceFileRoutes(app: FastifyInstance, deps: RunnerDeps): Promise<void> {
  const db = app.database.db;
  // Workbooks may be sent as the raw body, which is then kept as a Buffer.
  const raw = (_request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: Buffer) => void) => done(null, body);
  app.addContentTypeParser([XLSX_MIME, 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_BYTES }, raw);

  for (const runtime of deps.registry.runtimes) {
    const { resource } = runtime;
    const files = resource.files;
    if (!files) continue;

    app.post<{ Body: ExportQuery | undefined }>(
      `/v1/${resource.name}/export`,
      {
        schema: { ...schemas.exportSchema, tags: resourceTags(resource), ...crudDocs(resource, 'export') },
        config: { requires: readRefs(runtime) },
      },
      async (request) => {
        const auth = authOf(request);
        const requester = requesterOf(request);
        const query = request.body ?? {};
        exportPlan({ runtime, scope: scopeOf(requester, runtime), query, requester, database: app.database });
        const fileName = exportFileName({ title: pick(resource.title, requester.locale), at: new Date(), zone: requester.timeZone });
        const taskId = await createTask({
          db,
          owner: auth,
          module: files.module,
          direction: 'export',
          resource: resource.name,
          fileName,
          params: { requester, query },
        });
        await dispatchTask({ deps, jobs: app.jobs, data: { tenantId: auth.tenantId, taskId } });
        return ok({ taskId });
      },
    );

    if (!files.importable) continue;
    // The workbook to fill in: one header row naming every importable field in the user's
    // language (a required one marked `*`, which the import ignores), nothing else.
    app.get(
      `/v1/${resource.name}/import-template`,
      {
        schema: {
          ...schemas.importTemplateSchema,
          tags: resourceTags(resource),
          operationId: `${crudDocs(resource, 'import').operationId}Template`,
          response: { ...answers({}), 200: workbookAnswer },
        },
        config: { requires: writeRefs(runtime) },
      },
      async (request, reply) => {
        const { locale } = requesterOf(request);
        const title = pick(resource.title, locale);
        const columns = importableFields(resource).map((field) => {
          const header = `${headerOf(field, locale)}${field.f.required === true && field.f.when === undefined ? ' *' : ''}`;
          return { header, width: Math.max(12, header.length * 2 + 4) };
        });
        const stream = new PassThrough();
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        const sheet = openSheet({ stream, name: title, columns });
        await sheet.close();
        reply.header('content-type', XLSX_MIME);
        reply.header('content-disposition', attachmentHeader(`${title}-template.xlsx`));
        reply.header('cache-control', 'private, no-store');
        return reply.send(Buffer.concat(chunks));
      },
    );
    app.post<{ Querystring: { fileName?: string } }>(
      `/v1/${resource.name}/import`,
      {
        schema: { ...schemas.importSchema, body: workbookUpload, tags: resourceTags(resource), ...crudDocs(resource, 'import') },
        config: { requires: writeRefs(runtime) },
      },
      async (request) => {
        const auth = authOf(request);
        const requester = requesterOf(request);
        scopeOf(requester, runtime);
        const taskId = await queueImport({
          db,
          owner: auth,
          module: files.module,
          resource: resource.name,
          upload: uploadOf(request),
          params: { requester },
        });
        await dispatchTask({ deps, jobs: app.jobs, data: { tenantId: auth.tenantId, taskId } });
        return ok({ taskId });
      },
    );
  }
}
