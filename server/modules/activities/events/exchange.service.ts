/**
 * Points exchanges (SCORE_GAIN_COUPON, SCORE_EXCHANGE_GOODS; issue 13): a member spends points
 * under a running exchange activity and gets coupons (issued at once) or goods (handed out at
 * the till). Once per request number under the idempotency rule (server/modules/idempotency):
 * in one transaction the points are spent through the points ledger, the budget and limits
 * taken, the coupons issued and the giving recorded in `activity_awards`; any refusal (not
 * enough points, a limit reached, a coupon template sold out) rolls all of it back and leaves the
 * request number free.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/connection';
import { AppError } from '../../../http/envelope';
import { idempotent, type IdempotentResult } from '../../idempotency/idempotency.service';
import { assertMemberCanTransact } from '../../points/member-guard';
import { postPoints } from '../../points/points.ledger';
import { EXCHANGE_KINDS, type Award, type ExchangeKind, type PreparedActivity } from '../../../../resources/promotion/activity-engine';
import { activeSet } from '../engine/active-set';
import { eventExclusion, evaluateExchange, isTimeExclusion } from './evaluate';
import { giveOnce } from './give';
import { factsFor, memberContext } from './member-events';

export interface ExchangeInput {
  /** The caller's number: the same number twice exchanges once. */
  readonly requestNo: string;
  readonly activityId: number;
  readonly memberId: number;
  /** How many times the exchange is made (default 1). */
  readonly quantity?: number;
  /** Where the exchange happens; default the member's registration store (the activity's store scope). */
  readonly storeId?: number | null;
}

export interface ExchangeAnswer {
  readonly requestNo: string;
  readonly activityId: number;
  readonly memberId: number;
  readonly quantity: number;
  readonly points: number;
  readonly balance: number;
  readonly awards: readonly Award[];
  readonly couponIds: readonly number[];
}

const isExchange = (kind: string): kind is ExchangeKind => (EXCHANGE_KINDS as readonly string[]).includes(kind);

/** The running exchange activity asked for, or the 404 / 409 that says why there is none. */
async function exchangeActivity(tx: DbOrTx, tenantId: number, activityId: number): Promise<PreparedActivity> {
  const active = (await activeSet(tx, tenantId)).activities.find((a) => a.id === activityId && isExchange(a.kind));
  if (active) return active;
  const stored = await tx.execute<{ name: string; kind: string }>(sql`select name, kind from activities
    where tenant_id = ${tenantId} and id = ${activityId}`);
  const row = stored.rows[0];
  if (!row || !isExchange(row.kind)) throw new AppError('notFound', 'activityEvents.exchangeNotFound', { values: { activityId } });
  throw new AppError('conflict', 'activityEvents.exchangeClosed', { values: { name: row.name } });
}

/** Store scope: the exchange's store (and its area), else the member's registration store. */
export async function storeArea(tx: DbOrTx, tenantId: number, storeId: number): Promise<number | null> {
  const result = await tx.execute<{ area: number | null }>(sql`select area from stores where tenant_id = ${tenantId} and id = ${storeId}`);
  if (result.rows.length === 0) throw new AppError('notFound', 'activityEvents.storeNotFound', { values: { storeId } });
  return result.rows[0].area === null ? null : Number(result.rows[0].area);
}

export async function exchangePoints(input: {
  db: Db;
  tenantId: number;
  operatorId: number | null;
  now: Date;
  exchange: ExchangeInput;
}): Promise<IdempotentResult<ExchangeAnswer>> {
  const { db, tenantId, exchange, now } = input;
  const quantity = exchange.quantity ?? 1;
  return idempotent({
    db,
    tenantId,
    operation: 'activities.exchange',
    key: exchange.requestNo,
    keyField: 'requestNo',
    request: { activityId: exchange.activityId, memberId: exchange.memberId, quantity, storeId: exchange.storeId ?? null },
    run: async (tx) => {
      const activity = await exchangeActivity(tx, tenantId, exchange.activityId);
      await assertMemberCanTransact({ tx, tenantId, memberId: exchange.memberId });
      const context = await memberContext(tx, tenantId, exchange.memberId, now);
      if (!context) throw new AppError('notFound', 'points.memberNotFound');
      const storeId = exchange.storeId ?? context.facts.storeId;
      const areaId = exchange.storeId ? await storeArea(tx, tenantId, exchange.storeId) : context.facts.areaId;
      const exclusion = eventExclusion(activity, await factsFor(tx, tenantId, activity, { ...context.facts, storeId, areaId }));
      if (isTimeExclusion(exclusion)) {
        throw new AppError('conflict', 'activityEvents.exchangeClosed', { values: { name: activity.name } });
      }
      if (exclusion) throw new AppError('conflict', 'activityEvents.outOfScope', { values: { name: activity.name } });
      const evaluation = evaluateExchange(activity.rule, quantity)!;
      const spent = await postPoints({
        tx,
        tenantId,
        memberId: exchange.memberId,
        delta: -evaluation.pointsCost,
        field: 'quantity',
        kind: 'spend',
        sourceType: 'exchange',
        sourceId: exchange.requestNo,
        storeId,
        operatorId: input.operatorId,
        remark: activity.name,
        idempotencyKey: `exchange:${exchange.requestNo}`,
        now,
      });
      const given = await giveOnce({
        tx,
        tenantId,
        activity,
        memberId: exchange.memberId,
        awards: evaluation.awards,
        source: 'exchange',
        sourceNo: exchange.requestNo,
        now,
        localDate: context.facts.localDate,
        zone: context.zone,
        storeId,
        operatorId: input.operatorId,
        couponSource: 'EXCHANGE',
      });
      // The request number is new (idempotent above), so a giving refused here is a limit.
      if (!given.given) throw new AppError('conflict', `activityEvents.${given.reason}`, { values: { name: activity.name } });
      const answer: ExchangeAnswer = {
        requestNo: exchange.requestNo,
        activityId: activity.id,
        memberId: exchange.memberId,
        quantity,
        points: evaluation.pointsCost,
        balance: spent.balanceAfter,
        awards: evaluation.awards,
        couponIds: given.couponIds,
      };
      return answer;
    },
  });
}
