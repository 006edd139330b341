import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LIVE_CARD_STATES } from '../../../resources/deposit/card-states';
import { valuePayments } from '../../db/schema/ledger.schema';
import { prepayCardSecrets } from '../../db/schema/prepay-card-secrets.schema';
import type { Db, DbOrTx } from '../../db/connection';
import { AppError, badInput, notFound, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { requestInstant } from '../../crud/state-timeline';
import { authOf } from '../auth/access.hook';
import { idempotent, idempotentReply } from '../idempotency/idempotency.service';
import { centsOf, centsToString, dbCents, toCents } from '../../money/money';
import { PAY_KINDS_BY_HOLDER } from '../../../resources/promotion/activity-engine';
import { firePayDiscount, reversePayDiscount } from '../activities/events/pay-discount';
import { refundTopUp } from '../activities/events/top-up-reversal';
import { cardHolder, payFromHolder, readBalance, refundPayment } from './card-balance';
import { CARD_READ, CARD_WRITE } from './card-access';
import { cardRefusal } from './card-guard';
import { cardSecretMatches } from './card-secret';
import { clearWrongSecrets, recordWrongSecret, refuseWhileLocked, SECRET_LOCKOUT, secretLocked } from './card-secret-attempts';
import { cardByNumber, cardTable, lockCards, syncCardBalance, templatesById, todayIn, type CardRow } from './card-store';
import { cardDocs } from './card.openapi';

/**
 * The till's entry points for prepaid cards (§7 style, code-2000 envelope), each under the
 * idempotency rule (../idempotency): `POST /v1/prepay-card/pay`, `POST /v1/prepay-card/refund`,
 * `GET /v1/prepay-card/balance`. A refused call changes nothing and answers a localized message.
 *
 * - **Who pays.** The card by number and secret (the secret is checked against its hash before
 *   anything else, replays included, so a request number alone never reveals an answer; 5 wrong
 *   secrets in 15 minutes lock the number for 15, card-secret-attempts.ts), or the
 *   member the card is bound to (with the number, or alone when the member holds exactly one
 *   usable card).
 * - **Checks**, under the card's row lock: frozen, not active, expired, not valid at this store
 *   (the template's stores), then the ledger's balance (`cards.insufficient` with the numbers).
 * - **Refunds** name the payment's requestNo; they add up and never exceed what it took
 *   (the ledger's `value_payments`); a voided card takes no refund.
 */

const money = { type: ['string', 'number'] } as const;

const paySchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'amount', 'storeId'],
    additionalProperties: false,
    properties: {
      requestNo: { type: 'string', minLength: 1, maxLength: 64 },
      number: { type: 'string', minLength: 1, maxLength: 40 },
      secret: { type: 'string', minLength: 1, maxLength: 32 },
      memberId: { type: 'integer', minimum: 1 },
      amount: money,
      storeId: { type: 'integer', minimum: 1 },
      couponsUsed: { type: 'boolean', description: 'The bill used coupons (payment offers not given with coupons give nothing)' },
    },
  },
} as const;

const refundSchema = {
  body: {
    type: 'object',
    required: ['refundNo', 'requestNo', 'amount'],
    additionalProperties: false,
    properties: {
      refundNo: { type: 'string', minLength: 1, maxLength: 64 },
      requestNo: { type: 'string', minLength: 1, maxLength: 64 },
      amount: money,
      storeId: { type: 'integer', minimum: 1 },
    },
  },
} as const;

const topUpRefundSchema = {
  body: {
    type: 'object',
    required: ['refundNo', 'documentNo', 'lineNo', 'amount'],
    additionalProperties: false,
    properties: {
      refundNo: { type: 'string', minLength: 1, maxLength: 64 },
      documentNo: { type: 'string', minLength: 1, maxLength: 64 },
      lineNo: { type: 'integer', minimum: 1 },
      amount: money,
      storeId: { type: 'integer', minimum: 1 },
      remark: { type: ['string', 'null'], maxLength: 200 },
    },
  },
} as const;

interface TopUpRefundBody {
  refundNo: string;
  documentNo: string;
  lineNo: number;
  amount: string | number;
  storeId?: number;
  remark?: string | null;
}

/** The ledger's source type of a card top-up refund's entries (kind `topup`, negative), by `<document>:<line>`. */
export const CARD_TOPUP_REFUND_SOURCE = 'card-topup-refund';

/**
 * Part or all of an audited top-up line's principal off the card (paid back to the customer),
 * under the card's lock; the same share of the line's gift and of the card top-up gifts it fired
 * is taken back (../activities/events/top-up-reversal.ts), in one transaction, once per refundNo.
 */
async function refundCardTopUp(args: {
  tx: DbOrTx;
  tenantId: number;
  operatorId: number;
  now: Date;
  body: TopUpRefundBody;
  amount: bigint;
}) {
  const { tx, tenantId, body } = args;
  const found = await tx.execute<{ card_id: number; principal_delta: string; gift_delta: string }>(sql`
    select e.card_id, e.principal_delta, e.gift_delta from prepay_card_pays d
      join value_entries e on e.tenant_id = d.tenant_id and e.idempotency_key = ${'card-topup:'} || d.id || ${`:${body.lineNo}`}
    where d.tenant_id = ${tenantId} and d.number = ${body.documentNo} and e.card_id is not null`);
  const line = found.rows[0];
  if (!line) throw notFound('cards.topUpNotFound', { documentNo: body.documentNo, lineNo: body.lineNo });
  const cardId = Number(line.card_id);
  const card = (await lockCards({ tx, tenantId, ids: [cardId] })).get(cardId)!;
  if (card.state === 'VOIDED') throw new AppError('conflict', 'cards.cardVoided', { values: { card: card.number } });
  const done = await refundTopUp({
    tx,
    tenantId,
    holder: cardHolder(cardId),
    toppedUp: { principal: dbCents(line.principal_delta), gift: dbCents(line.gift_delta) },
    source: 'card-topup',
    sourceNo: `${body.documentNo}:${body.lineNo}`,
    refundSource: CARD_TOPUP_REFUND_SOURCE,
    entryKind: 'topup',
    refundNo: body.refundNo,
    amountCents: args.amount,
    now: args.now,
    storeId: body.storeId ?? null,
    operatorId: args.operatorId,
    remark: body.remark ?? null,
  });
  await syncCardBalance({ tx, tenantId, cardId, balance: done.balance.balance });
  return {
    refundNo: body.refundNo,
    documentNo: body.documentNo,
    lineNo: body.lineNo,
    cardNumber: card.number,
    amount: centsToString(args.amount),
    toppedUpTotal: centsToString(dbCents(line.principal_delta)),
    refundedTotal: centsToString(done.refundedAfterCents),
    giftDue: centsToString(done.giftDueCents),
    giftTakenBack: centsToString(done.giftTakenCents),
    activities: done.activities.map(({ awardId: _award, ...taken }) => taken),
    balance: done.balance.balance,
  };
}

const balanceSchema = {
  querystring: {
    type: 'object',
    required: ['number'],
    additionalProperties: false,
    properties: { number: { type: 'string', minLength: 1, maxLength: 40 } },
  },
} as const;

interface PayBody {
  requestNo: string;
  number?: string;
  secret?: string;
  memberId?: number;
  amount: string | number;
  storeId: number;
  couponsUsed?: boolean;
}

interface RefundBody {
  refundNo: string;
  requestNo: string;
  amount: string | number;
  storeId?: number;
}

/** The amount in cents, or 400 naming `amount`. */
function positiveAmount(value: string | number): bigint {
  const cents = toCents(value);
  if (cents === null || cents <= 0n) throw badInput('error.fieldsInvalid', [{ field: 'amount', key: 'cards.amountInvalid' }]);
  return cents;
}

/** The member's one usable card. */
async function cardOfMember(db: Db, tenantId: number, memberId: number): Promise<CardRow> {
  const c = cardTable();
  const rows = await db
    .select({ number: c.number })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.member, memberId), inArray(c.state, [...LIVE_CARD_STATES, 'FROZEN'])))
    .limit(2);
  if (rows.length === 0) throw notFound('cards.memberHasNoCard');
  if (rows.length > 1) throw badInput('error.fieldsInvalid', [{ field: 'number', key: 'cards.memberHasSeveralCards' }]);
  return (await cardByNumber({ db, tenantId, number: String(rows[0].number) }))!;
}

/**
 * The card a number + secret names. A locked number is refused before anything else; a wrong
 * secret counts towards the lock (card-secret-attempts.ts), a right one clears the count.
 */
async function cardBySecret(db: Db, tenantId: number, number: string, secret: string, now: Date): Promise<CardRow> {
  const key = { tenantId, number };
  await refuseWhileLocked({ db, key, now });
  const card = await cardByNumber({ db, tenantId, number });
  const [stored] = card
    ? await db
        .select({ hash: prepayCardSecrets.hash })
        .from(prepayCardSecrets)
        .where(and(eq(prepayCardSecrets.tenantId, tenantId), eq(prepayCardSecrets.cardId, card.id)))
    : [];
  // One answer for an unknown number and a wrong secret: numbers cannot be probed.
  if (!card || !stored || !(await cardSecretMatches(secret, stored.hash))) {
    if (await recordWrongSecret({ db, key, now })) throw secretLocked(SECRET_LOCKOUT.lockMinutes);
    throw badInput('error.fieldsInvalid', [{ field: 'secret', key: 'cards.secretWrong' }]);
  }
  await clearWrongSecrets({ db, key });
  return card;
}

/** The card a pay names, its credentials checked. */
async function payingCard(db: Db, tenantId: number, body: PayBody, now: Date): Promise<CardRow> {
  if (body.number === undefined) {
    if (body.memberId === undefined) throw badInput('error.fieldsInvalid', [{ field: 'number', key: 'cards.secretRequired' }]);
    return cardOfMember(db, tenantId, body.memberId);
  }
  if (body.secret !== undefined) return cardBySecret(db, tenantId, body.number.trim(), body.secret, now);
  const card = await cardByNumber({ db, tenantId, number: body.number.trim() });
  if (body.memberId === undefined) throw badInput('error.fieldsInvalid', [{ field: 'secret', key: 'cards.secretRequired' }]);
  if (!card || card.member !== body.memberId) throw badInput('error.fieldsInvalid', [{ field: 'memberId', key: 'cards.notHolder' }]);
  return card;
}

/** The ledger's "not enough" in the card's words (the numbers kept). */
function inCardWords(error: unknown, card: CardRow): unknown {
  if (error instanceof AppError && error.key === 'ledger.insufficient') {
    return new AppError('conflict', 'cards.insufficient', { values: { ...error.values, card: card.number } });
  }
  return error;
}

async function pay(args: {
  tx: DbOrTx;
  tenantId: number;
  operatorId: number;
  locale: Parameters<typeof cardRefusal>[1]['locale'];
  timeZone: string;
  now: Date;
  card: CardRow;
  body: PayBody;
  amount: bigint;
}) {
  const { tx, tenantId, body } = args;
  const locked = (await lockCards({ tx, tenantId, ids: [args.card.id] })).get(args.card.id)!;
  const templates = await templatesById({ db: tx, tenantId, ids: [locked.template] });
  const refusal = cardRefusal(locked, {
    locale: args.locale,
    today: todayIn(args.timeZone, args.now),
    template: templates.get(locked.template),
    storeId: body.storeId,
  });
  if (refusal) throw refusal;
  // The card payment offers, for a card a member holds (awards, caps and limits count members),
  // in the payment's transaction, once per request number: the card pays the bill less their discount.
  const offer =
    locked.member === null
      ? { discountCents: 0n, fired: null }
      : await firePayDiscount({
          tx,
          tenantId,
          kinds: PAY_KINDS_BY_HOLDER.card,
          memberId: locked.member,
          amountCents: args.amount,
          couponsUsed: body.couponsUsed ?? false,
          sourceNo: body.requestNo,
          now: args.now,
          storeId: body.storeId,
          operatorId: args.operatorId,
        });
  try {
    const paid = await payFromHolder({
      tx,
      tenantId,
      holder: cardHolder(locked.id),
      amount: centsToString(args.amount - offer.discountCents),
      discount: centsToString(offer.discountCents),
      requestNo: body.requestNo,
      storeId: body.storeId,
      operatorId: args.operatorId,
      sourceType: 'card-pay',
    });
    await syncCardBalance({ tx, tenantId, cardId: locked.id, balance: paid.balanceAfter });
    return {
      requestNo: body.requestNo,
      cardNumber: locked.number,
      amount: centsToString(args.amount),
      discount: centsToString(offer.discountCents),
      paid: centsToString(args.amount - offer.discountCents),
      balance: paid.balanceAfter,
      paymentId: paid.paymentId,
      entryId: paid.id,
      activities: offer.fired
        ? [offer.fired].map(({ activityId, number, name, kind, awards }) => ({ activityId, number, name, kind, awards }))
        : [],
    };
  } catch (error) {
    throw inCardWords(error, locked);
  }
}

export async function cardTillRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post<{ Body: PayBody }>(
    '/v1/prepay-card/pay',
    { schema: describeRoute(paySchema, cardDocs.pay), config: { requires: CARD_WRITE } },
    async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      const amount = positiveAmount(body.amount);
      const card = await payingCard(db, auth.tenantId, body, requestInstant(request));
      const result = await idempotent({
        db,
        tenantId: auth.tenantId,
        operation: 'prepay-card.pay',
        key: body.requestNo,
        keyField: 'requestNo',
        request: { cardId: card.id, amount: centsToString(amount), storeId: body.storeId, couponsUsed: body.couponsUsed ?? false },
        run: (tx) =>
          pay({
            tx,
            tenantId: auth.tenantId,
            operatorId: auth.userId,
            locale: request.ctx.locale,
            timeZone: request.ctx.timeZone,
            now: requestInstant(request),
            card,
            body,
            amount,
          }),
      });
      return idempotentReply(reply, result);
    },
  );

  app.post<{ Body: RefundBody }>(
    '/v1/prepay-card/refund',
    { schema: describeRoute(refundSchema, cardDocs.refund), config: { requires: CARD_WRITE } },
    async (request, reply) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const body = request.body;
      const amount = positiveAmount(body.amount);
      const result = await idempotent({
        db,
        tenantId,
        operation: 'prepay-card.refund',
        key: body.refundNo,
        keyField: 'refundNo',
        request: { requestNo: body.requestNo, amount: centsToString(amount), storeId: body.storeId ?? null },
        run: async (tx) => {
          const p = valuePayments;
          const [payment] = await tx
            .select({ cardId: p.cardId })
            .from(p)
            .where(and(eq(p.tenantId, tenantId), eq(p.requestNo, body.requestNo), eq(p.holderKind, 'card')));
          if (!payment || payment.cardId === null) throw notFound('cards.paymentNotFound', { requestNo: body.requestNo });
          const card = (await lockCards({ tx, tenantId, ids: [Number(payment.cardId)] })).get(Number(payment.cardId))!;
          if (card.state === 'VOIDED') throw new AppError('conflict', 'cards.cardVoided', { values: { card: card.number } });
          const refunded = await refundPayment({
            tx,
            tenantId,
            paymentRequestNo: body.requestNo,
            refundNo: body.refundNo,
            amount: centsToString(amount),
            storeId: body.storeId ?? null,
            operatorId: auth.userId,
          });
          await syncCardBalance({ tx, tenantId, cardId: card.id, balance: refunded.balanceAfter });
          await reversePayDiscount({ tx, tenantId, requestNo: body.requestNo, reversedCents: centsOf(refunded.discountTakenBackTotal) });
          return {
            refundNo: body.refundNo,
            requestNo: body.requestNo,
            cardNumber: card.number,
            amount: centsToString(amount),
            refundedTotal: refunded.refundedTotal,
            paidTotal: refunded.paidTotal,
            discountTakenBack: refunded.discountTakenBack,
            balance: refunded.balanceAfter,
          };
        },
      });
      return idempotentReply(reply, result);
    },
  );

  app.post<{ Body: TopUpRefundBody }>(
    '/v1/prepay-card/topup-refund',
    { schema: describeRoute(topUpRefundSchema, cardDocs.topUpRefund), config: { requires: CARD_WRITE } },
    async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      const amount = positiveAmount(body.amount);
      const result = await idempotent({
        db,
        tenantId: auth.tenantId,
        operation: 'prepay-card.topup-refund',
        key: body.refundNo,
        keyField: 'refundNo',
        request: {
          documentNo: body.documentNo,
          lineNo: body.lineNo,
          amount: centsToString(amount),
          storeId: body.storeId ?? null,
          remark: body.remark ?? null,
        },
        run: (tx) => refundCardTopUp({ tx, tenantId: auth.tenantId, operatorId: auth.userId, now: requestInstant(request), body, amount }),
      });
      return idempotentReply(reply, result);
    },
  );

  app.get<{ Querystring: { number: string } }>(
    '/v1/prepay-card/balance',
    { schema: describeRoute(balanceSchema, cardDocs.balance), config: { requires: CARD_READ } },
    async (request) => {
      const { tenantId } = authOf(request);
      const card = await cardByNumber({ db, tenantId, number: request.query.number.trim() });
      if (!card) throw notFound('cards.notFound');
      const c = cardTable();
      const [extra] = await db
        .select({ validFrom: c.validFrom })
        .from(c)
        .where(and(eq(c.tenantId, tenantId), eq(c.id, card.id)));
      const template = (await templatesById({ db, tenantId, ids: [card.template] })).get(card.template);
      const balance = await readBalance({ db, tenantId, holder: cardHolder(card.id) });
      const today = todayIn(request.ctx.timeZone, requestInstant(request));
      return ok({
        number: card.number,
        state: card.state,
        expired: card.validTo !== null && card.validTo < today,
        cardType: card.cardType,
        template: template?.name ?? '',
        faceValue: centsToString(toCents(card.faceValue) ?? 0n),
        balance: balance.balance,
        principal: balance.principal,
        gift: balance.gift,
        validFrom: extra.validFrom === null ? null : String(extra.validFrom),
        validTo: card.validTo,
        memberId: card.member,
      });
    },
  );
}
