import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ok } from '../../../http/envelope';
import { describeRoute } from '../../../http/openapi.schemas';
import { authOf } from '../../auth/access.hook';
import { familyRefs } from '../activity.hooks';
import { readableActivity } from '../engine/engine.routes';
import { dispatchRun, groupSendJobs } from './group-send.job';
import { groupSendDocs } from './group-send.openapi';
import { moveRun, runOfActivity, startRun, type GroupSendMove } from './group-send.runs';

/**
 * The send-run routes of bulk coupon issues (README.md): start (`id` = the activity), pause,
 * resume and stop (`id` = the run), each needing 配置维护 on 营销/批量发券; the run with its
 * progress for whoever reads the entry. Each answers the run as it stands after the change.
 */

const MAINTAIN = familyRefs('GROUP_COUPON', ['配置维护']);
const READ = familyRefs('GROUP_COUPON', ['活动查看', '配置维护']);
const ID = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
const idQuery = { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: ID } } } as const;
const activityQuery = {
  querystring: { type: 'object', required: ['activityId'], additionalProperties: false, properties: { activityId: ID } },
} as const;

export async function groupSendRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  await groupSendJobs(app);

  /** The run as it stands, for an activity the caller may read. */
  const answer = async (request: FastifyRequest, activityId: number) => {
    const run = await runOfActivity({ db, tenantId: authOf(request).tenantId, activityId, zone: request.ctx.timeZone });
    return ok(run);
  };

  /** The activity of a GROUP_COUPON activity id the caller may read (404 for any other activity). */
  const groupActivity = async (request: FastifyRequest, activityId: number) => {
    const activity = await readableActivity(app, request, activityId, READ);
    if (activity.kind !== 'GROUP_COUPON') throw new AppError('notFound', 'groupSend.activityNotFound', { values: { id: activityId } });
    return activity;
  };

  app.post<{ Querystring: { id: number } }>(
    '/v1/group-send/start',
    { schema: describeRoute(idQuery, groupSendDocs.start), config: { requires: MAINTAIN } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const activityId = request.query.id;
      await groupActivity(request, activityId);
      const job = await startRun({
        db,
        tenantId,
        userId,
        locale: request.ctx.locale,
        activityId,
        now: app.clock(),
        timeZone: request.ctx.timeZone,
      });
      await dispatchRun(app, job);
      return answer(request, activityId);
    },
  );

  const moveRoute = (move: GroupSendMove) =>
    app.post<{ Querystring: { id: number } }>(
      `/v1/group-send/${move}`,
      { schema: describeRoute(idQuery, groupSendDocs[move]), config: { requires: MAINTAIN } },
      async (request) => {
        const { tenantId } = authOf(request);
        const runId = request.query.id;
        const found = await db.execute<{ activity_id: string }>(sql`select activity_id from group_send_runs
          where tenant_id = ${tenantId} and id = ${runId}`);
        if (found.rows.length === 0) throw new AppError('notFound', 'groupSend.runNotFound', { values: { id: runId } });
        await groupActivity(request, Number(found.rows[0].activity_id));
        const { activityId } = await moveRun({ db, tenantId, runId, move, now: app.clock() });
        if (move === 'resume') await dispatchRun(app, { tenantId, runId });
        return answer(request, activityId);
      },
    );
  moveRoute('pause');
  moveRoute('resume');
  moveRoute('stop');

  app.get<{ Querystring: { activityId: number } }>(
    '/v1/group-send/run',
    { schema: describeRoute(activityQuery, groupSendDocs.run), config: { requires: READ } },
    async (request) => {
      await groupActivity(request, request.query.activityId);
      return answer(request, request.query.activityId);
    },
  );
}
