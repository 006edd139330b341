import { firedActivitySchema, takenBackSchema } from '../activities/engine/engine.openapi';
import { answers, arrayOf, objectOf, wire, type ErrorAnswerName, type JsonSchema, type RouteDocs } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the stored-value till routes (stored-value.routes.ts): operation ids
 * `storedValue.<operation>`, the deposit menu group's tag, answers with examples. Request
 * schemas stay in the route file.
 */

const doc = (name: string, summary: string, data: JsonSchema, example: unknown, ...errors: ErrorAnswerName[]): RouteDocs => {
  const response = answers(data, ...errors);
  return {
    operationId: `storedValue.${name}`,
    tags: ['deposit'],
    summary,
    response: { ...response, 200: { ...response[200], examples: [{ code: 2000, msg: 'success', data: example }] } },
  };
};

const yuan = (description: string) => ({ ...wire.money, description });
const portionsAfter = {
  principal: yuan('Principal after the operation'),
  gift: yuan('Gift portion after the operation'),
  balance: yuan('Balance after the operation: principal + gift'),
  entryId: { type: 'integer', description: 'The ledger entry' },
};

const IDEMPOTENT =
  'Idempotent by its number: the same number with the same body answers the first answer (header idempotent-replayed: true); with another body 409 idempotency.keyReused. A refused call changes nothing and leaves the number free.';

export const storedValueDocs = {
  recharge: {
    ...doc(
      'recharge',
      "Recharge a member's stored value",
      objectOf({
        requestNo: { type: 'string' },
        memberId: { type: 'integer' },
        amount: yuan('Principal paid in'),
        giftAmount: yuan('Gift given with it'),
        ...portionsAfter,
        activities: arrayOf(
          firedActivitySchema,
          'The top-up promotions (STORE_VALUE_ACTIVE) the recharge fired; the portions include their gift value',
        ),
      }),
      {
        requestNo: 'R20260501-0001',
        memberId: 1024,
        amount: 100,
        giftAmount: 10,
        principal: 100,
        gift: 10,
        balance: 110,
        entryId: 9001,
        activities: [],
      },
      'notFound',
      'conflict',
    ),
    description: `${IDEMPOTENT} Checks the stored-value settings (store-value-manage): on (409 storedValue.disabled), channel allowed (409 storedValue.channelNotAllowed), per-recharge limits (400 on amount), per-member daily limit in the merchant's time zone (409 storedValue.dailyLimit). 404: no such member; 409: a member not in use (ledger.memberBlocked) or a frozen account (ledger.accountFrozen).`,
    bodyExamples: [{ requestNo: 'R20260501-0001', memberId: 1024, amount: '100.00', giftAmount: '10.00', channel: 'store', storeId: 3 }],
  },
  pay: {
    ...doc(
      'pay',
      'Pay with stored value (principal first, then gift)',
      objectOf({
        requestNo: { type: 'string' },
        memberId: { type: 'integer' },
        amount: yuan('The bill, as asked'),
        discount: yuan('Money off the bill by a stored-value payment offer (0 when none gave)'),
        paid: yuan('Spent from the stored value: the bill less the discount'),
        principalPaid: yuan('Taken from principal'),
        giftPaid: yuan('Taken from the gift portion'),
        ...portionsAfter,
        paymentId: { type: 'integer', description: 'The payment, refundable by its requestNo' },
        activities: arrayOf(firedActivitySchema, 'The payment offer that gave the discount (at most one)'),
      }),
      {
        requestNo: 'P20260501-0001',
        memberId: 1024,
        amount: 30,
        discount: 0,
        paid: 30,
        principalPaid: 30,
        giftPaid: 0,
        principal: 70,
        gift: 10,
        balance: 80,
        entryId: 9002,
        paymentId: 77,
        activities: [],
      },
      'notFound',
      'conflict',
    ),
    description: `${IDEMPOTENT} The stored-value payment offers (member-balance-promotion) running for the member and store take money off the bill: at most one, the one taking the most; an offer not given with coupons gives nothing when \`couponsUsed\`. 409: insufficient balance (ledger.insufficient, with the balance and the amount required), a frozen account (ledger.accountFrozen), a member not in use, a store or a basket line not covered by the eligible goods (storedValue.storeNotApplicable, storedValue.goodsNotApplicable naming the line). 400: amount above the basket's total, unknown store or goods.`,
    bodyExamples: [{ requestNo: 'P20260501-0001', memberId: 1024, amount: '30.00', storeId: 3, lines: [{ goodsId: 15, amount: '30.00' }] }],
  },
  refund: {
    ...doc(
      'refund',
      'Refund a stored-value payment, in whole or in part',
      objectOf({
        refundNo: { type: 'string' },
        requestNo: { type: 'string', description: "The payment's requestNo" },
        amount: yuan('Amount refunded by this call'),
        principalRefunded: yuan('Back to principal'),
        giftRefunded: yuan('Back to the gift portion (first, up to what the payment took from it)'),
        refundedTotal: yuan('Refunded of the payment so far, this call included'),
        paidTotal: yuan('What the payment paid'),
        discountTakenBack: yuan("The payment's discount this refund took back (in proportion to what it gives back)"),
        discountTakenBackTotal: yuan("The payment's discount taken back by its refunds so far"),
        ...portionsAfter,
      }),
      {
        refundNo: 'F20260502-0001',
        requestNo: 'P20260501-0001',
        amount: 10,
        principalRefunded: 10,
        giftRefunded: 0,
        refundedTotal: 10,
        paidTotal: 30,
        discountTakenBack: 0,
        discountTakenBackTotal: 0,
        principal: 80,
        gift: 10,
        balance: 90,
        entryId: 9003,
      },
      'notFound',
      'conflict',
    ),
    description: `${IDEMPOTENT} The amount is what goes back to the stored value; a discounted payment's discount is taken back in the same proportion (rounded down, all of it with the last of the payment). Refunds add up per payment and never exceed it (409 ledger.refundExceedsPayment with paid, refunded, left and the amount). 404: no such stored-value payment.`,
    bodyExamples: [{ refundNo: 'F20260502-0001', requestNo: 'P20260501-0001', amount: '10.00' }],
  },
  rechargeRefund: {
    ...doc(
      'rechargeRefund',
      "Refund a stored-value recharge's principal, in whole or in part, taking back its gifts in proportion",
      objectOf({
        refundNo: { type: 'string' },
        requestNo: { type: 'string', description: "The recharge's requestNo" },
        memberId: { type: 'integer' },
        amount: yuan('Principal given back by this call'),
        rechargedTotal: yuan("The recharge's principal"),
        refundedTotal: yuan('Refunded of the recharge so far, this call included'),
        giftDue: yuan("This refund's share of the recharge's own gift (giftAmount)"),
        giftTakenBack: yuan('Of it, taken from the gift portion (the rest had been spent: the shortfall)'),
        activities: arrayOf(
          takenBackSchema(wire.money),
          'The top-up promotions (STORE_VALUE_ACTIVE) whose gifts for this recharge the refund took back',
        ),
        ...portionsAfter,
      }),
      {
        refundNo: 'RF20260502-0001',
        requestNo: 'R20260501-0001',
        memberId: 1024,
        amount: 50,
        rechargedTotal: 100,
        refundedTotal: 50,
        giftDue: 5,
        giftTakenBack: 5,
        activities: [],
        principal: 50,
        gift: 5,
        balance: 55,
        entryId: 9004,
      },
      'notFound',
      'conflict',
    ),
    description: `${IDEMPOTENT} The amount is principal going back to the member; refunds add up per recharge and never exceed its principal (409 ledger.topUpRefundExceeds with toppedUp, refunded, left and the amount). The same share (cumulative, rounded down, all of it with the last refund) of the recharge's own gift and of every top-up promotion's gift for it (gift value, points, coupons) is taken back in the same transaction, as far as the member still holds it: gift value from the gift portion, points from the points balance, coupons by voiding unused ones; what was spent or used is the shortfall (due less taken), kept on the refund's record. 409: the principal was spent (ledger.insufficientPrincipal with the numbers), a frozen account (ledger.accountFrozen). 404: no such recharge.`,
    bodyExamples: [{ refundNo: 'RF20260502-0001', requestNo: 'R20260501-0001', amount: '50.00' }],
  },
  balance: doc(
    'balance',
    "A member's stored value",
    objectOf({
      memberId: { type: 'integer' },
      principal: yuan('Principal'),
      gift: yuan('Gift portion'),
      balance: yuan('Balance: principal + gift'),
      frozen: { type: 'boolean', description: 'The account is frozen: it can neither pay nor be recharged' },
    }),
    { memberId: 1024, principal: 80, gift: 10, balance: 90, frozen: false },
    'notFound',
  ),
} as const;
