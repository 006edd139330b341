import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { badInput, ok } from '../http/envelope';
import { serializeRecord } from './record.serialize';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import { readRefs, writeRefs } from './route-access';
import { saveNewSchema } from './schema.derive';
import { crudDocs, resourceTags } from './crud.openapi';
import { actorOf } from './actor';
import { defaultSettings, findSettings, saveSettings } from './settings.operations';
import { recordTitles } from './record.titles';
import type { EngineHandle, StoredRecord } from './server-hooks.define';

/**
 * The routes of a settings object (`singleton`): `GET /v1/<name>/get` and
 * `POST /v1/<name>/save`, guarded like reads and writes of any resource. Extra routes of the
 * resource's server hooks are registered too.
 */

// Bodies are checked by the semantic validator; the schema documents them (crud.routes.ts).
const describeOnly: FastifySchemaCompiler<unknown> = () => () => true;

const serialize = (runtime: ResourceRuntime, request: FastifyRequest, row: StoredRecord) =>
  serializeRecord({ resource: runtime.resource, row, zone: request.ctx.timeZone });

/** The saved settings as the routes answer them: serialized, with the names of what they point at (创建人 too). */
async function answer(args: {
  app: FastifyInstance;
  registry: EngineRegistry;
  runtime: ResourceRuntime;
  request: FastifyRequest;
  row: StoredRecord;
}) {
  const { app, registry, runtime, request, row } = args;
  const [titles] = await recordTitles({
    db: app.database.db,
    registry,
    resource: runtime.resource,
    tenantId: request.auth!.tenantId,
    rows: [row],
  });
  return { ...serialize(runtime, request, row), _titles: titles };
}

/** Registers the routes of one settings object. */
export async function registerSettingsRoutes(
  app: FastifyInstance,
  args: { runtime: ResourceRuntime; registry: EngineRegistry; engine: EngineHandle },
): Promise<void> {
  const { runtime, registry } = args;
  const { resource } = runtime;
  const base = `/v1/${resource.name}`;
  const tags = resourceTags(resource);

  app.get(
    `${base}/get`,
    {
      config: { requires: readRefs(runtime) },
      schema: {
        tags,
        summary: `${resource.title[1]}: the saved settings, or the defaults (id null, version 0)`,
        ...crudDocs(resource, 'get'),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await findSettings({ db: app.database.db, runtime, actor });
      return ok(
        row ? await answer({ app, registry, runtime, request, row }) : serialize(runtime, request, defaultSettings(runtime, actor)),
      );
    },
  );

  const saveBody = saveNewSchema(resource) as Record<string, unknown>;
  app.post(
    `${base}/save`,
    {
      config: { requires: writeRefs(runtime) },
      schema: {
        tags,
        summary: `Save ${resource.title[1]} (version read: 0 before the first save; stale -> 409)`,
        body: { ...saveBody, properties: { ...(saveBody.properties as object), version: { type: 'integer', minimum: 0 } } },
        ...crudDocs(resource, 'save'),
      },
      validatorCompiler: describeOnly,
    },
    async (request) => {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badInput('error.fieldsInvalid', [{ field: 'body', key: 'validation.type', values: { label: 'body' } }]);
      }
      const actor = actorOf(request);
      const saved = await saveSettings({ db: app.database.db, registry, runtime, actor, body: body as Record<string, unknown> });
      const after = await runtime.hooks.afterSaveCommit?.({ app, actor, record: saved });
      return ok(await answer({ app, registry, runtime, request, row: after ?? saved }));
    },
  );

  await runtime.hooks.routes?.(app, args.engine);
}
