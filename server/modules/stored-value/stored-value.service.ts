import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { idempotent, type IdempotentResult } from '../idempotency/idempotency.service';
import {
  guardMember,
  lockValueAccount,
  payFromHolder,
  postValue,
  readBalance,
  refundPayment,
  type PostedValueEntry,
  type ValueChannel,
} from '../ledger';
import { centsOf, centsToString, dbCents, positiveCents, signedCents } from '../../money/money';
import {
  assertEligible,
  assertStore,
  checkDailyLimit,
  checkRecharge,
  checkTillGift,
  storedValueSettings,
  type BasketLine,
} from './stored-value.rules';
import type { Locale } from '../../../resources/messages/bilingual';
import type { FiredActivity } from '../activities/events/member-events';
import { fireTopUp } from '../activities/events/top-up';
import { firePayDiscount, reversePayDiscount } from '../activities/events/pay-discount';
import { refundTopUp, type TakenBack } from '../activities/events/top-up-reversal';
import { PAY_KINDS_BY_HOLDER } from '../../../resources/promotion/activity-engine';

/**
 * The stored-value entry points for tills and apps: recharge, pay, refund, balance. Each one
 * that moves value runs under the idempotency rule (server/modules/idempotency) keyed by the
 * caller's number, and moves money only through the ledger (server/modules/ledger), so a replay
 * answers the first answer and nothing moves twice. Answers carry money as JSON numbers with at
 * most 2 decimals (converted from the exact text at the edge, never computed on).
 */

const money = (text: string): number => Number(text);

/** The portions after an entry, as the answers carry them. */
const after = (entry: PostedValueEntry) => ({
  principal: money(entry.principalAfter),
  gift: money(entry.giftAfter),
  balance: money(entry.balanceAfter),
  entryId: entry.id,
});

export interface RechargeInput {
  readonly requestNo: string;
  readonly memberId: number;
  readonly amount: string | number;
  readonly giftAmount?: string | number | null;
  readonly channel: ValueChannel;
  readonly storeId?: number | null;
  readonly remark?: string | null;
}

export interface RechargeAnswer {
  readonly requestNo: string;
  readonly memberId: number;
  readonly amount: number;
  readonly giftAmount: number;
  /** The portions after the recharge and the gifts of the top-up promotions it fired. */
  readonly principal: number;
  readonly gift: number;
  readonly balance: number;
  /** The recharge's own entry. */
  readonly entryId: number;
  /** The top-up promotions (STORE_VALUE_ACTIVE) that gave, and what. */
  readonly activities: readonly FiredTopUp[];
}

/** A top-up promotion that gave, as answers list it. */
export type FiredTopUp = Omit<FiredActivity, 'memberId'>;

/** A recharge: `amount` into principal and `giftAmount` into gift, under the programme's settings. */
export async function recharge(input: {
  db: Db;
  tenantId: number;
  operatorId: number;
  body: RechargeInput;
  /** The language of refusals that carry words (the kind of value). */
  locale: Locale;
  /** The server's clock (tests move it); default the system's. */
  now?: Date;
}): Promise<IdempotentResult<RechargeAnswer>> {
  const { db, tenantId, body } = input;
  const principal = positiveCents(body.amount, 'amount');
  const gift = body.giftAmount === undefined || body.giftAmount === null ? 0n : signedCents(body.giftAmount, 'giftAmount');
  if (gift < 0n)
    throw new AppError('badInput', 'error.fieldsInvalid', { fields: [{ field: 'giftAmount', key: 'storedValue.giftNegative' }] });
  const request = {
    memberId: body.memberId,
    amount: centsToString(principal),
    giftAmount: centsToString(gift),
    channel: body.channel,
    storeId: body.storeId ?? null,
    remark: body.remark ?? null,
  };
  return idempotent({
    db,
    tenantId,
    operation: 'stored-value.recharge',
    key: body.requestNo,
    keyField: 'requestNo',
    request,
    run: async (tx) => {
      const now = input.now ?? new Date();
      const settings = await storedValueSettings(tx, tenantId);
      checkRecharge(settings, { principal, gift, channel: body.channel });
      await checkTillGift({ db: tx, tenantId, gift, field: 'giftAmount', locale: input.locale });
      if (body.storeId) await assertStore(tx, tenantId, body.storeId, 'storeId');
      // Lock order of the ledger: the member (for share), then the account; the day's total is
      // read under the account's lock.
      const holder = { kind: 'member', memberId: body.memberId } as const;
      await guardMember({ tx, tenantId, memberId: body.memberId, requireInUse: true });
      await lockValueAccount({ tx, tenantId, holder });
      await checkDailyLimit({
        tx,
        tenantId,
        memberId: body.memberId,
        principal: principal + gift,
        limit: settings.maxPerMemberPerDay,
        now,
      });
      const entry = await postValue({
        tx,
        tenantId,
        holder,
        principal: centsToString(principal),
        gift: centsToString(gift),
        kind: 'recharge',
        channel: body.channel,
        sourceType: 'recharge',
        sourceId: body.requestNo,
        storeId: body.storeId ?? null,
        operatorId: input.operatorId,
        remark: body.remark ?? null,
        refuseIncreaseWhenFrozen: true,
        now,
      });
      // The top-up promotions, in the recharge's transaction, keyed by its request number; their
      // gift value goes to the gift portion through the ledger (kind recharge, source activity).
      const fired = await fireTopUp({
        tx,
        tenantId,
        kind: 'STORE_VALUE_ACTIVE',
        memberId: body.memberId,
        amountCents: principal,
        sourceNo: body.requestNo,
        source: 'recharge',
        now,
        storeId: body.storeId ?? null,
        operatorId: input.operatorId,
        postGiftValue: async ({ tx: giving, cents, idempotencyKey }) => {
          await postValue({
            tx: giving,
            tenantId,
            holder,
            principal: '0',
            gift: centsToString(cents),
            kind: 'recharge',
            channel: body.channel,
            sourceType: 'activity',
            sourceId: body.requestNo,
            storeId: body.storeId ?? null,
            operatorId: input.operatorId,
            remark: null,
            idempotencyKey,
            now,
          });
        },
      });
      const balance = fired.length === 0 ? null : await readBalance({ db: tx, tenantId, holder });
      return {
        requestNo: body.requestNo,
        memberId: body.memberId,
        amount: money(request.amount),
        giftAmount: money(request.giftAmount),
        ...after(entry),
        ...(balance ? { principal: money(balance.principal), gift: money(balance.gift), balance: money(balance.balance) } : {}),
        activities: fired.map(({ activityId, number, name, kind, awards }) => ({ activityId, number, name, kind, awards })),
      };
    },
  });
}

export interface PayInput {
  readonly requestNo: string;
  readonly memberId: number;
  readonly amount: string | number;
  readonly storeId: number;
  readonly lines?: readonly BasketLine[];
  readonly remark?: string | null;
  /** The bill used coupons: payment offers not given with coupons give nothing. */
  readonly couponsUsed?: boolean;
}

export interface PayAnswer {
  readonly requestNo: string;
  readonly memberId: number;
  /** The bill. */
  readonly amount: number;
  /** Money off the bill by a payment offer; the stored value paid `amount - discount` (`paid`). */
  readonly discount: number;
  readonly paid: number;
  readonly principalPaid: number;
  readonly giftPaid: number;
  readonly principal: number;
  readonly gift: number;
  readonly balance: number;
  readonly entryId: number;
  readonly paymentId: number;
  /** The payment offer that gave the discount (at most one). */
  readonly activities: readonly FiredTopUp[];
}

/** A payment from the member's stored value, for eligible goods in an eligible store. */
export async function pay(input: {
  db: Db;
  tenantId: number;
  operatorId: number;
  body: PayInput;
  now?: Date;
}): Promise<IdempotentResult<PayAnswer>> {
  const { db, tenantId, body } = input;
  const amount = positiveCents(body.amount, 'amount');
  const lines = body.lines ?? [];
  let basket = 0n;
  const canonicalLines = lines.map((line, i) => {
    const cents = positiveCents(line.amount, `lines.${i}.amount`);
    basket += cents;
    return { goodsId: line.goodsId, amount: centsToString(cents) };
  });
  if (lines.length > 0 && amount > basket) {
    const values = { amount: centsToString(amount), basket: centsToString(basket) };
    throw new AppError('badInput', 'error.fieldsInvalid', { fields: [{ field: 'amount', key: 'storedValue.aboveBasket', values }] });
  }
  const request = {
    memberId: body.memberId,
    amount: centsToString(amount),
    storeId: body.storeId,
    lines: canonicalLines,
    remark: body.remark ?? null,
    couponsUsed: body.couponsUsed ?? false,
  };
  return idempotent({
    db,
    tenantId,
    operation: 'stored-value.pay',
    key: body.requestNo,
    keyField: 'requestNo',
    request,
    run: async (tx) => {
      await assertStore(tx, tenantId, body.storeId, 'storeId');
      await assertEligible({ tx, tenantId, storeId: body.storeId, lines });
      const now = input.now ?? new Date();
      // The stored-value payment offers, in the payment's transaction, once per request number:
      // the payment spends the bill less their discount.
      const offer = await firePayDiscount({
        tx,
        tenantId,
        kinds: PAY_KINDS_BY_HOLDER.storedValue,
        memberId: body.memberId,
        amountCents: amount,
        couponsUsed: request.couponsUsed,
        sourceNo: body.requestNo,
        now,
        storeId: body.storeId,
        operatorId: input.operatorId,
      });
      const entry = await payFromHolder({
        tx,
        tenantId,
        holder: { kind: 'member', memberId: body.memberId },
        amount: centsToString(amount - offer.discountCents),
        discount: centsToString(offer.discountCents),
        requestNo: body.requestNo,
        storeId: body.storeId,
        operatorId: input.operatorId,
        channel: 'store',
        sourceType: 'payment',
        remark: body.remark ?? null,
        now,
      });
      const fired = offer.fired ? [offer.fired] : [];
      return {
        requestNo: body.requestNo,
        memberId: body.memberId,
        amount: money(request.amount),
        discount: money(centsToString(offer.discountCents)),
        paid: money(centsToString(amount - offer.discountCents)),
        principalPaid: -money(entry.principalDelta),
        giftPaid: -money(entry.giftDelta),
        ...after(entry),
        paymentId: entry.paymentId,
        activities: fired.map(({ activityId, number, name, kind, awards }) => ({ activityId, number, name, kind, awards })),
      };
    },
  });
}

export interface RefundInput {
  readonly refundNo: string;
  readonly requestNo: string;
  readonly amount: string | number;
  readonly storeId?: number | null;
}

export interface RefundAnswer {
  readonly refundNo: string;
  readonly requestNo: string;
  readonly amount: number;
  readonly principalRefunded: number;
  readonly giftRefunded: number;
  readonly refundedTotal: number;
  readonly paidTotal: number;
  /** The payment's discount taken back by this refund, and by all its refunds so far. */
  readonly discountTakenBack: number;
  readonly discountTakenBackTotal: number;
  readonly principal: number;
  readonly gift: number;
  readonly balance: number;
  readonly entryId: number;
}

/** Part or all of an earlier stored-value payment back, cumulatively never above what it paid. */
export async function refund(input: {
  db: Db;
  tenantId: number;
  operatorId: number;
  body: RefundInput;
  now?: Date;
}): Promise<IdempotentResult<RefundAnswer>> {
  const { db, tenantId, body } = input;
  const amount = positiveCents(body.amount, 'amount');
  const request = { requestNo: body.requestNo, amount: centsToString(amount), storeId: body.storeId ?? null };
  return idempotent({
    db,
    tenantId,
    operation: 'stored-value.refund',
    key: body.refundNo,
    keyField: 'refundNo',
    request,
    run: async (tx) => {
      if (body.storeId) await assertStore(tx, tenantId, body.storeId, 'storeId');
      const entry = await refundPayment({
        tx,
        tenantId,
        paymentRequestNo: body.requestNo,
        refundNo: body.refundNo,
        amount: request.amount,
        storeId: body.storeId ?? null,
        operatorId: input.operatorId,
        holderKind: 'member',
        now: input.now,
      });
      // The payment offer's record keeps the share taken back (the member's cap, the evaluation's cost).
      await reversePayDiscount({ tx, tenantId, requestNo: body.requestNo, reversedCents: centsOf(entry.discountTakenBackTotal) });
      return {
        refundNo: body.refundNo,
        requestNo: body.requestNo,
        amount: money(request.amount),
        principalRefunded: money(entry.principalDelta),
        giftRefunded: money(entry.giftDelta),
        refundedTotal: money(entry.refundedTotal),
        paidTotal: money(entry.paidTotal),
        discountTakenBack: money(entry.discountTakenBack),
        discountTakenBackTotal: money(entry.discountTakenBackTotal),
        ...after(entry),
      };
    },
  });
}

export interface RechargeRefundInput {
  readonly refundNo: string;
  /** The recharge's request number. */
  readonly requestNo: string;
  /** Principal given back (the money paid in that goes back to the member). */
  readonly amount: string | number;
  readonly storeId?: number | null;
  readonly remark?: string | null;
}

/** What one refund took back of one top-up promotion's giving (money as numbers). */
export interface RechargeTakenBack {
  readonly activityId: number;
  readonly number: string;
  readonly name: string;
  readonly kind: string;
  readonly valueDue: number;
  readonly valueTakenBack: number;
  readonly pointsDue: number;
  readonly pointsTakenBack: number;
  readonly couponsDue: number;
  readonly couponsVoided: number;
}

export interface RechargeRefundAnswer {
  readonly refundNo: string;
  readonly requestNo: string;
  readonly memberId: number;
  readonly amount: number;
  /** The recharge's principal and what its refunds gave back so far, this one included. */
  readonly rechargedTotal: number;
  readonly refundedTotal: number;
  /** The share of the till's own gift (`giftAmount` of the recharge) due back, and what was taken. */
  readonly giftDue: number;
  readonly giftTakenBack: number;
  /** The top-up promotions' gifts taken back, per activity. */
  readonly activities: readonly RechargeTakenBack[];
  readonly principal: number;
  readonly gift: number;
  readonly balance: number;
  readonly entryId: number;
}

/** The recharge under its request number: member, principal and gift paid in (404 when there is none). */
async function rechargeOf(tx: DbOrTx, tenantId: number, requestNo: string) {
  const found = await tx.execute<{ member_id: number; principal_delta: string; gift_delta: string }>(sql`
    select member_id, principal_delta, gift_delta from value_entries
    where tenant_id = ${tenantId} and source_type = 'recharge' and source_id = ${requestNo} and kind = 'recharge' and member_id is not null
    order by id limit 1`);
  const row = found.rows[0];
  if (!row) throw new AppError('notFound', 'storedValue.rechargeNotFound', { values: { requestNo } });
  return { memberId: Number(row.member_id), principal: dbCents(row.principal_delta), gift: dbCents(row.gift_delta) };
}

/** The source type of a recharge refund's entries (kind `recharge`, negative), by the recharge's request number. */
export const RECHARGE_REFUND_SOURCE = 'recharge-refund';

/**
 * Part or all of a recharge's principal back to the member (README.md beside this file, "Recharge
 * refunds"): cumulative per recharge, never above its principal; the same share of the till's
 * gift and of what the top-up promotions gave is taken back (events/top-up-reversal.ts), as far
 * as the member still holds it, in the refund's transaction.
 */
export async function refundRecharge(input: {
  db: Db;
  tenantId: number;
  operatorId: number;
  body: RechargeRefundInput;
  now?: Date;
}): Promise<IdempotentResult<RechargeRefundAnswer>> {
  const { db, tenantId, body } = input;
  const amount = positiveCents(body.amount, 'amount');
  const request = { requestNo: body.requestNo, amount: centsToString(amount), storeId: body.storeId ?? null, remark: body.remark ?? null };
  return idempotent({
    db,
    tenantId,
    operation: 'stored-value.recharge-refund',
    key: body.refundNo,
    keyField: 'refundNo',
    request,
    run: async (tx) => {
      const now = input.now ?? new Date();
      if (body.storeId) await assertStore(tx, tenantId, body.storeId, 'storeId');
      const recharged = await rechargeOf(tx, tenantId, body.requestNo);
      const holder = { kind: 'member', memberId: recharged.memberId } as const;
      // Lock order of the ledger: the member (for share), then the account (refundTopUp).
      await guardMember({ tx, tenantId, memberId: recharged.memberId, requireInUse: false });
      const done = await refundTopUp({
        tx,
        tenantId,
        holder,
        toppedUp: recharged,
        source: 'recharge',
        sourceNo: body.requestNo,
        refundSource: RECHARGE_REFUND_SOURCE,
        entryKind: 'recharge',
        refundNo: body.refundNo,
        amountCents: amount,
        memberId: recharged.memberId,
        now,
        storeId: body.storeId ?? null,
        operatorId: input.operatorId,
        remark: body.remark ?? null,
      });
      return {
        refundNo: body.refundNo,
        requestNo: body.requestNo,
        memberId: recharged.memberId,
        amount: money(request.amount),
        rechargedTotal: money(centsToString(recharged.principal)),
        refundedTotal: money(centsToString(done.refundedAfterCents)),
        giftDue: money(centsToString(done.giftDueCents)),
        giftTakenBack: money(centsToString(done.giftTakenCents)),
        activities: done.activities.map(takenBackAnswer),
        principal: money(done.balance.principal),
        gift: money(done.balance.gift),
        balance: money(done.balance.balance),
        entryId: done.entry.id,
      };
    },
  });
}

const takenBackAnswer = (t: TakenBack): RechargeTakenBack => ({
  activityId: t.activityId,
  number: t.number,
  name: t.name,
  kind: t.kind,
  valueDue: money(t.valueDue),
  valueTakenBack: money(t.valueTakenBack),
  pointsDue: t.pointsDue,
  pointsTakenBack: t.pointsTakenBack,
  couponsDue: t.couponsDue,
  couponsVoided: t.couponsVoided,
});

export interface BalanceAnswer {
  readonly memberId: number;
  readonly principal: number;
  readonly gift: number;
  readonly balance: number;
  readonly frozen: boolean;
}

/** A member's stored value (404 when the tenant has no such member). */
export async function balanceOf(input: { db: DbOrTx; tenantId: number; memberId: number }): Promise<BalanceAnswer> {
  const { db, tenantId, memberId } = input;
  await guardMember({ tx: db, tenantId, memberId, requireInUse: false, lock: false });
  const found = await readBalance({ db, tenantId, holder: { kind: 'member', memberId } });
  return { memberId, principal: money(found.principal), gift: money(found.gift), balance: money(found.balance), frozen: found.frozen };
}
