import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/connection';
import { holdsAny } from '../../../../resources/access';
import type { PermissionRef } from '../../../../resources/catalog/types';
import { AppError, ok } from '../../../http/envelope';
import { describeRoute } from '../../../http/openapi.schemas';
import { isDateText } from '../../../crud/zoned-time';
import { authOf } from '../../auth/access.hook';
import { randomUUID } from 'node:crypto';
import {
  PAY_KINDS_BY_HOLDER,
  TOP_UP_KINDS,
  type PayHolder,
  type PreparedActivity,
  type TopUpKind,
} from '../../../../resources/promotion/activity-engine';
import { centsToString, positiveCents } from '../../../money/money';
import { firePayDiscount } from '../events/pay-discount';
import { guardMember } from '../../ledger';
import type { FiredActivity } from '../events/member-events';
import { fireTopUp } from '../events/top-up';
import { activeSet } from './active-set';
import { loadActivities } from '../activity.loader';
import { ACTIVITY_READ_ANY, readOfKind } from './activity-access';
import { engineDocs } from './engine.openapi';
import { evaluateActivity } from './evaluation';

/**
 * The engine's routes: the effect evaluation (`POST /v1/activities/evaluation`) and the top-up
 * simulator (`POST /v1/activities/simulate-top-up`). The sale simulator is the sale module's
 * (sale/sale.routes.ts): it reads a sale.
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

/**
 * The activity, when the caller may read it (its kind's entry, and its marketing centre when one
 * is selected). `grants`: who may read it instead of the kind's read action (a bulk issue's send
 * routes take any of its entry's actions).
 */
export async function readableActivity(
  app: FastifyInstance,
  request: Parameters<typeof authOf>[0],
  activityId: number,
  grants?: readonly PermissionRef[],
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
  if (!holdsAny(auth.grants, grants ?? readOfKind(activity.kind))) throw new AppError('forbidden', 'error.forbidden');
  return activity;
}

const simulateTopUpSchema = {
  body: {
    type: 'object',
    required: ['kind', 'memberId', 'amount'],
    additionalProperties: false,
    properties: {
      kind: { type: 'string', enum: [...TOP_UP_KINDS] },
      memberId: ID,
      amount: { type: ['string', 'number'] },
      storeId: { type: ['integer', 'null'], minimum: 1 },
      activityIds: { type: 'array', items: ID, maxItems: 50 },
    },
  },
} as const;

interface SimulateTopUpBody {
  readonly kind: TopUpKind;
  readonly memberId: number;
  readonly amount: string | number;
  readonly storeId?: number | null;
  readonly activityIds?: readonly number[];
}

/** Thrown to roll a simulation back with its answer. */
class Simulated extends Error {
  constructor(readonly answer: unknown) {
    super('simulated');
  }
}

/**
 * Runs a simulation: in a transaction that always rolls back, the member in use, the running
 * activities of `kinds` and those named by id whatever their state (an activity's detail simulates
 * it before its audit) handed to `run`, whose answer is returned once everything is undone.
 */
async function simulation<T>(input: {
  app: FastifyInstance;
  request: Parameters<typeof authOf>[0];
  memberId: number;
  kinds: readonly string[];
  activityIds: readonly number[] | undefined;
  run: (tx: DbOrTx, activities: PreparedActivity[]) => Promise<T>;
}): Promise<T> {
  const { app, request } = input;
  const { tenantId } = authOf(request);
  const added: PreparedActivity[] = [];
  for (const id of new Set(input.activityIds ?? [])) added.push(await readableActivity(app, request, id));
  try {
    await app.database.db.transaction(async (tx) => {
      await guardMember({ tx, tenantId, memberId: input.memberId, requireInUse: true });
      const active = (await activeSet(tx, tenantId)).activities.filter(
        (a) => input.kinds.includes(a.kind) && !added.some((b) => b.id === a.id),
      );
      throw new Simulated(await input.run(tx, [...active, ...added]));
    });
  } catch (error) {
    if (!(error instanceof Simulated)) throw error;
    return error.answer as T;
  }
  throw new Error('unreachable: the simulation always rolls back');
}

const simulatePaySchema = {
  body: {
    type: 'object',
    required: ['memberId', 'amount', 'storeId'],
    additionalProperties: false,
    properties: {
      memberId: ID,
      amount: { type: ['string', 'number'] },
      storeId: ID,
      couponsUsed: { type: 'boolean' },
      holder: { type: 'string', enum: Object.keys(PAY_KINDS_BY_HOLDER) },
      activityIds: { type: 'array', items: ID, maxItems: 50 },
    },
  },
} as const;

interface SimulatePayBody {
  readonly memberId: number;
  readonly amount: string | number;
  readonly storeId: number;
  readonly couponsUsed?: boolean;
  /** What is paid from (default stored value). */
  readonly holder?: PayHolder;
  readonly activityIds?: readonly number[];
}

const firedAnswer = (fired: readonly FiredActivity[]) =>
  fired.map(({ activityId, number, name, kind, awards }) => ({ activityId, number, name, kind, awards }));

export async function activityEngineRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  // What a top-up would give: the promotions' giving itself (budgets, limits, once per member as
  // they stand), in a transaction that always rolls back. Activities named by id join the active
  // set whatever their state (an activity's detail simulates it before its audit).
  app.post<{ Body: SimulateTopUpBody }>(
    '/v1/activities/simulate-top-up',
    { schema: describeRoute(simulateTopUpSchema, engineDocs.simulateTopUp), config: { requires: ACTIVITY_READ_ANY } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const body = request.body;
      const amountCents = positiveCents(body.amount, 'amount');
      const now = app.clock();
      const fired = await simulation({
        app,
        request,
        memberId: body.memberId,
        kinds: [body.kind],
        activityIds: body.activityIds,
        run: (tx, activities) =>
          fireTopUp({
            tx,
            tenantId,
            kind: body.kind,
            memberId: body.memberId,
            amountCents,
            sourceNo: `simulation:${randomUUID()}`,
            source: body.kind === 'STORE_VALUE_ACTIVE' ? 'recharge' : 'card-topup',
            now,
            storeId: body.storeId ?? null,
            operatorId: userId,
            // Nothing is kept: the value is not posted, only listed.
            postGiftValue: async () => {},
            activities,
          }),
      });
      return ok({ fired: firedAnswer(fired) });
    },
  );

  // What a stored-value payment would be given off: the offers' giving itself (caps as they stand),
  // in a transaction that always rolls back; activities named by id join whatever their state.
  app.post<{ Body: SimulatePayBody }>(
    '/v1/activities/simulate-pay',
    { schema: describeRoute(simulatePaySchema, engineDocs.simulatePay), config: { requires: ACTIVITY_READ_ANY } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const body = request.body;
      const amountCents = positiveCents(body.amount, 'amount');
      const kinds = PAY_KINDS_BY_HOLDER[body.holder ?? 'storedValue'];
      const offer = await simulation({
        app,
        request,
        memberId: body.memberId,
        kinds,
        activityIds: body.activityIds,
        run: (tx, activities) =>
          firePayDiscount({
            tx,
            tenantId,
            kinds,
            memberId: body.memberId,
            amountCents,
            couponsUsed: body.couponsUsed ?? false,
            sourceNo: `simulation:${randomUUID()}`,
            now: app.clock(),
            storeId: body.storeId,
            operatorId: userId,
            activities,
          }),
      });
      return ok({ discount: Number(centsToString(offer.discountCents)), fired: firedAnswer(offer.fired ? [offer.fired] : []) });
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
