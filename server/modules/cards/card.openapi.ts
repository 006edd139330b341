import { prepayCardResource } from '../../../resources/deposit/prepay-card.resource';
import { operationIdOf, recordSchemaId, resourceTags } from '../../crud/crud.openapi';
import { firedActivitySchema, takenBackSchema } from '../activities/engine/engine.openapi';
import {
  answers,
  arrayOf,
  nullable,
  objectOf,
  oneOf,
  ref,
  wire,
  type ErrorAnswerName,
  type JsonSchema,
  type RouteDocs,
} from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the prepaid-card routes beyond CRUD (card.routes.ts, card-till.routes.ts):
 * operation ids `prepayCard.<operation>`, the deposit menu group's tag, the answers, and examples
 * for the till endpoints.
 */

const tags = resourceTags(prepayCardResource);

const doc = (name: string, summary: string, data: JsonSchema, ...errors: ErrorAnswerName[]): RouteDocs => ({
  operationId: operationIdOf(prepayCardResource, name),
  tags,
  summary,
  response: answers(data, 'badInput', 'forbidden', ...errors),
});

/** The 200 response of `docs` with an example answer. */
function withExample(docs: RouteDocs, data: unknown): RouteDocs {
  return { ...docs, response: { ...docs.response, 200: { ...docs.response[200], examples: [{ code: 2000, msg: 'success', data }] } } };
}

const money = wire.moneyText;

const payAnswer = objectOf({
  requestNo: { type: 'string' },
  cardNumber: { type: 'string' },
  amount: { ...money, description: 'The bill, as asked' },
  discount: { ...money, description: "Money off the bill by a card payment offer (card-balance-promotion) for a member's card" },
  paid: { ...money, description: 'Taken from the card: the bill less the discount' },
  balance: { ...money, description: "The card's balance after the payment" },
  paymentId: { type: 'integer', description: 'The ledger payment (refunds name it by requestNo)' },
  entryId: { type: 'integer', description: 'The ledger entry' },
  activities: arrayOf(firedActivitySchema, 'The payment offer that gave the discount (at most one)'),
});

const refundAnswer = objectOf({
  refundNo: { type: 'string' },
  requestNo: { type: 'string', description: 'The payment refunded' },
  cardNumber: { type: 'string' },
  amount: { ...money, description: 'Amount refunded by this call' },
  refundedTotal: { ...money, description: 'Refunded of the payment so far, this refund included' },
  paidTotal: { ...money, description: 'What the payment took' },
  discountTakenBack: { ...money, description: "The payment's discount this refund took back (in proportion to what it gives back)" },
  balance: { ...money, description: "The card's balance after the refund" },
});

const cardState = oneOf(
  ['IN_STOCK', 'ACTIVATED', 'FROZEN', 'USED_UP', 'VOIDED'],
  'The stored state; a card past validTo is expired whatever it says',
);

const balanceAnswer = objectOf({
  number: { type: 'string' },
  state: cardState,
  expired: { type: 'boolean', description: 'The validity has ended (validTo before today)' },
  cardType: { type: 'string' },
  template: { type: 'string', description: "The template's name" },
  faceValue: money,
  balance: money,
  principal: money,
  gift: money,
  validFrom: nullable(wire.date),
  validTo: nullable(wire.date),
  memberId: nullable({ type: 'integer', description: 'The member the card is bound to' }),
});

const madeAnswer = objectOf({
  batchId: { type: 'integer' },
  batchNumber: { type: 'string' },
  quantity: { type: 'integer' },
  firstNumber: { type: 'string' },
  lastNumber: { type: 'string' },
  taskId: { type: 'integer', description: 'The file-centre task holding the printing file (GET /v1/file-task/download/{id})' },
  cards: arrayOf(objectOf({ number: { type: 'string' }, secret: { type: 'string', description: 'Shown this once' } })),
});

const counts = {
  made: { type: 'integer' },
  inStock: { type: 'integer' },
  sold: { type: 'integer' },
  activated: { type: 'integer' },
  frozen: { type: 'integer' },
  usedUp: { type: 'integer' },
  expired: { type: 'integer' },
  voided: { type: 'integer' },
} as const;

const stockAnswer = objectOf({
  records: arrayOf(
    objectOf({
      storeId: nullable({ type: 'integer' }),
      storeName: nullable({ type: 'string' }),
      templateId: { type: 'integer' },
      templateName: nullable({ type: 'string' }),
      cardType: { type: 'string' },
      ...counts,
    }),
  ),
  totals: objectOf(counts),
});

export const cardDocs = {
  make: doc('make', 'Make a batch of cards from an enabled template, held in stock by a store; answers the secrets this once', madeAnswer),
  stock: {
    ...doc('stock', 'Card stock: counts per store and template by state', stockAnswer),
    operationId: 'prepayCardStore.query',
  },
  bindMember: {
    ...doc(
      'bindMember',
      'Bind a sold card to a member (once); the card keeps its own balance',
      ref(recordSchemaId(prepayCardResource)),
      'notFound',
      'conflict',
    ),
  },
  pay: withExample(
    doc(
      'pay',
      'Pay with a card (number + secret, or the bound member): checks state, validity, store and balance; once per requestNo. 5 wrong secrets for a number within 15 minutes lock it for 15 minutes (429)',
      payAnswer,
      'notFound',
      'conflict',
      'tooManyRequests',
    ),
    {
      requestNo: 'POS-20260501-0001',
      cardNumber: 'GC00000000000001',
      amount: '35.00',
      discount: '0.00',
      paid: '35.00',
      balance: '65.00',
      paymentId: 17,
      entryId: 412,
      activities: [],
    },
  ),
  refund: withExample(
    doc(
      'refund',
      'Refund part or all of a card payment; cumulative, never above what was paid; once per refundNo',
      refundAnswer,
      'notFound',
      'conflict',
    ),
    {
      refundNo: 'RF-0001',
      requestNo: 'POS-20260501-0001',
      cardNumber: 'GC00000000000001',
      amount: '10.00',
      refundedTotal: '10.00',
      paidTotal: '35.00',
      discountTakenBack: '0.00',
      balance: '75.00',
    },
  ),
  topUpRefund: {
    ...withExample(
      doc(
        'topUpRefund',
        "Refund part or all of an audited card top-up line's principal, taking back its gifts in proportion; once per refundNo",
        objectOf({
          refundNo: { type: 'string' },
          documentNo: { type: 'string', description: 'The top-up document (prepay-card-pay)' },
          lineNo: { type: 'integer', description: 'Its line' },
          cardNumber: { type: 'string' },
          amount: { ...money, description: 'Principal taken off the card by this call' },
          toppedUpTotal: { ...money, description: "The line's principal" },
          refundedTotal: { ...money, description: 'Refunded of the line so far, this refund included' },
          giftDue: { ...money, description: "This refund's share of the line's own gift" },
          giftTakenBack: { ...money, description: 'Of it, taken from the card (the rest had been spent: the shortfall)' },
          activities: arrayOf(takenBackSchema(money), 'The card top-up gifts (PREPAY_CARD_CHARGE_GIFT) of the line this refund took back'),
          balance: { ...money, description: "The card's balance after the refund" },
        }),
        'notFound',
        'conflict',
      ),
      {
        refundNo: 'TR-0001',
        documentNo: 'PCP2026050100001',
        lineNo: 1,
        cardNumber: 'GC00000000000001',
        amount: '250.00',
        toppedUpTotal: '500.00',
        refundedTotal: '250.00',
        giftDue: '0.00',
        giftTakenBack: '0.00',
        activities: [],
        balance: '280.00',
      },
    ),
    description:
      "Idempotent by refundNo. The amount is principal taken off the card and paid back; a line's refunds add up and never exceed its principal (409 ledger.topUpRefundExceeds with toppedUp, refunded, left and the amount). The same share (cumulative, rounded down, the rest with the last refund) of the line's gift and of the card top-up gifts it fired (gift value from the card, points and unused coupons from the member who received them) is taken back in the same transaction, as far as still held; the rest is the shortfall, kept on the refund's record. 404: no such audited line (cards.topUpNotFound); 409: a voided card, principal already spent (ledger.insufficientPrincipal).",
  },
  balance: doc('balance', "A card's balance, state and validity by its number", balanceAnswer, 'notFound'),
} as const;
