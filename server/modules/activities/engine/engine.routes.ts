import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { holdsAny } from '../../../../resources/access';
import { AppError, ok } from '../../../http/envelope';
import { describeRoute } from '../../../http/openapi.schemas';
import { isDateText, parseZoned } from '../../../crud/zoned-time';
import { authOf } from '../../auth/access.hook';
import { translate } from '../../i18n/translate';
import { cachedSettings, paymentFacts, totalCents, type SalePayment } from '../../points/sales.service';
import { toCents } from '../../../money/money';
import { CHANNEL_CODE_SCHEMA, SALE_LINES_SCHEMA, SALE_PAYMENTS_SCHEMA } from '../../points/sale.schema';
import type { PreparedActivity } from '../activity.contract';
import { loadActivities } from '../activity.loader';
import { ACTIVITY_READ_ANY, readOfKind } from './activity-access';
import { activeSet, activeSetOf } from './active-set';
import { engineDocs } from './engine.openapi';
import { evaluateActivity } from './evaluation';
import { firedAnswers, planSale } from './sale-plan';

/**
 * The engine's routes: the simulator (`POST /v1/activities/simulate`: what a sale would give,
 * nothing posted) and the effect evaluation (`POST /v1/activities/evaluation`).
 */

const DATE = { type: 'string', maxLength: 10 } as const;
const ID = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;

const simulateSchema = {
  body: {
    type: 'object',
    required: ['memberId', 'lines'],
    additionalProperties: false,
    properties: {
      activityIds: { type: 'array', maxItems: 50, items: ID },
      memberId: ID,
      storeId: { type: ['integer', 'null'], minimum: 1, maximum: 9007199254740991 },
      channelCode: CHANNEL_CODE_SCHEMA,
      at: { type: 'string', maxLength: 19 },
      lines: SALE_LINES_SCHEMA,
      payments: SALE_PAYMENTS_SCHEMA,
    },
  },
} as const;

interface SimulateBody {
  activityIds?: number[];
  memberId: number;
  storeId?: number | null;
  channelCode?: string | null;
  at?: string;
  lines: { goodsCode: string; quantity: number; amount: string | number }[];
  payments?: SalePayment[];
}

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
async function readableActivity(
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

  app.post<{ Body: SimulateBody }>(
    '/v1/activities/simulate',
    { schema: describeRoute(simulateSchema, engineDocs.simulate), config: { requires: ACTIVITY_READ_ANY } },
    async (request) => {
      const { tenantId } = authOf(request);
      const body = request.body;
      totalCents(body.lines);
      const payments = paymentFacts(body.payments ?? []);
      const at = body.at === undefined ? app.clock() : parseZoned(body.at, request.ctx.timeZone);
      if (!at) throw fieldError('at', 'activityEngine.atInvalid');
      // A user limited to some marketing centres simulates only their members.
      const allowed = authOf(request).marketingCenterIds;
      const member = await db.execute(sql`select 1 from members where tenant_id = ${tenantId} and id = ${body.memberId}
        ${
          allowed === null
            ? sql``
            : sql`and marketing_center in (${sql.join(
                [0, ...allowed].map((id) => sql`${id}`),
                sql`, `,
              )})`
        }`);
      if (member.rows.length === 0) throw fieldError('memberId', 'points.memberNotFound');
      const extra: PreparedActivity[] = [];
      for (const id of [...new Set(body.activityIds ?? [])]) extra.push(await readableActivity(app, request, id));
      const set = await activeSet(db, tenantId);
      const ids = new Set(extra.map((a) => a.id));
      const simulated = activeSetOf([...set.activities.filter((a) => !ids.has(a.id)), ...extra], set.timeZone);
      const settings = await cachedSettings(db, tenantId);
      const { outcome } = await planSale({
        tx: db,
        tenantId,
        set: simulated,
        mode: 'simulate',
        sale: {
          orderNo: 'SIMULATION',
          memberId: body.memberId,
          storeId: body.storeId ?? null,
          channelCode: body.channelCode ?? null,
          at,
          lines: body.lines.map((line) => ({ goodsCode: line.goodsCode, quantity: line.quantity, amountCents: toCents(line.amount)! })),
          payments,
          defaultCentsPerPoint: toCents(settings.yuanPerPoint)!,
        },
      });
      // The sale would refuse these payments: the simulator answers the same 400.
      if (outcome.pointsCashRefusal) throw fieldError('payments', outcome.pointsCashRefusal.key, { ...outcome.pointsCashRefusal.values });
      const locale = request.ctx.locale;
      return ok({
        basicPoints: outcome.basicPoints,
        totalPoints: outcome.totalPoints,
        pointsPaid: outcome.pointsPaid,
        fired: firedAnswers(outcome),
        excluded: outcome.excluded.map(({ activity, reason, detail, detailValues }) => ({
          activityId: activity.id,
          number: activity.number,
          name: activity.name,
          kind: activity.kind,
          reason,
          reasonText: translate(locale, `activities.exclusion.${reason}`),
          ...(detail !== undefined
            ? { detail: reason === 'stackingLost' ? detail : translate(locale, detail, detailValues ? { ...detailValues } : undefined) }
            : {}),
        })),
      });
    },
  );

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
