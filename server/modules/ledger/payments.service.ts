import { sql } from 'drizzle-orm';
import { AppError } from '../../http/envelope';
import { centsToString, dbCents, minCents, positiveCents } from '../../money/money';
import { postValue, readEntry, spendValueTracked } from './ledger.service';
import type { PayFromHolderInput, PostedValueEntry, RefundPaymentInput, ValueChannel, ValueHolder } from './ledger.types';

/**
 * Payments a till can refund later. A payment spends from the holder (principal first, then
 * gift) and keeps a row per (tenant, requestNo) with what it took from each portion; refunds add
 * up on that row (a CHECK keeps each portion's refunds within what the payment took) and each
 * has its own row per (tenant, refundNo). A refund gives back the gift portion first, up to what
 * the payment took from it, then principal: the reverse order of the spend, so refunding a
 * payment in full restores both portions exactly, and a partial refund never turns gift into
 * principal (README.md, "Refunds").
 */

interface PaymentRow extends Record<string, unknown> {
  id: number;
  request_no: string;
  holder_kind: 'member' | 'card';
  member_id: number | null;
  card_id: number | null;
  amount: string;
  principal_paid: string;
  gift_paid: string;
  refunded_principal: string;
  refunded_gift: string;
  discount: string;
  refunded_discount: string;
  entry_id: number;
  channel: ValueChannel | null;
  gift_expires_at: string | Date | null;
}

const PAYMENT_COLUMNS = sql`id, request_no, holder_kind, member_id, card_id, amount, principal_paid, gift_paid,
  refunded_principal, refunded_gift, discount, refunded_discount, entry_id, channel, gift_expires_at`;

const holderOf = (row: PaymentRow): ValueHolder =>
  row.holder_kind === 'member' ? { kind: 'member', memberId: Number(row.member_id) } : { kind: 'card', cardId: Number(row.card_id) };

const sameHolder = (a: ValueHolder, b: ValueHolder): boolean =>
  a.kind === 'member' ? b.kind === 'member' && a.memberId === b.memberId : b.kind === 'card' && a.cardId === b.cardId;

/** Payments a till can refund later: one row per (tenant, requestNo), cumulative refunds never above what was paid. */
export async function payFromHolder(input: PayFromHolderInput): Promise<PostedValueEntry & { readonly paymentId: number }> {
  const { tx, tenantId, holder } = input;
  const amount = positiveCents(input.amount, 'amount');
  const now = input.now ?? new Date();
  const earlier = await tx.execute<PaymentRow>(sql`select ${PAYMENT_COLUMNS} from value_payments
    where tenant_id = ${tenantId} and request_no = ${input.requestNo}`);
  if (earlier.rows.length > 0) {
    const row = earlier.rows[0];
    if (!sameHolder(holderOf(row), holder) || dbCents(row.amount) !== amount) {
      throw new AppError('conflict', 'ledger.paymentNoReused', { values: { requestNo: input.requestNo } });
    }
    return { ...(await readEntry(tx, tenantId, Number(row.entry_id))), paymentId: Number(row.id) };
  }
  const { giftSpentExpiresAt, ...entry } = await spendValueTracked({
    tx,
    tenantId,
    holder,
    amount: centsToString(amount),
    kind: 'pay',
    channel: input.channel ?? null,
    sourceType: input.sourceType,
    sourceId: input.requestNo,
    storeId: input.storeId ?? null,
    operatorId: input.operatorId ?? null,
    remark: input.remark ?? null,
    now,
  });
  const ids = holder.kind === 'member' ? { memberId: holder.memberId, cardId: null } : { memberId: null, cardId: holder.cardId };
  // A concurrent payment under the same number waits here for the first to end; if it committed,
  // this one is refused and rolls back (its spend included).
  const inserted = await tx.execute<{ id: number }>(sql`insert into value_payments (tenant_id, request_no, account_id, holder_kind,
      member_id, card_id, amount, principal_paid, gift_paid, discount, entry_id, gift_expires_at, channel, source_type, store_id, operator_id, occurred_at)
    select ${tenantId}, ${input.requestNo}, e.account_id, e.holder_kind, ${ids.memberId}::bigint, ${ids.cardId}::bigint,
      ${centsToString(amount)}::numeric, -e.principal_delta, -e.gift_delta, ${input.discount ?? '0'}::numeric, e.id, ${giftSpentExpiresAt ?? null}::timestamptz,
      ${input.channel ?? null}, ${input.sourceType},
      ${input.storeId ?? null}::bigint, ${input.operatorId ?? null}::bigint, ${now}
    from value_entries e where e.tenant_id = ${tenantId} and e.id = ${entry.id}
    on conflict do nothing returning id`);
  if (inserted.rows.length === 0) throw new AppError('conflict', 'ledger.paymentNoReused', { values: { requestNo: input.requestNo } });
  return { ...entry, paymentId: Number(inserted.rows[0].id) };
}

/** What a refund answers besides its entry: the totals after it, and the payment's discount it took back. */
export interface RefundTotals {
  readonly refundedTotal: string;
  readonly paidTotal: string;
  /** The payment's discount this refund took back, and all refunds of the payment so far. */
  readonly discountTakenBack: string;
  readonly discountTakenBackTotal: string;
}

/**
 * The share of a payment's discount taken back once `refundedAfter` of what it `paid` is refunded:
 * in proportion, rounded down, so the whole discount only when the whole payment is refunded.
 */
export const discountShare = (discount: bigint, refundedAfter: bigint, paid: bigint): bigint =>
  paid <= 0n ? 0n : (discount * refundedAfter) / paid;

/** Refunds part or all of an earlier payment (409 `ledger.refundExceedsPayment` with the numbers);
 * gift goes back first, up to what the payment took from gift, the rest to principal. A discounted
 * payment's discount is taken back in proportion to what is refunded (`discountShare`). */
export async function refundPayment(input: RefundPaymentInput): Promise<PostedValueEntry & RefundTotals> {
  const { tx, tenantId } = input;
  const amount = positiveCents(input.amount, 'amount');
  const now = input.now ?? new Date();
  const earlier = await tx.execute<{
    entry_id: number;
    amount: string;
    request_no: string;
    refunded: string;
    paid: string;
    discount: string;
    refunded_discount: string;
  }>(sql`select
      r.entry_id, r.amount, p.request_no, p.refunded, p.amount as paid, r.discount, p.refunded_discount
    from value_refunds r join value_payments p on p.tenant_id = r.tenant_id and p.id = r.payment_id
    where r.tenant_id = ${tenantId} and r.refund_no = ${input.refundNo}`);
  if (earlier.rows.length > 0) {
    const row = earlier.rows[0];
    if (row.request_no !== input.paymentRequestNo || dbCents(row.amount) !== amount) {
      throw new AppError('conflict', 'ledger.refundNoReused', { values: { refundNo: input.refundNo } });
    }
    const entry = await readEntry(tx, tenantId, Number(row.entry_id));
    return {
      ...entry,
      refundedTotal: String(row.refunded),
      paidTotal: String(row.paid),
      discountTakenBack: String(row.discount),
      discountTakenBackTotal: String(row.refunded_discount),
    };
  }
  // The payment row is locked first: refunds of one payment are serialised, each sees the last one's total.
  const found = await tx.execute<PaymentRow>(sql`select ${PAYMENT_COLUMNS} from value_payments
    where tenant_id = ${tenantId} and request_no = ${input.paymentRequestNo} for update`);
  const payment = found.rows[0];
  if (!payment || (input.holderKind !== undefined && payment.holder_kind !== input.holderKind))
    throw new AppError('notFound', 'ledger.paymentNotFound', { values: { requestNo: input.paymentRequestNo } });
  const paid = dbCents(payment.amount);
  const giftLeft = dbCents(payment.gift_paid) - dbCents(payment.refunded_gift);
  const refunded = dbCents(payment.refunded_principal) + dbCents(payment.refunded_gift);
  if (amount > paid - refunded) {
    throw new AppError('conflict', 'ledger.refundExceedsPayment', {
      values: {
        paid: centsToString(paid),
        refunded: centsToString(refunded),
        left: centsToString(paid - refunded),
        amount: centsToString(amount),
      },
    });
  }
  const gift = minCents(amount, giftLeft);
  const principal = amount - gift;
  const discountBefore = dbCents(payment.refunded_discount);
  const discountAfter = discountShare(dbCents(payment.discount), refunded + amount, paid);
  const discountBack = discountAfter - discountBefore;
  const entry = await postValue({
    tx,
    tenantId,
    holder: holderOf(payment),
    principal: centsToString(principal),
    gift: centsToString(gift),
    kind: 'refund',
    channel: payment.channel,
    sourceType: 'refund',
    sourceId: input.refundNo,
    storeId: input.storeId ?? null,
    operatorId: input.operatorId ?? null,
    remark: input.paymentRequestNo,
    // Gift goes back as a lot expiring when the latest of the lots the payment spent does: gift
    // that has expired since goes back and expires at once (README.md "Gift expiry").
    giftExpiresAt: payment.gift_expires_at === null ? null : new Date(payment.gift_expires_at),
    now,
  });
  const moved = await tx.execute<{ refunded: string }>(sql`update value_payments
    set refunded_principal = refunded_principal + ${centsToString(principal)}::numeric, refunded_gift = refunded_gift + ${centsToString(gift)}::numeric,
      refunded_discount = ${centsToString(discountAfter)}::numeric
    where tenant_id = ${tenantId} and id = ${payment.id} returning refunded`);
  const inserted = await tx.execute(sql`insert into value_refunds (tenant_id, refund_no, payment_id, amount, principal, gift, discount,
      entry_id, store_id, operator_id, occurred_at)
    values (${tenantId}, ${input.refundNo}, ${payment.id}, ${centsToString(amount)}::numeric, ${centsToString(principal)}::numeric,
      ${centsToString(gift)}::numeric, ${centsToString(discountBack)}::numeric, ${entry.id}, ${input.storeId ?? null}::bigint, ${input.operatorId ?? null}::bigint, ${now})
    on conflict do nothing returning refund_no`);
  if (inserted.rows.length === 0) throw new AppError('conflict', 'ledger.refundNoReused', { values: { refundNo: input.refundNo } });
  return {
    ...entry,
    refundedTotal: String(moved.rows[0].refunded),
    paidTotal: centsToString(paid),
    discountTakenBack: centsToString(discountBack),
    discountTakenBackTotal: centsToString(discountAfter),
  };
}
