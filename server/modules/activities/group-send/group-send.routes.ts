import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holdsAny } from '../../../../resources/access';
import { GROUP_SEND_KINDS } from '../../../../resources/promotion/activity-engine';
import { activityKind, KIND_DECLARATIONS } from '../../../../resources/promotion/kinds/index';
import { AppError, forbidden, ok } from '../../../http/envelope';
import { describeRoute } from '../../../http/openapi.schemas';
import { authOf } from '../../auth/access.hook';
import { familyAccess } from '../../../../resources/promotion/activity.resource';
import { familyRefs } from '../activity.hooks';
import { readableActivity } from '../engine/engine.routes';
import { dispatchRun, groupSendJobs } from './group-send.job';
import { groupSendDocs } from './group-send.openapi';
import { approveRun, isGroupSendKind, jobOf, moveRun, runOfActivity, startRun, type GroupSendMove } from './group-send.runs';
import { giftRef } from '../push-plans/push-plan.rule';

/**
 * The send-run routes of the kinds sent to a group (README.md: bulk coupon issues, customer group
 * gifts): start (`id` = the activity), pause, resume and stop (`id` = the run), each needing
 * 配置维护 on the activity's own entry (营销/批量发券, 营销/精准营销); the run with its progress for
 * whoever reads that entry. Each answers the run as it stands after the change.
 */

/** The menu families of the kinds sent to a group (bulk coupon issuing, precision marketing). */
const FAMILIES = [...new Set(GROUP_SEND_KINDS.map((kind) => KIND_DECLARATIONS[kind].family))];
const MAINTAIN = FAMILIES.flatMap((family) => familyRefs(family, ['配置维护']));
const READ = FAMILIES.flatMap((family) => familyRefs(family, familyAccess(family).read));
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
    const run = await runOfActivity({
      db,
      tenantId: authOf(request).tenantId,
      activityId,
      zone: request.ctx.timeZone,
      locale: request.ctx.locale,
    });
    return ok(run);
  };

  /**
   * The activity of a group-send activity id the caller may read on its own entry (404 for any
   * other activity); `maintain`: the caller must also maintain that entry (403 otherwise).
   */
  const groupActivity = async (request: FastifyRequest, activityId: number, maintain = false) => {
    // Read on the activity's own entry (a bulk issue's grants do not open a group gift, nor the reverse).
    const activity = await readableActivity(app, request, activityId, READ);
    const decl = activityKind(activity.kind);
    if (!decl || !isGroupSendKind(activity.kind))
      throw new AppError('notFound', 'groupSend.activityNotFound', { values: { id: activityId } });
    if (!holdsAny(authOf(request).grants, familyRefs(decl.family, maintain ? ['配置维护'] : familyAccess(decl.family).read)))
      throw forbidden();
    return activity;
  };

  app.post<{ Querystring: { id: number } }>(
    '/v1/group-send/start',
    { schema: describeRoute(idQuery, groupSendDocs.start), config: { requires: MAINTAIN } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const activityId = request.query.id;
      await groupActivity(request, activityId, true);
      const job = await startRun({
        db,
        tenantId,
        userId,
        locale: request.ctx.locale,
        activityId,
        now: app.clock(),
        timeZone: request.ctx.timeZone,
      });
      await dispatchRun(app, jobOf(job));
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
        await groupActivity(request, Number(found.rows[0].activity_id), true);
        const { activityId } = await moveRun({ db, tenantId, runId, move, now: app.clock() });
        if (move === 'resume') await dispatchRun(app, { tenantId, runId });
        return answer(request, activityId);
      },
    );
  /**
   * A second person approves a push plan's scheduled run that waits (its gift above the
   * threshold): 配置维护 on the plan's entry and on 赠礼发放 (the gift's own grant), not the plan's
   * creator, before the run's window ends; the run is then sent.
   */
  app.post<{ Querystring: { id: number } }>(
    '/v1/group-send/approve',
    { schema: describeRoute(idQuery, groupSendDocs.approve), config: { requires: MAINTAIN } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const runId = request.query.id;
      const found = await db.execute<{ activity_id: string }>(sql`select activity_id from group_send_runs
        where tenant_id = ${tenantId} and id = ${runId}`);
      if (found.rows.length === 0) throw new AppError('notFound', 'groupSend.runNotFound', { values: { id: runId } });
      await groupActivity(request, Number(found.rows[0].activity_id), true);
      if (!holdsAny(authOf(request).grants, [giftRef()])) throw forbidden();
      if (userId === null) throw forbidden();
      const { activityId } = await approveRun({ db, tenantId, runId, userId, locale: request.ctx.locale, now: app.clock() });
      await dispatchRun(app, { tenantId, runId });
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
