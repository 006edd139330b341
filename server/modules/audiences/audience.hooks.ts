import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerGroupResource } from '../../../resources/promotion/customer-group.resource';
import { memberTagLinkResource } from '../../../resources/promotion/member-tag-link.resource';
import { memberTagResource } from '../../../resources/promotion/member-tag.resource';
import { actorOf } from '../../crud/actor';
import { defineServerHooks, type EngineHandle } from '../../crud/server-hooks.define';
import { badInput, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { countGroup, estimateMembers, groupMembersPage, recomputeTag, refreshTagCount } from './audience.compute';
import { importStaticGroup, MAX_IMPORT_LINES } from './static-group.import';
import { readFirstColumn } from '../files/first-column';
import { fileRefused, uploadOf } from '../files/resource-files.routes';
import { AUDIENCE_JOBS } from './audience.jobs';
import { audienceDocs } from './audience.openapi';
import { parseCondition, type CompileContext } from './condition.compile';

/**
 * Server side of tags, tag links and customer groups (README.md): rules validated on save (400
 * naming the bad node), the source of every link set by the server, and the routes that start
 * the background computations and answer the builder's estimate and a group's members.
 */

const idQuery = {
  querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } },
} as const;

const contextOf = (request: FastifyRequest): CompileContext => {
  const actor = actorOf(request);
  return { now: actor.now ?? new Date(), timeZone: actor.timeZone };
};

/** Queues the job when the process has a queue, else runs it now (tests, a console without one). */
async function runOrQueue(args: {
  app: FastifyInstance;
  job: string;
  data: { tenantId: number; id: number; timeZone: string };
  run: () => Promise<{ memberCount: number } | null>;
}): Promise<{ queued: boolean; memberCount: number | null }> {
  if (args.app.jobs) {
    await args.app.jobs.send(args.job, args.data, { singletonKey: `${args.data.tenantId}:${args.data.id}` });
    return { queued: true, memberCount: null };
  }
  const result = await args.run();
  return { queued: false, memberCount: result?.memberCount ?? null };
}

export const memberTagHooks = defineServerHooks(memberTagResource, {
  beforeSave({ values, current }) {
    const type = values.tagType ?? current?.tagType;
    if (type !== 'SYSTEM') {
      values.rule = null;
      return;
    }
    const rule = values.rule === undefined ? current?.rule : values.rule;
    if (!rule) throw badInput('error.badInput', [{ field: 'rule', key: 'audience.ruleRequired' }]);
    values.rule = JSON.stringify(parseCondition(rule));
  },

  routes(app, engine: EngineHandle) {
    app.post<{ Querystring: { id: number } }>(
      '/v1/member-tag/recompute',
      {
        schema: describeRoute(idQuery, audienceDocs.recompute),
        config: { requires: [{ resourceId: engine.resourceId, action: '配置维护' }] },
      },
      async (request) => {
        const tag = await engine.info(request, request.query.id);
        if (tag.tagType !== 'SYSTEM') throw badInput('error.badInput', [{ field: 'id', key: 'audience.notSystemTag' }]);
        const ctx = contextOf(request);
        const tenantId = actorOf(request).tenantId;
        const id = request.query.id;
        return ok(
          await runOrQueue({
            app,
            job: AUDIENCE_JOBS.recomputeTag,
            data: { tenantId, id, timeZone: ctx.timeZone },
            run: () => recomputeTag({ db: app.database.db, tenantId, tagId: id, ctx }),
          }),
        );
      },
    );
  },
});

export const memberTagLinkHooks = defineServerHooks(memberTagLinkResource, {
  async beforeSave({ db, actor, values, operation }) {
    if (operation !== 'create') return;
    values.source = actor.viaApplication ? 'API' : 'MANUAL';
    values.taggedAt = actor.now ?? new Date();
    // A person putting on a tag the rule already gave takes it over: the rule can no longer remove it.
    const held = await db.execute(sql`delete from member_tag_links where tenant_id = ${actor.tenantId}
      and tag = ${values.tag} and member = ${values.member} and source = 'RULE' returning id`);
    if (held.rows.length > 0) return;
    const other = await db.execute(sql`select 1 from member_tag_links where tenant_id = ${actor.tenantId}
      and tag = ${values.tag} and member = ${values.member}`);
    if (other.rows.length > 0) throw badInput('error.badInput', [{ field: 'tag', key: 'audience.alreadyTagged' }]);
  },
  async afterSave({ db, actor, record }) {
    await refreshTagCount({ db, tenantId: actor.tenantId, tagId: record.tag });
  },
  async beforeDelete({ db, actor, record }) {
    await db.execute(sql`update member_tags set member_count = greatest(member_count - 1, 0)
      where tenant_id = ${actor.tenantId} and id = ${record.tag}`);
  },
});

const pageBody = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { page: { type: 'integer', minimum: 1, default: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 20 } },
  },
} as const;

const importBody = {
  body: {
    type: 'object',
    required: ['name', 'lines'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 200 },
      description: { type: ['string', 'null'], maxLength: 200 },
      lines: { type: 'array', maxItems: MAX_IMPORT_LINES * 2, items: { type: 'string', maxLength: 200 } },
    },
  },
} as const;

/** A workbook as JSON: its name and its bytes in base64. */
const sheetBody = {
  body: {
    type: 'object',
    required: ['content'],
    additionalProperties: false,
    properties: { fileName: { type: 'string', maxLength: 255 }, content: { type: 'string', minLength: 1 } },
  },
} as const;

export const customerGroupHooks = defineServerHooks(customerGroupResource, {
  beforeSave({ values, current }) {
    // An imported list has no rule: its members are the lines it was imported from.
    if ((current?.groupType ?? values.groupType) === 'STATIC') {
      values.rule = null;
      return;
    }
    const rule = values.rule === undefined ? current?.rule : values.rule;
    values.rule = JSON.stringify(parseCondition(rule));
    // A changed rule makes the stored count stale until the background count lands.
    if (current && values.rule !== current.rule) {
      values.memberCount = null;
      values.countedAt = null;
    }
  },

  async beforeDelete({ db, record, actor }) {
    await db.execute(sql`delete from customer_group_members where tenant_id = ${actor.tenantId} and group_id = ${record.id}`);
  },

  routes(app, engine: EngineHandle) {
    const read = [{ resourceId: engine.resourceId, action: '客群查看' as const }];
    app.post<{ Body: { name: string; description?: string | null; lines: string[] } }>(
      '/v1/customer-group/import',
      {
        schema: describeRoute(importBody, audienceDocs.import),
        config: { requires: [{ resourceId: engine.resourceId, action: '配置维护' }] },
      },
      async (request) => {
        const actor = actorOf(request);
        return ok(
          await importStaticGroup({
            db: app.database.db,
            table: engine.table,
            tenantId: actor.tenantId,
            userId: actor.userId,
            name: request.body.name,
            description: request.body.description ?? null,
            lines: request.body.lines,
          }),
        );
      },
    );
    app.post(
      '/v1/customer-group/sheet-lines',
      {
        schema: describeRoute(sheetBody, audienceDocs.sheetLines),
        config: { requires: [{ resourceId: engine.resourceId, action: '配置维护' }] },
      },
      async (request) => {
        const upload = uploadOf(request as FastifyRequest<{ Querystring: { fileName?: string } }>);
        const values = await readFirstColumn({
          bytes: upload.bytes,
          max: MAX_IMPORT_LINES,
          tooMany: () => fileRefused('audience.import.tooMany', { max: MAX_IMPORT_LINES }),
          noValues: 'audience.import.empty',
        });
        return ok({ lines: values.map((v) => v.value) });
      },
    );
    app.post<{ Querystring: { id: number } }>(
      '/v1/customer-group/count',
      { schema: describeRoute(idQuery, audienceDocs.count), config: { requires: read } },
      async (request) => {
        await engine.info(request, request.query.id);
        const ctx = contextOf(request);
        const tenantId = actorOf(request).tenantId;
        const id = request.query.id;
        return ok(
          await runOrQueue({
            app,
            job: AUDIENCE_JOBS.countGroup,
            data: { tenantId, id, timeZone: ctx.timeZone },
            run: () => countGroup({ db: app.database.db, tenantId, groupId: id, ctx }),
          }),
        );
      },
    );
    app.post<{ Body: { rule?: unknown } }>(
      '/v1/customer-group/estimate',
      {
        schema: describeRoute(
          { body: { type: 'object', required: ['rule'], additionalProperties: false, properties: { rule: {} } } },
          audienceDocs.estimate,
        ),
        config: { requires: read },
      },
      async (request) => {
        const tenantId = actorOf(request).tenantId;
        return ok({ estimate: await estimateMembers({ db: app.database.db, tenantId, rule: request.body.rule, ctx: contextOf(request) }) });
      },
    );
    app.post<{ Querystring: { id: number }; Body: { page?: number; pageSize?: number } | undefined }>(
      '/v1/customer-group/members',
      { schema: describeRoute({ ...idQuery, ...pageBody }, audienceDocs.members), config: { requires: read } },
      async (request) => {
        const group = await engine.info(request, request.query.id);
        const page = request.body?.page ?? 1;
        const pageSize = request.body?.pageSize ?? 20;
        const records = await groupMembersPage({
          db: app.database.db,
          tenantId: actorOf(request).tenantId,
          group: { id: request.query.id, groupType: group.groupType as string | null, rule: group.rule as string | null },
          page,
          pageSize,
          ctx: contextOf(request),
        });
        return ok({ total: (group.memberCount as number | null) ?? null, records });
      },
    );
  },
});
