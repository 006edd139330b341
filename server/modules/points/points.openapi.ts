import {
  answers,
  arrayOf,
  nullable,
  objectOf,
  wire,
  type ErrorAnswerName,
  type JsonSchema,
  type RouteDocs,
} from '../../http/openapi.schemas';

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
