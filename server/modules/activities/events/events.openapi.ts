import { answers, arrayOf, objectOf, oneOf, wire, type JsonSchema, type RouteDocs } from '../../../http/openapi.schemas';
import { EXCHANGE_KINDS, MEMBER_EVENT_KINDS } from '../activity.contract';

/**
 * The OpenAPI description of the member-event and exchange routes: the exchange
 * (`POST /v1/activities/exchange`, exchange.routes.ts) and the activities an event gave
 * (the member activation's answer, server/modules/members/member-activation.routes.ts).
 */

/** What one activity gave (activity.contract.ts `Award`). */
export const awardSchema: JsonSchema = {
  oneOf: [
    objectOf({ type: oneOf(['points']), points: wire.points }),
    objectOf({ type: oneOf(['coupon']), templateId: { type: 'integer' }, count: { type: 'integer', minimum: 1 } }),
    objectOf({ type: oneOf(['gift']), goodsCode: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } }),
  ],
};

/** The activities that gave for an event. */
export const eventActivitiesSchema: JsonSchema = arrayOf(
  objectOf({
    activityId: { type: 'integer' },
    number: { type: 'string', description: 'The activity number (AC + 8 digits)' },
    name: { type: 'string' },
    kind: oneOf([...MEMBER_EVENT_KINDS, ...EXCHANGE_KINDS]),
    awards: arrayOf(awardSchema),
  }),
  'Each activity that gave, with what it gave',
);

export const exchangeAnswer = objectOf({
  requestNo: { type: 'string' },
  activityId: { type: 'integer' },
  memberId: { type: 'integer' },
  quantity: { type: 'integer' },
  points: { ...wire.points, description: 'Points spent' },
  balance: { ...wire.points, description: "The member's points balance after the exchange" },
  awards: arrayOf(awardSchema, 'What the exchange gave: coupons (issued to the member) or goods (handed out at the till)'),
  couponIds: arrayOf({ type: 'integer' }, 'The coupons issued'),
});

export const exchangeDocs: RouteDocs = {
  operationId: 'activities.exchange',
  tags: ['promotion'],
  summary: 'Exchange points for coupons or goods under a points exchange activity (once per request number)',
  response: answers(exchangeAnswer, 'badInput', 'notFound', 'conflict'),
};
