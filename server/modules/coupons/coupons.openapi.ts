import {
  answers,
  arrayOf,
  nullable,
  objectOf,
  oneOf,
  wire,
  type ErrorAnswerName,
  type JsonSchema,
  type RouteDocs,
} from '../../http/openapi.schemas';
import { COUPON_LINE_TYPES } from '../../../resources/coupons/coupon-line-types';

/**
 * The OpenAPI description of the coupon entry points for tills and apps (coupons.routes.ts):
 * operation ids `coupons.<operation>`, the coupons menu group's tag, answers with examples.
 * Request schemas stay in the route file.
 */

const doc = (name: string, summary: string, data: JsonSchema, example: unknown, ...errors: ErrorAnswerName[]): RouteDocs => {
  const response = answers(data, ...errors);
  return {
    operationId: `coupons.${name}`,
    tags: ['coupons'],
    summary,
    response: { ...response, 200: { ...response[200], examples: [{ code: 2000, msg: 'success', data: example }] } },
  };
};

const yuan = (description: string) => ({ ...wire.moneyText, description });
const IDEMPOTENT =
  'Idempotent by its number: the same number with the same body answers the first answer (header idempotent-replayed: true); with another body 409 idempotency.keyReused. A refused call changes nothing and leaves the number free.';

const use = {
  discount: yuan('What the coupon takes off: the lines and the freight together'),
  freight: yuan('The part taken off the freight'),
  points: { type: 'integer', description: 'Points the member gets (a points coupon)' },
  subject: oneOf(['FAV', 'PAY', 'COLLOCATION'], 'How the lines book their share (§4 apportion subjects)'),
  lines: arrayOf(
    objectOf({ lineNo: { type: 'integer', description: 'The basket line, from 1' }, discount: yuan("The line's share") }),
    'The discount apportioned over the lines by the largest remainder: the shares add up to it exactly',
  ),
};
const useExample = {
  discount: '10.00',
  freight: '0.00',
  points: 0,
  subject: 'FAV',
  lines: [
    { lineNo: 1, discount: '6.00' },
    { lineNo: 2, discount: '4.00' },
  ],
};

export const couponsDocs = {
  issue: {
    ...doc(
      'issue',
      'Issue coupons of a template to a member',
      objectOf({
        requestNo: { type: 'string' },
        templateId: { type: 'integer' },
        memberId: { type: 'integer' },
        coupons: arrayOf(
          objectOf({
            id: { type: 'integer' },
            code: { type: 'string', description: 'Random code, unique in the merchant' },
            faceValue: nullable(yuan('Face value of a cash coupon (a random cash coupon: its draw)')),
            validFrom: wire.dateTime,
            validTo: { ...wire.dateTime, description: 'End of validity (exclusive)' },
          }),
        ),
      }),
      {
        requestNo: 'I20260501-0001',
        templateId: 12,
        memberId: 1024,
        coupons: [{ id: 501, code: 'K7QX3MZP9D2A', faceValue: '10.00', validFrom: '2026-05-01 10:00:00', validTo: '2026-05-31 10:00:00' }],
      },
      'notFound',
      'conflict',
    ),
    description: `${IDEMPOTENT} The template must be effective (409 coupons.templateNotEffective); its total quantity and per-member limit hold under any concurrency (409 coupons.soldOut with what is left, coupons.memberLimit). 404: no such template or member; 409: a member not in use.`,
    bodyExamples: [{ requestNo: 'I20260501-0001', templateId: 12, memberId: 1024, quantity: 1, source: 'MANUAL' }],
  },
  applicable: {
    ...doc(
      'applicable',
      "Which of a member's coupons apply to a basket, and what each takes off",
      arrayOf(
        objectOf({
          couponId: { type: 'integer' },
          code: { type: 'string' },
          templateId: { type: 'integer' },
          templateName: { type: 'string' },
          lineType: oneOf(COUPON_LINE_TYPES.map((t) => t.value)),
          validTo: wire.dateTime,
          usable: { type: 'boolean' },
          reason: nullable(oneOf(['store', 'time', 'points', 'threshold', 'nothingToTake'], 'Why it cannot be used on this basket')),
          stacks: { type: 'boolean', description: 'It may be used beside other coupons in one order' },
          use: nullable(objectOf(use)),
        }),
      ),
      [
        {
          couponId: 501,
          code: 'K7QX3MZP9D2A',
          templateId: 12,
          templateName: '满50减10',
          lineType: 'all_cash',
          validTo: '2026-05-31 10:00:00',
          usable: true,
          reason: null,
          stacks: false,
          use: useExample,
        },
      ],
      'notFound',
    ),
    description:
      "Reads only. Lists the member's coupons usable now (not used, voided, expired or not yet valid), soonest to expire first, at most 200.",
    bodyExamples: [
      {
        memberId: 1024,
        storeId: 3,
        lines: [
          { goodsId: 15, quantity: 2, amount: '30.00' },
          { goodsId: 16, quantity: 1, amount: '20.00' },
        ],
      },
    ],
  },
  redeem: {
    ...doc(
      'redeem',
      'Redeem a coupon against an order',
      objectOf({
        requestNo: { type: 'string' },
        couponId: { type: 'integer' },
        code: { type: 'string' },
        orderNo: { type: 'string' },
        usedAt: wire.dateTime,
        ...use,
      }),
      { requestNo: 'U20260501-0001', couponId: 501, code: 'K7QX3MZP9D2A', orderNo: 'O-778', usedAt: '2026-05-02 12:00:00', ...useExample },
      'notFound',
      'conflict',
    ),
    description: `${IDEMPOTENT} 404 coupons.codeNotFound (also another merchant's code). 409: coupons.alreadyUsed, coupons.voided, coupons.expired, coupons.notStarted, coupons.notMembers, coupons.noStacking (beside the order's other coupons), coupons.notUsable.<store|time|points|threshold|nothingToTake>. Of concurrent redemptions of one coupon exactly one succeeds. A code of a coupon code campaign (export-code-send-coupon) not yet bound is bound to the member first, in the same transaction (the bind's refusals: codes.notRunning, codes.outOfScope, budget and limits); a code bound before redeems its coupon.`,
    bodyExamples: [
      {
        requestNo: 'U20260501-0001',
        code: 'K7QX3MZP9D2A',
        memberId: 1024,
        orderNo: 'O-778',
        storeId: 3,
        lines: [{ goodsId: 15, quantity: 2, amount: '30.00' }],
      },
    ],
  },
  undo: {
    ...doc(
      'undo',
      "Undo an order's coupon redemptions when it is returned",
      objectOf({
        returnNo: { type: 'string' },
        orderNo: { type: 'string' },
        coupons: arrayOf(
          objectOf({
            couponId: { type: 'integer' },
            code: { type: 'string' },
            state: { type: 'string', description: 'UNUSED again, or EXPIRED' },
          }),
        ),
      }),
      { returnNo: 'R-778', orderNo: 'O-778', coupons: [{ couponId: 501, code: 'K7QX3MZP9D2A', state: 'UNUSED' }] },
      'notFound',
      'conflict',
    ),
    description: `${IDEMPOTENT} Every coupon the order used (or only \`code\`) can be used again; a points coupon takes its points back (at most the balance). 404 coupons.orderNotFound.`,
    bodyExamples: [{ returnNo: 'R-778', orderNo: 'O-778' }],
  },
} as const;
