import type { FastifyInstance } from 'fastify';
import { holdsAny } from '../../../../resources/access';
import { AppError, ok } from '../../../http/envelope';
import { describeRoute } from '../../../http/openapi.schemas';
import { isDateText } from '../../../crud/zoned-time';
import { authOf } from '../../auth/access.hook';
import type { PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { loadActivities } from '../activity.loader';
import { ACTIVITY_READ_ANY, readOfKind } from './activity-access';
import { engineDocs } from './engine.openapi';
import { evaluateActivity } from './evaluation';

/**
 * The engine's route: the effect evaluation (`POST /v1/activities/evaluation`). The simulator
 * (what a sale would give) is the sale module's (sale/sale.routes.ts): it reads a sale.
 */

const DATE = { type: 'string', maxLength: 10 } as const;
const ID = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;

const evaluationSchema = {
  body: {
    type: 'object',
    required: ['activityId'],
    additionalProperties: false,
    properties: { activityId: ID, from: DATE, to: DATE },
  },
} as const;

const fieldError = (field: string, key: string, values?: Record<string, string | number>) =>
  new AppError('badInput', 'error.fieldsInvalid', { fields: [{ field, key, values }] });

/** The activity, when the caller may read it (its kind's entry, and its marketing centre when one is selected). */
export async function readableActivity(
  app: FastifyInstance,
  request: Parameters<typeof authOf>[0],
  activityId: number,
): Promise<PreparedActivity> {
  const auth = authOf(request);
  const [activity] = await loadActivities(app.database.db, auth.tenantId, [activityId]);
  const centre = request.ctx.marketingCenter;
  const allowed = auth.marketingCenterIds;
  const ownCentre = activity?.marketingCenterId ?? null;
  const outside = ownCentre !== null && ((centre !== null && ownCentre !== centre) || (allowed !== null && !allowed.includes(ownCentre)));
  if (!activity || outside) {
    throw new AppError('notFound', 'activityEngine.notFound', { values: { id: activityId } });
  }
  if (!holdsAny(auth.grants, [readOfKind(activity.kind)])) throw new AppError('forbidden', 'error.forbidden');
  return activity;
}

export async function activityEngineRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post<{ Body: { activityId: number; from?: string; to?: string } }>(
    '/v1/activities/evaluation',
    { schema: describeRoute(evaluationSchema, engineDocs.evaluation), config: { requires: ACTIVITY_READ_ANY } },
    async (request) => {
      const { tenantId } = authOf(request);
      const { activityId, from, to } = request.body;
      for (const [field, day] of [
        ['from', from],
        ['to', to],
      ] as const) {
        if (day !== undefined && !isDateText(day)) throw fieldError(field, 'activityEngine.dateInvalid');
      }
      if (from && to && from > to) throw fieldError('to', 'activityEngine.rangeReversed');
      await readableActivity(app, request, activityId);
      return ok(await evaluateActivity(db, { tenantId, activityId, from, to }));
    },
  );
}
