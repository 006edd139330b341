import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tableOwner, type FileField } from '../../../resources/define';
import { pick } from '../../../resources/messages/bilingual';
import { fileFieldPaths } from '../../../resources/contract/upload.types';
import { badInput, notFound, ok } from '../../http/envelope';
import type { EngineRegistry, ResourceRuntime } from '../../crud/resource-registry';
import { readRefs, writeRefs } from '../../crud/route-access';
import { authOf } from '../auth/access.hook';
import { chunkReader } from '../files/file-chunks.store';
import { attachmentHeader } from '../files/file-task.routes';
import { judgeUpload, maxBytesOf } from './upload.rules';
import { findUpload, saveUpload, uploadView, type UploadOwner } from './upload.store';
import { uploadBody, uploadDocs } from './uploads.openapi';

/** Uploads per client address and minute: enough for a busy form, not for filling the database. */
export const UPLOAD_RATE = { max: 120, timeWindow: '1 minute' } as const;

interface UploadJson {
  readonly fileName?: string;
  readonly contentType?: string;
  readonly content?: string;
}

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;

/** A name that is safe to keep and to send back in a header: no path, no control characters. */
export function cleanFileName(name: string): string {
  const cleaned = [...name]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/[\\/]/g, '_')
    .trim();
  return [...cleaned].slice(0, 200).join('') || 'file';
}

/**
 * The upload routes of one resource with `file` fields (resources/contract/upload.types.ts):
 * upload (the resource's write grant, rate-limited, the body limited to the largest field's
 * size), and the upload's description and bytes (its read grants). Uploads are tenant-scoped
 * and belong to the resource's table owner (views share them): another tenant's or another
 * resource's upload answers 404.
 */
export async function resourceUploadRoutes(app: FastifyInstance, runtime: ResourceRuntime): Promise<void> {
  const { resource } = runtime;
  const fields = fileFieldPaths(resource);
  if (fields.length === 0) return;
  const db = app.database.db;
  const base = `/v1/${resource.name}/upload`;
  const docs = uploadDocs(resource);
  const byPath = new Map<string, FileField>(fields.map(({ path, field }) => [path, field]));
  const ownerOf = (request: FastifyRequest): UploadOwner => ({ tenantId: authOf(request).tenantId, resource: tableOwner(resource).name });
  const largest = Math.max(...fields.map(({ field }) => maxBytesOf(field)));
  const fieldError = (request: FastifyRequest, args: { path: string; key: string; values?: Record<string, string | number> }) =>
    badInput('error.fieldsInvalid', [
      { field: args.path, key: args.key, values: { ...args.values, label: pick(byPath.get(args.path)!.label, request.ctx.locale) } },
    ]);

  if (!resource.readOnly) {
    app.post<{ Querystring: { field?: string; fileName?: string } }>(
      base,
      {
        schema: {
          querystring: {
            type: 'object',
            required: ['field'],
            properties: {
              field: { type: 'string', enum: [...byPath.keys()], description: 'Path of the `file` field: `image`, or `<lines>.<field>`' },
              fileName: { type: 'string', maxLength: 200, description: 'Name of the file (raw body)' },
            },
          },
          body: uploadBody,
          ...docs.upload,
        },
        config: { requires: writeRefs(runtime), rateLimit: UPLOAD_RATE },
        // Room for the base64 form (4/3 of the bytes) of the largest field's file; a raw body
        // over the field's own limit is refused by the rules below, naming the field.
        bodyLimit: Math.ceil((largest * 4) / 3) + 64 * 1024,
        errorHandler: (error: FastifyError, request: FastifyRequest, _reply: FastifyReply) => {
          const path = (request.query as { field?: unknown }).field;
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && typeof path === 'string' && byPath.has(path)) {
            throw fieldError(request, { path, key: 'uploads.error.tooLarge', values: { max: byPath.get(path)!.maxSizeMb ?? 5 } });
          }
          throw error;
        },
      },
      async (request) => {
        const auth = authOf(request);
        const path = request.query.field as string;
        const f = byPath.get(path)!;
        const body = request.body as Buffer | UploadJson | undefined;
        let bytes = Buffer.alloc(0);
        let fileName = request.query.fileName ?? '';
        let claimedType = request.headers['content-type'];
        if (Buffer.isBuffer(body)) bytes = body;
        else if (body && typeof body === 'object' && typeof body.content === 'string') {
          bytes = Buffer.from(body.content, 'base64');
          fileName = body.fileName ?? fileName;
          claimedType = body.contentType;
        }
        const name = cleanFileName(fileName);
        const verdict = judgeUpload({ f, bytes, fileName: name, claimedType });
        if (!verdict.ok) throw fieldError(request, { path, key: verdict.key, values: verdict.values });
        const row = await saveUpload({
          db,
          owner: ownerOf(request),
          field: path,
          userId: auth.userId,
          fileName: name,
          contentType: verdict.contentType,
          image: verdict.image,
          bytes,
        });
        return ok(uploadView(row));
      },
    );
  }

  app.get<{ Params: { id: number } }>(
    `${base}/:id`,
    { schema: { params: idParams, ...docs.info }, config: { requires: readRefs(runtime) } },
    async (request) => {
      const row = await findUpload({ db, owner: ownerOf(request), id: request.params.id });
      if (!row) throw notFound();
      return ok(uploadView(row));
    },
  );

  app.get<{ Params: { id: number } }>(
    `${base}/:id/content`,
    { schema: { params: idParams, ...docs.content }, config: { requires: readRefs(runtime) } },
    async (request, reply) => {
      const owner = ownerOf(request);
      const row = await findUpload({ db, owner, id: request.params.id });
      if (!row) throw notFound();
      // Only bytes that are an image are shown inline, with the type their bytes have; anything
      // else downloads as opaque bytes, so an uploaded page or script never runs on this origin.
      reply.header('content-type', row.image ? row.contentType : 'application/octet-stream');
      reply.header('content-disposition', row.image ? 'inline' : attachmentHeader(row.fileName));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('content-length', String(row.size));
      return reply.send(chunkReader({ db, tenantId: owner.tenantId, taskId: row.id, part: 'upload' }));
    },
  );
}

/** The upload routes of every served resource that declares `file` fields. */
export async function uploadRoutes(app: FastifyInstance, registry: EngineRegistry): Promise<void> {
  // The file is the body as it is, whatever its type (text/plain included); JSON is the
  // base64 form. Registered in this module's own context, so no other route takes raw bodies.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  for (const runtime of registry.runtimes) await resourceUploadRoutes(app, runtime);
}
