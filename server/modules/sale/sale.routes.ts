import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { parseZoned } from '../../crud/zoned-time';
import { authOf } from '../auth/access.hook';
import { translate } from '../i18n/translate';
import { idempotentReply } from '../idempotency/idempotency.service';
import { SALES_INTEGRATION } from '../points/points.routes';
import type { PreparedActivity } from '../../../resources/promotion/activity-engine';
import { ACTIVITY_READ_ANY } from '../activities/engine/activity-access';
import { activeSet, activeSetOf } from '../activities/engine/active-set';
import { engineDocs } from '../activities/engine/engine.openapi';
import { readableActivity } from '../activities/engine/engine.routes';
import { firedAnswers } from '../activities/engine/sale-plan';
import { saleDocs } from './sale.openapi';
import { CHANNEL_CODE_SCHEMA, SALE_LINES_SCHEMA, SALE_PAYMENTS_SCHEMA } from './sale.schema';
import {
  paymentFacts,
  recordReturn,
  recordSale,
  simulateSale,
  totalCents,
  type ReturnInput,
  type SaleInput,
  type SalePayment,
} from './sale.service';

/**
 * The till's sale: `POST /v1/points/transaction` (a sale earns points, fires activities, grows
 * the member), `POST /v1/points/return` (takes back the returned share), both under the
 * idempotency rule, and the simulator `POST /v1/activities/simulate` (what a sale would give,
 * nothing posted). The paths and operation ids are the clients' and stay where they were.
 */

const ID = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;

const saleSchema = {
  body: {
    type: 'object',
    required: ['orderNo', 'lines'],
    additionalProperties: false,
    properties: {
      orderNo: { type: 'string', minLength: 1, maxLength: 64 },
      // None (or null): a walk-in customer's sale, recorded for the reports and earning nothing.
      memberId: { type: ['integer', 'null'], minimum: 1 },
      storeId: { type: ['integer', 'null'], minimum: 1 },
      channelCode: CHANNEL_CODE_SCHEMA,
      payments: SALE_PAYMENTS_SCHEMA,
      lines: SALE_LINES_SCHEMA,
    },
  },
} as const;

const returnSchema = {
  body: {
    type: 'object',
    required: ['returnNo', 'orderNo', 'amount'],
    additionalProperties: false,
    properties: {
      returnNo: { type: 'string', minLength: 1, maxLength: 64 },
      orderNo: { type: 'string', minLength: 1, maxLength: 64 },
      amount: { type: ['string', 'number'] },
    },
  },
} as const;

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

const fieldError = (field: string, key: string, values?: Record<string, string | number>) =>
  new AppError('badInput', 'error.fieldsInvalid', { fields: [{ field, key, values }] });

export async function saleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post<{ Body: SaleInput }>(
    '/v1/points/transaction',
    { schema: describeRoute(saleSchema, saleDocs.transaction), config: { requires: SALES_INTEGRATION } },
    async (request, reply) => {
      const auth = authOf(request);
      return idempotentReply(
        reply,
        await recordSale({ db, tenantId: auth.tenantId, operatorId: auth.userId, sale: request.body, now: app.clock() }),
      );
    },
  );

  app.post<{ Body: ReturnInput }>(
    '/v1/points/return',
    { schema: describeRoute(returnSchema, saleDocs.return), config: { requires: SALES_INTEGRATION } },
    async (request, reply) => {
      const auth = authOf(request);
      return idempotentReply(
        reply,
        await recordReturn({ db, tenantId: auth.tenantId, operatorId: auth.userId, ret: request.body, now: app.clock() }),
      );
    },
  );

  app.post<{ Body: SimulateBody }>(
    '/v1/activities/simulate',
    { schema: describeRoute(simulateSchema, engineDocs.simulate), config: { requires: ACTIVITY_READ_ANY } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const body = request.body;
      // The sale's checks of its input first, in the sale's order (simulateSale runs them again).
      totalCents(body.lines);
      paymentFacts(body.payments ?? []);
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
      // The sale itself, rolled back: every refusal of the sale is the simulator's, and what it gives.
      const { answer, outcome } = await simulateSale({
        db,
        tenantId,
        operatorId: userId,
        set: simulated,
        now: at,
        sale: {
          memberId: body.memberId,
          storeId: body.storeId ?? null,
          channelCode: body.channelCode ?? null,
          lines: body.lines,
          payments: body.payments ?? [],
        },
      });
      const locale = request.ctx.locale;
      if (!outcome) return ok({ basicPoints: answer.points, totalPoints: answer.points, pointsPaid: 0, fired: [], excluded: [] });
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
}
