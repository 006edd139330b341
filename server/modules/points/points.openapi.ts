import {
  answers,
  arrayOf,
  nullable,
  objectOf,
  oneOf,
  pageOf,
  wire,
  type ErrorAnswerName,
  type JsonSchema,
  type RouteDocs,
} from '../../http/openapi.schemas';
import { LEDGER_CHANNELS } from '../../db/schema/channels';

/**
 * The OpenAPI description of the points routes (points.routes.ts, points-report.routes.ts):
 * operation ids `points.<operation>`, the points menu group's tag, the answers, and examples for
 * the till's spend (the sale and the return are the sale module's, sale.openapi.ts). Request schemas stay in the route files.
 */

const TAGS = ['score'];

/** The docs of a `points.<name>` operation: its tag and answers (the sale module's till routes use it too). */
export const doc = (name: string, summary: string, data: JsonSchema, ...errors: ErrorAnswerName[]): RouteDocs => ({
  operationId: `points.${name}`,
  tags: TAGS,
  summary,
  response: answers(data, ...errors),
});

/** An answer's example: the envelope around `data`. */
const example = (data: unknown) => ({ code: 2000, msg: 'success', data });

/** The 200 response of `docs` with an example answer. */
export function withAnswerExample(docs: RouteDocs, data: unknown): RouteDocs {
  return { ...docs, response: { ...docs.response, 200: { ...docs.response[200], examples: [example(data)] } } };
}

const spendAnswer = objectOf({
  requestNo: { type: 'string' },
  memberId: { type: 'integer' },
  points: { ...wire.points, description: 'Points spent' },
  balance: { ...wire.points, description: "The member's balance after the spend" },
  entryId: { type: 'integer', description: 'The ledger entry' },
});

const entry = objectOf({
  id: { type: 'integer' },
  memberId: { type: 'integer' },
  delta: { ...wire.points, description: 'Points added (positive) or taken (negative)' },
  balanceAfter: wire.points,
  kind: oneOf(
    ['earn', 'spend', 'adjust', 'reverse', 'expire'],
    'earn = sale, spend = exchange, adjust = adjustment bill or batch, reverse = return, expire = expiry',
  ),
  sourceType: { type: 'string', description: 'What wrote the entry: transaction, return, exchange, adjustment, batch, expiry …' },
  sourceId: nullable({ type: 'string', description: 'The source document (order, return, request or bill number)' }),
  storeId: nullable({ type: 'integer' }),
  operatorId: nullable({ type: 'integer' }),
  channel: nullable(oneOf([...LEDGER_CHANNELS], '§4 channel the points moved through; null when the caller did not say')),
  occurredAt: wire.dateTime,
  expiresAt: nullable(wire.dateTime),
  remark: nullable({ type: 'string' }),
  reason: nullable({ type: 'string', description: "An adjustment's reason (the name of its document line's reason)" }),
  documentId: nullable({
    type: 'integer',
    description: 'The document behind an adjustment (score-adjust) or batch (batch-operate) entry, for a link to it',
  }),
});

const account = objectOf({
  memberId: { type: 'integer' },
  memberName: nullable({ type: 'string' }),
  mobile: nullable({ type: 'string' }),
  memberNumber: nullable({ type: 'string' }),
  balance: wire.points,
  totalEarned: wire.points,
  totalSpent: wire.points,
  updatedAt: wire.dateTime,
});

const dailyPoints = objectOf({ date: wire.date, issued: wire.points, used: wire.points });

export const pointsDocs = {
  spend: {
    ...withAnswerExample(doc('spend', 'Spend points (exchange at the till)', spendAnswer, 'notFound', 'conflict'), {
      requestNo: 'X20260503-0001',
      memberId: 1024,
      points: 200,
      balance: 1078,
      entryId: 55020,
    }),
    description:
      'Idempotent by requestNo (the same requestNo with another body answers 409). 404: no such member; 409: insufficient points (points.insufficient), a member not in use, or a requestNo used for another request.',
    bodyExamples: [{ requestNo: 'X20260503-0001', memberId: 1024, points: 200, storeId: 3, channel: 'store', remark: 'Gift exchange' }],
  },
  account: withAnswerExample(
    doc(
      'account',
      "A member's points account",
      objectOf({
        memberId: { type: 'integer' },
        balance: wire.points,
        totalEarned: wire.points,
        totalSpent: wire.points,
        expiringPoints: { ...wire.points, description: 'Points of the balance that have an expiry date' },
        nextExpiry: nullable({ ...wire.dateTime, description: 'When the next points expire; null when none do' }),
      }),
      'notFound',
    ),
    { memberId: 1024, balance: 1078, totalEarned: 1289, totalSpent: 211, expiringPoints: 0, nextExpiry: null },
  ),
  entries: doc(
    'queryEntries',
    'The points ledger, newest first',
    pageOf(entry, {
      totalIsEstimate: { type: 'boolean' },
      nextCursor: nullable({ type: 'integer', description: 'Send as cursor for the next page' }),
      totals: objectOf({ earned: wire.points, spent: wire.points }, { description: 'Over the whole filter' }),
    }),
  ),
  accounts: doc(
    'queryAccounts',
    "Points accounts with the member's name, mobile and number",
    pageOf(account, {
      totalIsEstimate: { type: 'boolean' },
    }),
  ),
  stores: doc(
    'stores',
    "Store names for the ledger's store column and filter",
    arrayOf(objectOf({ id: { type: 'integer' }, title: { type: 'string' } })),
  ),
  overview: doc(
    'overview',
    'Points overview: this month, the outstanding balance, 30 days, top stores',
    objectOf({
      month: objectOf({ issued: wire.points, used: wire.points, expired: wire.points }),
      outstanding: { ...wire.points, description: 'Sum of all balances' },
      holders: { type: 'integer', description: 'Members with a positive balance' },
      daily: arrayOf(dailyPoints),
      topStores: arrayOf(
        objectOf({ storeId: nullable({ type: 'integer' }), storeName: nullable({ type: 'string' }), issued: wire.points }),
      ),
    }),
  ),
} as const;
