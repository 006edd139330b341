import { and, asc, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { badInput, notFound, ok } from '../http/envelope';
import { REASON_MAX_LENGTH } from '../../resources/define';
import type { QueryPage } from '../../resources/contract/query.types';
import { createRecord, deleteRecord, modifyRecord, runAction } from './crud.operations';
import { readHistory } from './state-history';
import { parseQueryBody, runQuery } from './query.builder';
import { likeEscape } from './query.filters';
import { findRecord } from './record.store';
import { serializeRecord } from './record.serialize';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import { actionRefs, optionsRefs, readRefs, writeRefs } from './route-access';
import { modifySchema, saveNewSchema } from './schema.derive';
import { addRecordSchemas, crudDocs, resourceTags, typedQuerySchema } from './crud.openapi';
import { scopeConditions, scopeOf } from './scope';
import { registerSettingsRoutes } from './settings.routes';
import type { EngineHandle, StoredRecord } from './server-hooks.define';

/**
 * The routes of one resource (DESIGN.md §3): query, info, saveNew, modify, delete, one per
 * state action, and options for relation pickers. Each declares its permission requirement;
 * the access hook refuses the call before the handler runs.
 */

/** Relation pickers list at most this many records. */
export const OPTIONS_LIMIT = 50;

// Bodies are checked by the semantic validator (per-field, localized, exact money); the JSON
// schemas are there for the OpenAPI document only.
const describeOnly: FastifySchemaCompiler<unknown> = () => () => true;

function idParam(value: unknown): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw badInput('error.fieldsInvalid', [
      { field: 'id', key: raw === undefined || raw === '' ? 'validation.required' : 'validation.type', values: { label: 'ID' } },
    ]);
  }
  return id;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badInput('error.fieldsInvalid', [{ field: 'body', key: 'validation.type', values: { label: 'body' } }]);
  }
  return body as Record<string, unknown>;
}

const serialize = (runtime: ResourceRuntime, request: FastifyRequest, row: StoredRecord) =>
  serializeRecord({ resource: runtime.resource, row, zone: request.ctx.timeZone });

/** The engine's tools for one resource, lent to its server hooks' extra routes. */
export function engineHandle(app: FastifyInstance, runtime: ResourceRuntime): EngineHandle {
  return {
    resource: runtime.resource,
    table: runtime.table,
    resourceId: runtime.resourceId,
    async info(request, id) {
      const row = await findRecord({ db: app.database.db, runtime, scope: scopeOf(request, runtime), id, operation: 'info' });
      if (!row) throw notFound();
      return serialize(runtime, request, row);
    },
    serialize: (request, record) => serialize(runtime, request, record),
  };
}

/** Registers every route of one resource. */
export async function registerResourceRoutes(
  app: FastifyInstance,
  args: { runtime: ResourceRuntime; registry: EngineRegistry },
): Promise<void> {
  const { runtime, registry } = args;
  const { resource } = runtime;
  const base = `/v1/${resource.name}`;
  const tags = resourceTags(resource);
  const database = () => app.database;
  const operation = (request: FastifyRequest) => ({ database: database(), registry, runtime, scope: scopeOf(request, runtime) });

  addRecordSchemas(app, resource);
  // A settings object has its own two routes instead (settings.routes.ts).
  if (resource.singleton) return registerSettingsRoutes(app, { runtime, registry, engine: engineHandle(app, runtime) });

  app.post(
    `${base}/query`,
    {
      config: { requires: readRefs(runtime) },
      schema: { tags, summary: `Query ${resource.title[1]}`, body: typedQuerySchema(resource), ...crudDocs(resource, 'query') },
      validatorCompiler: describeOnly,
    },
    async (request) => {
      const query = parseQueryBody({ resource, body: request.body ?? {}, locale: request.ctx.locale });
      const result = await runQuery({ ...operation(request), query, zone: request.ctx.timeZone, locale: request.ctx.locale });
      return ok<QueryPage<Record<string, unknown>>>({
        total: result.total,
        totalIsEstimate: result.totalIsEstimate,
        records: result.rows.map((row) => serialize(runtime, request, row)),
        nextCursor: result.nextCursor,
        ...(result.totals ? { totals: result.totals } : {}),
      });
    },
  );

  app.get(
    `${base}/info/:id`,
    {
      config: { requires: readRefs(runtime) },
      schema: {
        tags,
        summary: `One ${resource.title[1]}`,
        params: { type: 'object', properties: { id: { type: 'integer' } } },
        ...crudDocs(resource, 'info'),
      },
      validatorCompiler: describeOnly,
    },
    async (request) => {
      const id = idParam((request.params as { id?: unknown }).id);
      const row = await findRecord({ db: database().db, runtime, scope: scopeOf(request, runtime), id, operation: 'info' });
      if (!row) throw notFound();
      return ok(serialize(runtime, request, row));
    },
  );

  // A read-only resource is written by server modules only: no write routes at all.
  if (!resource.readOnly) {
    app.post(
      `${base}/saveNew`,
      {
        config: { requires: writeRefs(runtime) },
        schema: { tags, summary: `Create ${resource.title[1]}`, body: saveNewSchema(resource), ...crudDocs(resource, 'saveNew') },
        validatorCompiler: describeOnly,
      },
      async (request) => ok(serialize(runtime, request, await createRecord({ ...operation(request), body: bodyOf(request) }))),
    );

    app.post(
      `${base}/modify`,
      {
        config: { requires: writeRefs(runtime) },
        schema: { tags, summary: `Modify ${resource.title[1]}`, body: modifySchema(resource), ...crudDocs(resource, 'modify') },
        validatorCompiler: describeOnly,
      },
      async (request) => ok(serialize(runtime, request, await modifyRecord({ ...operation(request), body: bodyOf(request) }))),
    );
  }

  const idQuery = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
  if (resource.deletable !== false && !resource.readOnly) {
    app.post(
      `${base}/delete`,
      {
        config: { requires: writeRefs(runtime) },
        schema: { tags, summary: `Delete ${resource.title[1]}`, querystring: idQuery, ...crudDocs(resource, 'delete') },
        validatorCompiler: describeOnly,
      },
      async (request) => {
        await deleteRecord({ ...operation(request), id: idParam((request.query as { id?: unknown }).id) });
        return ok(null);
      },
    );
  }

  for (const [action, def] of Object.entries(resource.states?.actions ?? {})) {
    const reasonSchema = { type: 'string', maxLength: REASON_MAX_LENGTH, description: `Reason (${def.reason ?? 'not asked'})` };
    app.post(
      `${base}/${action}`,
      {
        config: { requires: actionRefs(runtime, def) },
        schema: {
          tags,
          summary: `${def.label[1]} (${def.from.join(', ')} -> ${def.to})`,
          querystring: idQuery,
          body: {
            type: 'object',
            properties: { reason: reasonSchema, version: { type: 'integer' } },
            ...(def.reason === 'required' ? { required: ['reason'] } : {}),
          },
          ...crudDocs(resource, action),
        },
        validatorCompiler: describeOnly,
      },
      async (request) => {
        const record = await runAction({
          ...operation(request),
          id: idParam((request.query as { id?: unknown }).id),
          action,
          body: request.body,
        });
        return ok(serialize(runtime, request, record));
      },
    );
  }

  if (resource.states) {
    app.get(
      `${base}/history/:id`,
      {
        config: { requires: readRefs(runtime) },
        schema: {
          tags,
          summary: `State changes of one ${resource.title[1]}, newest first`,
          params: { type: 'object', properties: { id: { type: 'integer' } } },
          ...crudDocs(resource, 'history'),
        },
        validatorCompiler: describeOnly,
      },
      async (request) => {
        const id = idParam((request.params as { id?: unknown }).id);
        const scope = scopeOf(request, runtime);
        // Only the history of a record the caller may see (tenant, centre, view, row filter).
        if (!(await findRecord({ db: database().db, runtime, scope, id, operation: 'info' }))) throw notFound();
        return ok(await readHistory({ db: database().db, tenantId: scope.tenantId, resource, recordId: id, zone: request.ctx.timeZone }));
      },
    );
  }

  app.get(
    `${base}/options`,
    {
      config: { requires: optionsRefs(runtime, registry) },
      schema: {
        tags,
        summary: `${resource.title[1]} picker: id and title, at most ${OPTIONS_LIMIT}`,
        querystring: { type: 'object', properties: { keyword: { type: 'string' }, id: { type: 'array', items: { type: 'integer' } } } },
        ...crudDocs(resource, 'options'),
      },
      validatorCompiler: describeOnly,
    },
    async (request) => {
      const query = request.query as { keyword?: unknown; id?: unknown };
      const scope = scopeOf(request, runtime);
      const t = runtime.table;
      const title = t[resource.titleField];
      const conditions = scopeConditions({ runtime, scope, db: database().db, operation: 'options' });
      const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
      // A text title is matched as is (its trigram index serves it); any other kind as its text.
      const textual = ['text', 'longText'].includes(resource.fields[resource.titleField].kind);
      if (keyword !== '') conditions.push(ilike(textual ? title : sql`${title}::text`, `%${likeEscape(keyword)}%`));
      // `?id=1&id=2`: the titles of records already chosen, for a form opened on a saved record.
      if (query.id !== undefined) {
        const ids = (Array.isArray(query.id) ? query.id : [query.id]).map((v) => idParam(v));
        conditions.push(inArray(t.id, ids));
      }
      const rows = await database()
        .db.select({ id: t.id, title })
        .from(t)
        .where(and(...conditions))
        .orderBy(asc(title), asc(t.id))
        .limit(OPTIONS_LIMIT);
      return ok(rows.map((row) => ({ id: row.id, title: row.title === null ? '' : String(row.title) })));
    },
  );

  await runtime.hooks.routes?.(app, engineHandle(app, runtime));
}
