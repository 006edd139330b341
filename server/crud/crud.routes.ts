import { and, asc, desc, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { badInput, notFound, ok } from '../http/envelope';
import { REASON_MAX_LENGTH, type PickableRecords, type ResourceDef } from '../../resources/define';
import type { QueryPage } from '../../resources/contract/query.types';
import { actorOf } from './actor';
import { createRecord, deleteRecord, modifyRecord, readNamedRecord, readRecord, runAction } from './crud.operations';
import { readHistory } from './state-history';
import { parseQueryBody, runQuery } from './query.builder';
import { countStates } from './query.counts';
import { likeEscape } from './query.filters';
import { pageLines } from './record.store';
import { serializeLines, serializeRecord } from './record.serialize';
import { recordTitles } from './record.titles';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import { actionRefs, optionsRefs, readRefs, writeRefs } from './route-access';
import { modifySchema, saveNewSchema } from './schema.derive';
import { addRecordSchemas, crudDocs, resourceTags, typedQuerySchema } from './crud.openapi';
import { pickableCondition } from './references.validate';
import { cardOf, cardSelect } from './options.card';
import { recordConditions, scopeConditions, scopeOf } from './scope';
import { requestInstant } from './state-timeline';
import { registerSettingsRoutes } from './settings.routes';
import type { EngineHandle, StoredRecord } from './server-hooks.define';
import { approvalOf } from './value-approval';

/**
 * The routes of one resource (DESIGN.md §3): query, info, saveNew, modify, delete, one per
 * state action, the paged lines of a document, and options for relation pickers. Each declares
 * its permission requirement; the access hook refuses the call before the handler runs. The
 * handlers are thin adapters: request -> actor (actor.ts), then the engine's operation
 * (crud.operations.ts), which jobs call the same way.
 */

/** A mobile number as pickers show it: 138****5678. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}

/** The description line of one option: the declared fields, masked as declared, joined by ' · '. */
function describeOption(row: Record<string, unknown>, described: NonNullable<ResourceDef['picker']>['describe'] & object): string {
  return described
    .map((d) => {
      const value = row[d.field];
      if (value === null || value === undefined || value === '') return '';
      return d.mask === 'mobile' ? maskMobile(String(value)) : String(value);
    })
    .filter((part) => part !== '')
    .join(' · ');
}

/** Relation pickers list at most this many records. */
export const OPTIONS_LIMIT = 50;

/** Lines per page of `GET /v1/<name>/lines/:id`: 20 unless asked, at most 500. */
export const LINES_PAGE_SIZE = { default: 20, max: 500 } as const;

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

/**
 * The options' `?field=state&in=EFFECTIVE` (a relation's `pickable`, sent by its picker): an enum
 * field of the resource and some of its options, else 400 naming `field` or `in`; undefined without `field`.
 */
function pickableQuery(resource: ResourceDef, field: unknown, values: unknown): PickableRecords | undefined {
  if (field === undefined) return undefined;
  const f = typeof field === 'string' && Object.hasOwn(resource.fields, field) ? resource.fields[field] : undefined;
  if (f?.kind !== 'enum') throw badInput('error.fieldsInvalid', [{ field: 'field', key: 'validation.enum', values: { label: 'field' } }]);
  const listed = (Array.isArray(values) ? values : [values]).filter((v): v is string => typeof v === 'string' && v !== '');
  if (listed.length === 0 || listed.some((v) => !Object.hasOwn(f.options, v))) {
    throw badInput('error.fieldsInvalid', [{ field: 'in', key: 'validation.enum', values: { label: 'in' } }]);
  }
  return { field: field as string, in: listed };
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badInput('error.fieldsInvalid', [{ field: 'body', key: 'validation.type', values: { label: 'body' } }]);
  }
  return body as Record<string, unknown>;
}

/** A positive integer query parameter (`page`, `pageSize`), its fallback when absent. */
function pageParam(args: { name: string; value: unknown; fallback: number; max: number }): number {
  const raw = Array.isArray(args.value) ? args.value[0] : args.value;
  if (raw === undefined || raw === '') return args.fallback;
  const n = typeof raw === 'string' && /^\d{1,7}$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > args.max) {
    throw badInput('error.fieldsInvalid', [{ field: args.name, key: 'validation.type', values: { label: args.name } }]);
  }
  return n;
}

/** The record in the caller's scope, without its lines (a document's lines are paged), or null. */
async function readRecordHeader(args: {
  app: FastifyInstance;
  runtime: ResourceRuntime;
  request: FastifyRequest;
  id: number;
}): Promise<StoredRecord | null> {
  const { runtime } = args;
  const scope = scopeOf(actorOf(args.request), runtime);
  const t = runtime.table;
  const [row] = (await args.app.database.db
    .select({ id: t.id })
    .from(t)
    .where(recordConditions({ runtime, scope, db: args.app.database.db, operation: 'info', id: args.id }))) as StoredRecord[];
  return row ?? null;
}

const serialize = (runtime: ResourceRuntime, request: FastifyRequest, row: StoredRecord) =>
  serializeRecord({ resource: runtime.resource, row, zone: request.ctx.timeZone, now: requestInstant(request) });

/** The engine's tools for one resource, lent to its server hooks' extra routes. */
export function engineHandle(app: FastifyInstance, runtime: ResourceRuntime): EngineHandle {
  return {
    resource: runtime.resource,
    table: runtime.table,
    resourceId: runtime.resourceId,
    async info(request, id) {
      const row = await readRecord({ db: app.database.db, runtime, actor: actorOf(request), id });
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
  const operation = (request: FastifyRequest) => ({ db: database().db, registry, runtime, actor: actorOf(request) });

  /**
   * Who may apply the value a record read alone creates (value-approval.ts): info, saveNew,
   * modify and actions answer it, so every screen reads it; null for a resource creating none.
   */
  const approvalOfRow = (request: FastifyRequest, row: StoredRecord) =>
    approvalOf({ db: database().db, resource, record: row, actor: actorOf(request) });

  /** A record as the routes answer it: serialized, with the names of what it points at. */
  const answer = async (request: FastifyRequest, row: StoredRecord) => {
    const [titles] = await recordTitles({ db: database().db, registry, resource, tenantId: request.auth!.tenantId, rows: [row] });
    const approval = await approvalOfRow(request, row);
    return { ...serialize(runtime, request, row), _titles: titles, ...(approval ? { approval } : {}) };
  };

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
      // The page comes with the names of what its records point at (runQuery, given the registry).
      const result = await runQuery({ ...operation(request), query });
      const titles = await recordTitles({
        db: database().db,
        registry,
        resource,
        tenantId: request.auth!.tenantId,
        rows: result.rows,
        carried: result.carried,
      });
      return ok<QueryPage<Record<string, unknown>>>({
        total: result.total,
        totalIsEstimate: result.totalIsEstimate,
        // The serialised record is a fresh object: `_titles` is added to it, not copied with it.
        records: result.rows.map((row, i) => Object.assign(serialize(runtime, request, row), { _titles: titles[i] })),
        nextCursor: result.nextCursor,
        ...(result.totals ? { totals: result.totals } : {}),
      });
    },
  );

  if (resource.list.stateCounts) {
    app.post(
      `${base}/counts`,
      {
        config: { requires: readRefs(runtime) },
        schema: { tags, summary: `${resource.title[1]} per state`, body: typedQuerySchema(resource), ...crudDocs(resource, 'counts') },
        validatorCompiler: describeOnly,
      },
      async (request) => {
        const query = parseQueryBody({ resource, body: request.body ?? {}, locale: request.ctx.locale });
        return ok(await countStates({ ...operation(request), query }));
      },
    );
  }

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
      const found = await readNamedRecord({ ...operation(request), id });
      if (!found) throw notFound();
      const approval = await approvalOfRow(request, found.row);
      return ok(Object.assign(serialize(runtime, request, found.row), { _titles: found.titles }, approval ? { approval } : {}));
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
      async (request) => ok(await answer(request, await createRecord({ ...operation(request), body: bodyOf(request) }))),
    );

    app.post(
      `${base}/modify`,
      {
        config: { requires: writeRefs(runtime) },
        schema: { tags, summary: `Modify ${resource.title[1]}`, body: modifySchema(resource), ...crudDocs(resource, 'modify') },
        validatorCompiler: describeOnly,
      },
      async (request) => ok(await answer(request, await modifyRecord({ ...operation(request), body: bodyOf(request) }))),
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
    // A server action (a job's transition) has no route: jobs call runAction themselves.
    if (def.server) continue;
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
        const actor = actorOf(request);
        const record = await runAction({
          ...operation(request),
          id: idParam((request.query as { id?: unknown }).id),
          action,
          body: request.body,
        });
        await runtime.hooks.afterCommit?.[action]?.({ app, actor, record });
        return ok(await answer(request, record));
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
        const actor = actorOf(request);
        // Only the history of a record the caller may see (tenant, centre, view, row filter).
        if (!(await readRecord({ ...operation(request), id }))) throw notFound();
        return ok(await readHistory({ db: database().db, tenantId: actor.tenantId, resource, recordId: id, zone: actor.timeZone }));
      },
    );
  }

  const linesFields = Object.entries(resource.fields).flatMap(([name, f]) => (f.kind === 'lines' ? [{ name, f }] : []));
  if (linesFields.length > 0) {
    app.get(
      `${base}/lines/:id`,
      {
        config: { requires: readRefs(runtime) },
        schema: {
          tags,
          summary: `The lines of one ${resource.title[1]}, a page at a time, in line order`,
          params: { type: 'object', properties: { id: { type: 'integer' } } },
          querystring: {
            type: 'object',
            properties: {
              field: { type: 'string', enum: linesFields.map((l) => l.name), description: `Lines field (default ${linesFields[0].name})` },
              page: { type: 'integer', minimum: 1 },
              pageSize: { type: 'integer', minimum: 1, maximum: LINES_PAGE_SIZE.max },
            },
          },
          ...crudDocs(resource, 'lines'),
        },
        validatorCompiler: describeOnly,
      },
      async (request) => {
        const id = idParam((request.params as { id?: unknown }).id);
        const query = request.query as { field?: unknown; page?: unknown; pageSize?: unknown };
        const chosen = query.field === undefined ? linesFields[0] : linesFields.find((l) => l.name === query.field);
        if (!chosen) throw badInput('error.fieldsInvalid', [{ field: 'field', key: 'validation.type', values: { label: 'field' } }]);
        const page = pageParam({ name: 'page', value: query.page, fallback: 1, max: 1_000_000 });
        const pageSize = pageParam({
          name: 'pageSize',
          value: query.pageSize,
          fallback: LINES_PAGE_SIZE.default,
          max: LINES_PAGE_SIZE.max,
        });
        const actor = actorOf(request);
        // Only the lines of a record the caller may see (tenant, centre, view, row filter).
        const parent = await readRecordHeader({ app, runtime, request, id });
        if (!parent) throw notFound();
        const { total, lines } = await pageLines({
          db: database().db,
          runtime,
          tenantId: actor.tenantId,
          parentId: id,
          field: chosen.name,
          page,
          pageSize,
        });
        return ok({ total, records: serializeLines({ f: chosen.f, lines, zone: actor.timeZone }) });
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
        querystring: {
          type: 'object',
          properties: {
            keyword: { type: 'string' },
            title: {
              type: 'string',
              description: 'Only the record whose title is exactly this (a code typed or scanned on a document line)',
            },
            id: { type: 'array', items: { type: 'integer' } },
            field: {
              type: 'string',
              description: "With `in`: only records whose enum field is one of `in` (a relation's pickable records)",
            },
            in: { type: 'array', items: { type: 'string' } },
          },
        },
        ...crudDocs(resource, 'options'),
      },
      validatorCompiler: describeOnly,
    },
    async (request) => {
      const query = request.query as { keyword?: unknown; title?: unknown; id?: unknown; field?: unknown; in?: unknown };
      const pickable = pickableQuery(resource, query.field, query.in);
      const actor = actorOf(request);
      const scope = scopeOf(actor, runtime);
      const t = runtime.table;
      const title = t[resource.titleField];
      const conditions = scopeConditions({ runtime, scope, db: database().db, operation: 'options' });
      if (pickable) conditions.push(pickableCondition({ target: runtime, pickable, now: scope.now }));
      const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
      const picker = resource.picker;
      // A text title is matched as is (its trigram index serves it); any other kind as its text.
      const textual = ['text', 'longText'].includes(resource.fields[resource.titleField].kind);
      if (keyword !== '') {
        const matches = [ilike(textual ? title : sql`${title}::text`, `%${likeEscape(keyword)}%`)];
        for (const name of picker?.search ?? []) matches.push(like(t[name], `${likeEscape(keyword)}%`));
        conditions.push(matches.length === 1 ? matches[0] : or(...matches)!);
      }
      // `?title=`: the one record a typed or scanned code names (its unique index serves it).
      if (typeof query.title === 'string') conditions.push(sql`${title}::text = ${query.title.trim()}`);
      // `?id=1&id=2`: the titles of records already chosen, for a form opened on a saved record.
      if (query.id !== undefined) {
        const ids = (Array.isArray(query.id) ? query.id : [query.id]).map((v) => idParam(v));
        conditions.push(inArray(t.id, ids));
      }
      const described = picker?.describe ?? [];
      const extra = Object.fromEntries(described.map((d) => [d.field, t[d.field]]));
      const sortColumn = picker?.sort ? t[picker.sort.field] : title;
      const rows = await database()
        .db.select({ id: t.id, title, ...extra, ...cardSelect(runtime) })
        .from(t)
        .where(and(...conditions))
        .orderBy(picker?.sort?.order === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(t.id))
        .limit(OPTIONS_LIMIT);
      return ok(
        rows.map((row) => {
          const option: { id: number; title: string; description?: string; card?: Record<string, unknown> } = {
            id: row.id as number,
            title: row.title === null ? '' : String(row.title),
          };
          if (described.length > 0) option.description = describeOption(row as Record<string, unknown>, described);
          const card = cardOf({ resource, row: row as Record<string, unknown>, zone: actor.timeZone, now: scope.now });
          if (card) option.card = card;
          return option;
        }),
      );
    },
  );

  await runtime.hooks.routes?.(app, engineHandle(app, runtime));
}
