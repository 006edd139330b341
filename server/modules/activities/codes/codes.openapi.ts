import { answers, objectOf, wire, type RouteDocs } from '../../../http/openapi.schemas';

/** The OpenAPI description of the code bind route (codes.routes.ts). */

const bound = objectOf({
  code: { type: 'string' },
  activityId: { type: 'integer' },
  memberId: { type: 'integer' },
  coupon: objectOf({ id: { type: 'integer' }, code: { type: 'string' }, validFrom: wire.dateTime, validTo: wire.dateTime }),
});

export const codesDocs = {
  bind: {
    operationId: 'couponCodes.bind',
    tags: ['promotion'],
    summary: "Bind a generated coupon code to a member: the member receives the code's campaign coupon (once per code)",
    description:
      '404: unknown code. 409: the code is bound already (also when another bind of it won a race), the campaign is not running, the member is outside its scope, or its budget or limits are reached.',
    response: answers(bound, 'badInput', 'forbidden', 'notFound', 'conflict'),
  },
} satisfies Record<string, RouteDocs>;
