import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { isRetryableTransactionError } from '../../db/pg-errors';
import { AppError } from '../../http/envelope';
import { idempotent, type AnswerStore, type IdempotentResult } from '../idempotency/idempotency.service';
import { applySaleGrowth, growthWriteCtes, planSaleGrowth, returnGrowthStep, saleGrowthRules } from '../levels/growth.service';
import { growthConfig, type GrowthConfig } from '../levels/growth-config';
import { tenantCache } from '../auth/tenant-cache';
import { earnInOneStatement, postPoints } from '../points/points.ledger';
import { prepareSale, saleMemberLock } from './sale-prepare';
import { activeSet, type ActiveSet } from '../activities/engine/active-set';
import type { SaleOutcome } from '../activities/engine/evaluate-sale';
import { planSale, recordSaleAwards, type FiredAnswer } from '../activities/engine/sale-plan';
import type { PaymentFact } from '../../../resources/promotion/activity-engine';
import { reverseSaleActivities } from '../activities/engine/returns';
import { boundedTotal, centsToString, inputCents, toCents } from '../../money/money';
import { POINTS_PER_POSTING_MAX } from '../ledger/points.book';
import { basicPoints, expiryFor, pointsToReverse, type ExpiryMode } from '../points/points.rules';

/**
 * The earning entry point for tills and other systems: a sales transaction posts the points the
 * basic rule gives, once per order number; a return reverses the points of the returned share,
 * once per return number. A replay of the same request answers exactly what the first call
 * answered; the same number with another request is refused with 409 (the idempotency rule,
 * server/modules/idempotency/README.md).
 */

export interface SaleLine {
  readonly goodsCode: string;
  readonly quantity: number;
  readonly amount: string | number;
  /** What the till took off the line's price (the amount is after it); the fuel reports total it. */
  readonly discount?: string | number;
}

export interface SalePayment {
  readonly method: PaymentFact['method'];
  readonly amount: string | number;
  /** POINTS: the points paid. */
  readonly points?: number;
  /** COUPON: the template of the coupon used. */
  readonly couponTemplateId?: number;
}

export interface SaleInput {
  readonly orderNo: string;
  /** None: a walk-in customer's sale, recorded for the reports (the member share) and earning nothing. */
  readonly memberId?: number | null;
  readonly storeId?: number | null;
  /** The channel the sale came through (channels' code), for activities limited to channels. */
  readonly channelCode?: string | null;
  readonly lines: readonly SaleLine[];
  readonly payments?: readonly SalePayment[];
}

/** A member's sale: the one that earns, fires activities and grows the member. */
export type MemberSale = SaleInput & { readonly memberId: number };

export interface SaleAnswer {
  readonly orderNo: string;
  /** Null for a walk-in customer's sale. */
  readonly memberId: number | null;
  readonly amount: string;
  readonly points: number;
  readonly balance: number;
  readonly entryId: number | null;
  /** Growth value the sale earned (growth rules), and the member's growth value and level after it. */
  readonly growth: number;
  readonly growthValue: number;
  readonly level: number | null;
  /** Each activity that fired and what it gave (activities/README.md, "Engine"). */
  readonly activities: readonly FiredAnswer[];
  /** Points the sale paid as cash (POINTS payments), spent from the balance. */
  readonly pointsPaid: number;
}

interface Settings {
  yuanPerPoint: string;
  expiryMode: ExpiryMode;
  expiryMonths: number;
}

// The points settings of each tenant, kept until a change is announced: a trigger on
// points_settings announces every change (`settings:<tenant id>`, migration points-settings-notify;
// the points rule settings write through to it in their own transaction).
const settingsCache = tenantCache<Settings, Pick<Db, 'execute'>>('settings', (db, tenantId) => settingsOf(db, tenantId), {
  tables: ['points_settings', 'points_rule_settings'],
});

/** The tenant's points settings (basic rule, expiry), kept until a change is announced. */
export function cachedSettings(tx: Pick<Db, 'execute'>, tenantId: number): Promise<Settings> {
  return settingsCache.get(tx, tenantId);
}

async function settingsOf(tx: Pick<Db, 'execute'>, tenantId: number): Promise<Settings> {
  const result = await tx.execute<{ yuan_per_point: string; expiry_mode: ExpiryMode; expiry_months: number }>(sql`
    select yuan_per_point, expiry_mode, expiry_months from points_settings where tenant_id = ${tenantId}`);
  const row = result.rows[0];
  return row
    ? { yuanPerPoint: String(row.yuan_per_point), expiryMode: row.expiry_mode, expiryMonths: Number(row.expiry_months) }
    : { yuanPerPoint: '1.00', expiryMode: 'never', expiryMonths: 12 };
}

/** One amount of a request as cents (0 or more), or the 400 naming its field. */
const amountCents = (value: string | number, field: string): bigint =>
  inputCents(value, { field, sign: 'nonNegative', invalidKey: 'points.amountInvalid' });

/** The sale's amount in cents, or the 400 naming the line's field (an amount or a discount). */
export function totalCents(lines: readonly SaleLine[]): bigint {
  let total = 0n;
  lines.forEach((line, i) => {
    total += amountCents(line.amount, `lines.${i}.amount`);
    if (line.discount !== undefined) amountCents(line.discount, `lines.${i}.discount`);
  });
  return boundedTotal(total, 'lines');
}

async function balanceOf(tx: Pick<Db, 'execute'>, tenantId: number, memberId: number): Promise<number> {
  const result = await tx.execute<{ balance: number }>(sql`select balance from points_accounts
    where tenant_id = ${tenantId} and member_id = ${memberId}`);
  return Number(result.rows[0]?.balance ?? 0);
}

/** The member's level and growth value, as a sale or return leaves them. */
async function levelOf(
  tx: Pick<Db, 'execute'>,
  tenantId: number,
  memberId: number,
): Promise<{ level: number | null; growthValue: number }> {
  const result = await tx.execute<{ level: number | null; growth_value: number }>(sql`select level, growth_value from members
    where tenant_id = ${tenantId} and id = ${memberId}`);
  const row = result.rows[0];
  return { level: row?.level === null || row?.level === undefined ? null : Number(row.level), growthValue: Number(row?.growth_value ?? 0) };
}

/** The payments as facts, or the 400 naming the field. */
export function paymentFacts(payments: readonly SalePayment[]): PaymentFact[] {
  return payments.map((payment, i) => {
    const cents = amountCents(payment.amount, `payments.${i}.amount`);
    if (payment.method === 'POINTS' && payment.points === undefined) {
      throw new AppError('badInput', 'error.fieldsInvalid', {
        fields: [{ field: `payments.${i}.points`, key: 'validation.required', values: { label: 'points' } }],
      });
    }
    return { method: payment.method, amountCents: cents, points: payment.points, couponTemplateId: payment.couponTemplateId };
  });
}

/** The sale as it decides the outcome: what a replay of its order number must repeat (channel and payments only when given). */
function saleRequest(sale: SaleInput): unknown {
  return {
    memberId: sale.memberId ?? null,
    storeId: sale.storeId ?? null,
    lines: sale.lines.map((line) => ({
      goodsCode: line.goodsCode,
      quantity: line.quantity,
      amount: centsToString(toCents(line.amount)!),
      ...(line.discount !== undefined ? { discount: centsToString(toCents(line.discount)!) } : {}),
    })),
    ...(sale.channelCode ? { channelCode: sale.channelCode } : {}),
    ...(sale.payments && sale.payments.length > 0
      ? { payments: sale.payments.map((p) => ({ ...p, amount: centsToString(toCents(p.amount) ?? 0n) })) }
      : {}),
  };
}

/**
 * Records a sale and posts its points, once per (tenant, orderNo) under the idempotency rule
 * (server/modules/idempotency): a replay of the same sale answers the first answer, another
 * sale under a used order number is refused with 409.
 */
export async function recordSale(input: {
  db: Db;
  tenantId: number;
  operatorId: number;
  sale: SaleInput;
  /** The instant of the sale (the server's clock). */
  now?: Date;
}): Promise<IdempotentResult<SaleAnswer>> {
  const { db, tenantId } = input;
  const amount = totalCents(input.sale.lines);
  const payments = paymentFacts(input.sale.payments ?? []);
  if (input.sale.memberId === undefined || input.sale.memberId === null) {
    return recordWalkInSale({ db, tenantId, sale: input.sale, amount, payments, now: input.now ?? new Date() });
  }
  const sale: MemberSale = { ...input.sale, memberId: input.sale.memberId };
  // The active set is the process's copy (read from the pool only after a change), outside the
  // transaction: nothing of it widens the window between the member's lock and its growth step.
  const set = await activeSet(db, tenantId);
  const config = await growthConfig(db, tenantId);
  return idempotent({
    db,
    tenantId,
    operation: 'points.transaction',
    key: sale.orderNo,
    keyField: 'orderNo',
    request: saleRequest(sale),
    lockFirst: saleMemberLock({ tenantId, memberId: sale.memberId, writesMember: config.rules.length > 0 }),
    run: async (tx, store) => {
      const now = input.now ?? new Date();
      const done = await postSale({ tx, store, tenantId, operatorId: input.operatorId, sale, amount, payments, set, config, now });
      return done.answer;
    },
  });
}

/** Payment methods that draw on a member's accounts, which a walk-in customer has none of. */
const MEMBER_PAYMENTS: ReadonlySet<PaymentFact['method']> = new Set(['POINTS', 'STORED_VALUE']);

/**
 * A walk-in customer's sale (no member): recorded once per order number like a member's, so the
 * reports can tell the members' share of a station's sales (the fuel reports), and earning
 * nothing: no points, activities or growth. A payment from a member's account is refused.
 */
async function recordWalkInSale(input: {
  db: Db;
  tenantId: number;
  sale: SaleInput;
  amount: bigint;
  payments: readonly PaymentFact[];
  now: Date;
}): Promise<IdempotentResult<SaleAnswer>> {
  const { db, tenantId, sale, amount } = input;
  const refused = input.payments.findIndex((p) => MEMBER_PAYMENTS.has(p.method));
  if (refused >= 0) {
    throw new AppError('badInput', 'error.fieldsInvalid', {
      fields: [{ field: `payments.${refused}.method`, key: 'points.walkInPayment' }],
    });
  }
  return idempotent({
    db,
    tenantId,
    operation: 'points.transaction',
    key: sale.orderNo,
    keyField: 'orderNo',
    request: saleRequest(sale),
    run: async (tx) => {
      const answer: SaleAnswer = {
        orderNo: sale.orderNo,
        memberId: null,
        amount: centsToString(amount),
        points: 0,
        balance: 0,
        entryId: null,
        growth: 0,
        growthValue: 0,
        level: null,
        activities: [],
        pointsPaid: 0,
      };
      await tx.execute(sql`insert into sales_transactions
        (tenant_id, order_no, member_id, store_id, amount, points, lines, response, occurred_at)
        values (${tenantId}, ${sale.orderNo}, null, ${sale.storeId ?? null}, ${centsToString(amount)}, 0,
          ${JSON.stringify(sale.lines)}::jsonb, ${JSON.stringify(answer)}::jsonb, ${input.now.toISOString()}::timestamptz)`);
      return answer;
    },
  });
}

/** What a sale did: its answer, and the activities' outcome when they were evaluated. */
export interface PostedSale {
  readonly answer: SaleAnswer;
  readonly outcome: SaleOutcome | null;
}

/**
 * The sale's work in its transaction, after the member's lock: the one code path of the sale and
 * of the simulator (`simulateSale`, which rolls it back), so both refuse and give alike.
 */
async function postSale(input: {
  tx: DbOrTx;
  store: AnswerStore;
  tenantId: number;
  operatorId: number;
  sale: MemberSale;
  amount: bigint;
  payments: readonly PaymentFact[];
  set: ActiveSet;
  config: GrowthConfig;
  now: Date;
}): Promise<PostedSale> {
  const { tx, store, tenantId, sale, amount, payments, set, config, now } = input;
  // Every read before the account lock, in one statement (sale-prepare.ts); the settings and
  // the growth rules are the process's copies.
  const growthRules = saleGrowthRules(config, now);
  const inForce = growthRules.rules.length > 0 ? growthRules : null;
  const { dueLots, member: facts } = await prepareSale({ tx, tenantId, memberId: sale.memberId, now, growth: inForce });
  const settings = await cachedSettings(tx, tenantId);
  // The activities in scope (none in the active set and no points paid: nothing to evaluate).
  const planned =
    set.activities.length > 0 || payments.some((p) => p.method === 'POINTS')
      ? await planSale({
          tx,
          tenantId,
          operatorId: input.operatorId,
          set,
          sale: {
            orderNo: sale.orderNo,
            memberId: sale.memberId,
            storeId: sale.storeId ?? null,
            channelCode: sale.channelCode ?? null,
            at: now,
            lines: sale.lines.map((line) => ({
              goodsCode: line.goodsCode,
              quantity: line.quantity,
              amountCents: toCents(line.amount)!,
            })),
            payments,
            defaultCentsPerPoint: toCents(settings.yuanPerPoint)!,
          },
        })
      : null;
  if (planned?.outcome.pointsCashRefusal) {
    const refusal = planned.outcome.pointsCashRefusal;
    throw new AppError('badInput', 'error.fieldsInvalid', {
      fields: [{ field: 'payments', key: refusal.key, values: refusal.values }],
    });
  }
  const withActivities = planned !== null && (planned.outcome.fired.length > 0 || planned.outcome.pointsPaid > 0);
  const points = planned
    ? planned.outcome.totalPoints
    : basicPoints({ amount: centsToString(amount), yuanPerPoint: settings.yuanPerPoint });
  if (points > POINTS_PER_POSTING_MAX) {
    const values = { points, max: POINTS_PER_POSTING_MAX };
    throw new AppError('badInput', 'error.fieldsInvalid', { fields: [{ field: 'lines', key: 'points.saleEarnsTooMuch', values }] });
  }
  const expiresAt = expiryFor({ at: now, mode: settings.expiryMode, months: settings.expiryMonths });
  const growthPlan = inForce
    ? planSaleGrowth({ config, rules: inForce.rules, day: inForce.day, now, amountCents: amount, member: facts })
    : null;
  if (points > 0 && !dueLots && !withActivities && !growthPlan?.levelMayMove) {
    // No activity gives anything and the level stays: the writes in one statement: account,
    // entry, lot, the member's growth and its entries, the sale, the key's answer.
    const growth = growthPlan?.growth ?? 0;
    const answerSql = sql`jsonb_build_object('orderNo', ${sale.orderNo}::text, 'memberId', ${sale.memberId}::bigint,
      'amount', ${centsToString(amount)}::text, 'points', ${points}::bigint, 'balance', entry.balance_after, 'entryId', entry.id,
      'growth', ${growth}::bigint, 'growthValue', ${growthPlan?.growthValue ?? facts.growthValue}::bigint, 'level', ${facts.level}::bigint,
      'activities', '[]'::jsonb, 'pointsPaid', 0)`;
    const growthCtes =
      growthPlan && growth > 0
        ? sql`${growthWriteCtes({ tenantId, memberId: sale.memberId, orderNo: sale.orderNo, now, plan: growthPlan })},`
        : sql``;
    const { answer } = await earnInOneStatement<SaleAnswer>({
      tx,
      tenantId,
      memberId: sale.memberId,
      delta: points,
      sourceType: 'transaction',
      sourceId: sale.orderNo,
      storeId: sale.storeId ?? null,
      operatorId: input.operatorId,
      now,
      expiresAt,
      also: {
        ctes: sql`${growthCtes} sale as (insert into sales_transactions
            (tenant_id, order_no, member_id, store_id, amount, points, lines, response, occurred_at)
          select ${tenantId}, ${sale.orderNo}, ${sale.memberId}, ${sale.storeId ?? null}, ${centsToString(amount)}, ${points},
            ${JSON.stringify(sale.lines)}::jsonb, ${answerSql}, ${now.toISOString()}::timestamptz from entry), ${store.cte({ answer: answerSql, from: sql`entry` })}`,
        answer: answerSql,
      },
    });
    store.stored();
    return { answer, outcome: planned?.outcome ?? null };
  }
  // The level step of the sale (growth, then the level under the real-time rule, with any
  // upgrade incentive), in this transaction and before the points, on the member's row locked above,
  // by the plan made from what was read under that lock.
  const grown = growthPlan
    ? await applySaleGrowth({
        tx,
        tenantId,
        memberId: sale.memberId,
        orderNo: sale.orderNo,
        operatorId: input.operatorId,
        now,
        plan: growthPlan,
      })
    : { growth: 0 };
  const member = await levelOf(tx, tenantId, sale.memberId);
  // Points paid as cash leave the balance before the sale's points arrive (never paid with what the sale earns).
  const pointsPaid = planned?.outcome.pointsPaid ?? 0;
  if (pointsPaid > 0) {
    await postPoints({
      tx,
      tenantId,
      memberId: sale.memberId,
      delta: -pointsPaid,
      kind: 'spend',
      sourceType: 'transaction',
      field: 'payments',
      sourceId: sale.orderNo,
      storeId: sale.storeId ?? null,
      operatorId: input.operatorId,
      now,
    });
  }
  const entry =
    points > 0
      ? await postPoints({
          tx,
          tenantId,
          memberId: sale.memberId,
          delta: points,
          kind: 'earn',
          sourceType: 'transaction',
          field: 'lines',
          sourceId: sale.orderNo,
          storeId: sale.storeId ?? null,
          operatorId: input.operatorId,
          now,
          expiresAt,
        })
      : null;
  const balance = entry ? entry.balanceAfter : await balanceOf(tx, tenantId, sale.memberId);
  const activities = withActivities
    ? await recordSaleAwards({ tx, tenantId, facts: planned.facts, outcome: planned.outcome, amountCents: amount })
    : [];
  const answer: SaleAnswer = {
    orderNo: sale.orderNo,
    memberId: sale.memberId,
    amount: centsToString(amount),
    points,
    balance,
    entryId: entry?.id ?? null,
    growth: grown.growth,
    growthValue: member.growthValue,
    level: member.level,
    activities,
    pointsPaid,
  };
  // The sale's own instant (the server's clock, or the demo's history), as its points entries carry it.
  await tx.execute(sql`insert into sales_transactions
    (tenant_id, order_no, member_id, store_id, amount, points, lines, response, occurred_at)
    values (${tenantId}, ${sale.orderNo}, ${sale.memberId}, ${sale.storeId ?? null}, ${centsToString(amount)}, ${points},
      ${JSON.stringify(sale.lines)}::jsonb, ${JSON.stringify(answer)}::jsonb, ${now.toISOString()}::timestamptz)`);
  return { answer, outcome: planned?.outcome ?? null };
}

/** Thrown at the end of a simulation to roll its transaction back, carrying what the sale did. */
class Simulated extends Error {
  constructor(readonly result: PostedSale) {
    super('simulated');
  }
}

/** A simulation's answer is stored nowhere. */
const NOTHING_STORED: AnswerStore = { cte: () => sql`idem as (select 1)`, stored: () => undefined };

/**
 * What a sale would do, by doing it and rolling it back: the member's lock, then `postSale` itself
 * (every check of the sale: the member may transact, points paid within the rule and the balance,
 * coupons the templates can issue, budgets), so the simulator refuses what the sale refuses and
 * gives what it gives. Its order number is longer than any client's (64), so it meets no sale's.
 */
export async function simulateSale(input: {
  db: Db;
  tenantId: number;
  operatorId: number;
  sale: Omit<MemberSale, 'orderNo'>;
  set: ActiveSet;
  now: Date;
}): Promise<PostedSale> {
  const { db, tenantId } = input;
  const sale: MemberSale = { ...input.sale, orderNo: `simulation:${randomUUID()}:${randomUUID()}` };
  const amount = totalCents(sale.lines);
  const payments = paymentFacts(sale.payments ?? []);
  const config = await growthConfig(db, tenantId);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(saleMemberLock({ tenantId, memberId: sale.memberId, writesMember: config.rules.length > 0 }));
        const done = await postSale({ ...input, tx, store: NOTHING_STORED, sale, amount, payments, config });
        throw new Simulated(done);
      });
    } catch (error) {
      if (error instanceof Simulated) return error.result;
      // A deadlock victim runs again, as a sale would (idempotency.service.ts).
      if (attempt >= 5 || !isRetryableTransactionError(error)) throw error;
    }
  }
}

export interface ReturnInput {
  readonly returnNo: string;
  readonly orderNo: string;
  /** The returned amount; the returned share of the order is this over the order's amount. */
  readonly amount: string | number;
}

export interface ReturnAnswer {
  readonly returnNo: string;
  readonly orderNo: string;
  readonly amount: string;
  readonly reversedPoints: number;
  readonly balance: number;
  /** Growth value taken back (the returned share of the sale's growth), and the member's growth value after it. */
  readonly reversedGrowth: number;
  readonly growthValue: number;
  /** Points paid as cash given back (the returned share of the sale's POINTS payments). */
  readonly refundedPoints: number;
  /** Unused coupons the order's activities gave, voided when the order is returned in full. */
  readonly voidedCoupons: number;
  /** The discount the order's used coupons gave, to keep back from the refund (coupon settings: TAKE_BACK_VALUE). */
  readonly couponValueTakenBack: string;
}

/**
 * Reverses the points of a returned share of a sale, once per (tenant, returnNo) under the
 * idempotency rule: a replay of the same return answers the first answer, another return
 * under a used return number is refused with 409.
 */
export async function recordReturn(input: {
  db: Db;
  tenantId: number;
  operatorId: number;
  ret: ReturnInput;
  now?: Date;
}): Promise<IdempotentResult<ReturnAnswer>> {
  const { db, tenantId, ret } = input;
  const returning = amountCents(ret.amount, 'amount');
  if (returning === 0n)
    throw new AppError('badInput', 'points.amountInvalid', { fields: [{ field: 'amount', key: 'points.amountInvalid' }] });
  return idempotent({
    db,
    tenantId,
    operation: 'points.return',
    key: ret.returnNo,
    keyField: 'returnNo',
    request: { orderNo: ret.orderNo, amount: centsToString(returning) },
    run: async (tx) => {
      // Lock the sale: returns against one order are serialised, so their shares add up.
      const sale = await tx.execute<{
        member_id: number;
        store_id: number | null;
        amount: string;
        points: number;
        returned_amount: string;
        points_paid: number | null;
      }>(sql`
        select member_id, store_id, amount, points, returned_amount, (response->>'pointsPaid')::bigint as points_paid from sales_transactions
        where tenant_id = ${tenantId} and order_no = ${ret.orderNo} for update`);
      if (sale.rows.length === 0) throw new AppError('notFound', 'points.orderNotFound', { values: { orderNo: ret.orderNo } });
      const row = sale.rows[0];
      const total = toCents(String(row.amount))!;
      const before = toCents(String(row.returned_amount))!;
      if (before + returning > total) {
        const values = { left: centsToString(total - before) };
        throw new AppError('badInput', 'points.returnExceeds', {
          values,
          fields: [{ field: 'amount', key: 'points.returnExceeds', values }],
        });
      }
      const share = pointsToReverse({
        transactionPoints: Number(row.points),
        transactionAmountCents: total,
        returnedBeforeCents: before,
        returningCents: returning,
      });
      const memberId = Number(row.member_id);
      const now = input.now ?? new Date();
      // One posting of the return: the points taken back (capped at the balance), or given back.
      const returnPosting = (delta: number) =>
        postPoints({
          tx,
          tenantId,
          memberId,
          delta,
          kind: 'reverse',
          sourceType: 'return',
          sourceId: ret.returnNo,
          field: 'amount',
          storeId: row.store_id === null ? null : Number(row.store_id),
          operatorId: input.operatorId,
          now,
          capAtBalance: delta < 0,
        });
      const entry = share > 0 ? await returnPosting(-share) : null;
      const reversed = entry ? -entry.delta : 0;
      // The returned share of the points paid as cash goes back to the member.
      const refund = pointsToReverse({
        transactionPoints: Number(row.points_paid ?? 0),
        transactionAmountCents: total,
        returnedBeforeCents: before,
        returningCents: returning,
      });
      const refunded = refund > 0 ? await returnPosting(refund) : null;
      const { voidedCoupons, couponValueTakenBack } = await reverseSaleActivities({
        tx,
        tenantId,
        orderNo: ret.orderNo,
        orderCents: total,
        returnedAfterCents: before + returning,
        operatorId: input.operatorId,
        now,
      });
      const balance = refunded ? refunded.balanceAfter : entry ? entry.balanceAfter : await balanceOf(tx, tenantId, memberId);
      const grown = await returnGrowthStep({
        tx,
        tenantId,
        memberId,
        orderNo: ret.orderNo,
        returnNo: ret.returnNo,
        orderAmountCents: total,
        returnedBeforeCents: before,
        returningCents: returning,
        operatorId: input.operatorId,
      });
      const answer: ReturnAnswer = {
        returnNo: ret.returnNo,
        orderNo: ret.orderNo,
        amount: centsToString(returning),
        reversedPoints: reversed,
        balance,
        reversedGrowth: -grown.growth,
        growthValue: grown.growthValue ?? (await levelOf(tx, tenantId, memberId)).growthValue,
        refundedPoints: refund,
        voidedCoupons,
        couponValueTakenBack,
      };
      await tx.execute(sql`insert into sales_returns (tenant_id, return_no, order_no, amount, reversed_points, response)
        values (${tenantId}, ${ret.returnNo}, ${ret.orderNo}, ${centsToString(returning)}, ${reversed}, ${JSON.stringify(answer)}::jsonb)`);
      await tx.execute(sql`update sales_transactions set returned_amount = returned_amount + ${centsToString(returning)}::numeric,
        reversed_points = reversed_points + ${reversed} where tenant_id = ${tenantId} and order_no = ${ret.orderNo}`);
      return answer;
    },
  });
}
