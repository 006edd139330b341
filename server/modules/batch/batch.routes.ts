import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EngineHandle } from '../../crud/server-hooks.define';
import { badInput, notFound, ok } from '../../http/envelope';
import { attachmentHeader, XLSX_MIME } from '../files/file-task.routes';
import { uploadOf } from '../files/resource-files.routes';
import { readImportedValues, resolveImported } from './batch-members';
import { readProgress, resultFilter, resultsFileName, resultsPage, writeResults } from './batch-results';
import { batchDocs } from './batch.openapi';

/**
 * The routes of batch operation documents beyond CRUD, registered through the resource's server
 * hooks (batch-operate.hooks.ts):
 *
 * | Route | Access | What |
 * | --- | --- | --- |
 * | `POST /v1/batch-operate/results?id=` | read | `{ page, pageSize, result? }` -> progress, counts per result, a page of member results |
 * | `GET /v1/batch-operate/results/export?id=&result=&locale=` | read | the results as an .xlsx download |
 * | `POST /v1/batch-operate/importMembers` | write | `{ fileName, content }` (an .xlsx, base64) -> the members its first column names, and the values no member has |
 */

/** Largest page of results. */
const MAX_PAGE_SIZE = 200;

function documentId(request: FastifyRequest): number {
  const raw = (request.query as { id?: unknown }).id;
  const id = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

function pageOf(value: unknown, fallback: number, max: number): number {
  const n = Number(value);
  if (value === undefined || value === null) return fallback;
  if (!Number.isSafeInteger(n) || n < 1) throw badInput();
  return Math.min(n, max);
}

/** Registers the routes (see the file comment). */
export function batchRoutes(app: FastifyInstance, engine: EngineHandle): void {
  const base = `/v1/${engine.resource.name}`;
  const docs = batchDocs(engine.resource);
  const read = engine.resource.access.read.map((action) => ({ resourceId: engine.resourceId, action }));
  const write = [{ resourceId: engine.resourceId, action: engine.resource.access.write }];
  const idQuery = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
  const ref = (request: FastifyRequest) => ({ db: app.database.db, tenantId: request.auth!.tenantId, documentId: documentId(request) });

  app.post(
    `${base}/results`,
    {
      config: { requires: read },
      schema: {
        ...docs.results,
        summary: 'Progress and per-member results of one document',
        querystring: idQuery,
        body: {
          type: 'object',
          properties: {
            page: { type: 'integer' },
            pageSize: { type: 'integer' },
            result: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
          },
        },
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as { page?: unknown; pageSize?: unknown; result?: unknown };
      return ok(
        await resultsPage({
          ...ref(request),
          result: resultFilter(body.result),
          page: pageOf(body.page, 1, Number.MAX_SAFE_INTEGER),
          pageSize: pageOf(body.pageSize, 20, MAX_PAGE_SIZE),
          locale: request.ctx.locale,
        }),
      );
    },
  );

  app.get(
    `${base}/results/export`,
    {
      config: { requires: read },
      schema: {
        ...docs.exportResults,
        summary: 'The per-member results of one document as an .xlsx workbook',
        querystring: {
          type: 'object',
          properties: { id: { type: 'integer' }, result: { type: 'string' }, locale: { type: 'string' } },
          required: ['id'],
        },
      },
    },
    async (request, reply) => {
      const target = ref(request);
      await readProgress(target);
      const locale = request.ctx.locale;
      const fileName = await resultsFileName({ ...target, locale });
      reply.header('content-type', XLSX_MIME);
      reply.header('content-disposition', attachmentHeader(fileName));
      reply.header('cache-control', 'private, no-store');
      return reply.send(writeResults({ ...target, result: resultFilter((request.query as { result?: unknown }).result), locale }));
    },
  );

  app.post(
    `${base}/importMembers`,
    {
      config: { requires: write },
      schema: { ...docs.importMembers, summary: 'The members named by the first column of an .xlsx (mobile or member number)' },
    },
    async (request) => {
      const upload = uploadOf(request as FastifyRequest<{ Querystring: { fileName?: string } }>);
      const values = await readImportedValues(upload.bytes);
      const resolved = await resolveImported({ db: app.database.db, tenantId: request.auth!.tenantId, values });
      return ok({ fileName: upload.fileName, ...resolved });
    },
  );
}
