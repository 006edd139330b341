import { answers, arrayOf, nullable, objectOf, wire, type RouteDocs } from '../../../http/openapi.schemas';
import { awardSchema } from '../engine/engine.openapi';

/** The OpenAPI description of the coupon claim routes (claims.routes.ts). */

/** A claim campaign and a member: a token's (the member who will claim) and the simulator's (the campaign in any state). */
export const claimTokenBody = {
  type: 'object',
  required: ['activityId', 'memberId'],
  additionalProperties: false,
  properties: {
    activityId: { ...wire.id, description: 'The claim campaign' },
    memberId: { ...wire.id, description: 'The member who claims' },
  },
} as const;

export const claimBody = {
  type: 'object',
  required: ['memberId', 'token'],
  additionalProperties: false,
  properties: {
    memberId: { ...wire.id, description: 'The member claiming: the one the token was made for' },
    token: { type: 'string', minLength: 1, maxLength: 512, description: 'The claim token (single use)' },
  },
} as const;

/** The member opening the app. */
export const splashOfferBody = {
  type: 'object',
  required: ['memberId'],
  additionalProperties: false,
  properties: { memberId: { ...wire.id, description: 'The member opening the app' } },
} as const;

const splashOfferAnswer = objectOf({
  offer: nullable(
    objectOf(
      {
        activityId: { type: 'integer' },
        number: { type: 'string', description: 'The activity number' },
        name: { type: 'string' },
        memberId: { type: 'integer' },
        awards: arrayOf(awardSchema, 'What claiming it gives'),
        token: {
          type: 'string',
          description: 'The claim token to claim it with (signed, single use, bound to the member; valid 10 minutes)',
        },
        expiresAt: { ...wire.dateTime, description: 'The token is not valid from then on' },
      },
      { description: 'The splash-screen coupons the member may claim now; null when there are none' },
    ),
  ),
});

const tokenAnswer = objectOf({
  token: { type: 'string', description: 'Signed, single use, bound to the member; valid 10 minutes' },
  activityId: { type: 'integer' },
  memberId: { type: 'integer' },
  expiresAt: { ...wire.dateTime, description: 'Not valid from then on' },
});

const claimAnswer = objectOf({
  activityId: { type: 'integer' },
  number: { type: 'string', description: 'The activity number' },
  name: { type: 'string' },
  memberId: { type: 'integer' },
  awards: arrayOf(awardSchema, 'What the claim gave'),
  couponIds: arrayOf({ type: 'integer' }, 'The coupons issued to the member'),
  wechatCardId: nullable({
    type: 'string',
    description: "A WeChat card coupon claim's WeChat card (to add to the member's card holder); else null",
  }),
});

export const claimDocs = {
  token: {
    operationId: 'activities.claimToken',
    tags: ['promotion'],
    summary: "A signed, single-use claim token for a member's claim under a claim campaign",
    response: answers(tokenAnswer, 'badInput', 'notFound'),
  },
  claim: {
    operationId: 'activities.claim',
    tags: ['promotion'],
    summary: 'A member claims the coupon set of a running claim campaign with a claim token (a used token gives nothing: 409)',
    response: answers(claimAnswer, 'badInput', 'forbidden', 'notFound', 'conflict'),
  },
  splashOffer: {
    operationId: 'activities.splashOffer',
    tags: ['promotion'],
    summary:
      'The splash-screen coupons a member opening the app may claim now (their group, stock and limits), with a claim token; null if none',
    response: answers(splashOfferAnswer, 'badInput', 'notFound'),
  },
  simulate: {
    operationId: 'activities.simulateClaim',
    tags: ['promotion'],
    summary: "What a member's claim would give now (stock and limits as they stand); nothing is kept",
    response: answers(claimAnswer, 'badInput', 'forbidden', 'notFound', 'conflict'),
  },
} satisfies Record<string, RouteDocs>;
