import { answers, arrayOf, objectOf, wire, type JsonSchema, type RouteDocs } from '../../../http/openapi.schemas';
import { awardSchema, firedActivitySchema } from '../engine/engine.openapi';

/**
 * The OpenAPI description of the member-event and exchange routes: the exchange
 * (`POST /v1/activities/exchange`, exchange.routes.ts) and the activities an event gave
 * (the member activation's answer, server/modules/members/member-activation.routes.ts).
 */

/** The activities that gave for an event (the engine's shape of a fired activity). */
export const eventActivitiesSchema: JsonSchema = arrayOf(firedActivitySchema, 'Each activity that gave, with what it gave');

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
