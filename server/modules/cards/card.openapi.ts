import { prepayCardResource } from '../../../resources/deposit/prepay-card.resource';
import { operationIdOf, recordSchemaId, resourceTags } from '../../crud/crud.openapi';
import { firedActivitySchema } from '../activities/engine/engine.openapi';
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
  balance: doc('balance', "A card's balance, state and validity by its number", balanceAnswer, 'notFound'),
} as const;
