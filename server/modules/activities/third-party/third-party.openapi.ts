import { answers, arrayOf, objectOf, wire, type RouteDocs } from '../../../http/openapi.schemas';

/** The OpenAPI description of the third-party issuing routes (third-party.routes.ts). */

const issued = objectOf({
  requestNo: { type: 'string' },
  activityId: { type: 'integer' },
  memberId: { type: 'integer' },
  coupons: arrayOf(
    objectOf({ id: { type: 'integer' }, code: { type: 'string' }, validFrom: wire.dateTime, validTo: wire.dateTime }),
    'The coupons issued to the member, with their codes',
  ),
});

const cancelled = objectOf({
  requestNo: { type: 'string' },
  activityId: { type: 'integer' },
  issueRequestNo: { type: 'string' },
  voided: arrayOf({ type: 'string' }, 'The codes this cancel voided'),
});

export const thirdPartyDocs = {
  issue: {
    operationId: 'thirdCoupon.issue',
    tags: ['promotion'],
    summary: "Issue a third-party issuing campaign's coupons to a member (the campaign's application only; once per requestNo)",
    description:
      'Idempotent by `requestNo` per application: the same number and body answers the first answer (header `idempotent-replayed`), another body 409. 403: the caller is not the campaign’s issuing application. 409: not running, member out of scope, budget or limits reached.',
    response: answers(issued, 'badInput', 'forbidden', 'notFound', 'conflict'),
  },
  cancel: {
    operationId: 'thirdCoupon.cancel',
    tags: ['promotion'],
    summary: 'Cancel (void) the unused coupons of one earlier issue (the campaign’s application only; once per requestNo)',
    description:
      '`issueRequestNo` names the issue. 409: one of its coupons was used (nothing is voided), or all are voided or expired already.',
    response: answers(cancelled, 'badInput', 'forbidden', 'notFound', 'conflict'),
  },
} satisfies Record<string, RouteDocs>;
