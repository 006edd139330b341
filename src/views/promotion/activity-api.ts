/**
 * Calls of the activity screens to the engine's routes (server/modules/activities, issue 13's
 * HTTP contract): the simulator and the effect evaluation. Requests and answers take their types
 * from the OpenAPI document (resources/contract/api.types.ts). Money arrives as numbers of yuan.
 */
import { typedPost } from '../../../providers/http';
import type { ApiBody, ApiData, ElementOf } from '../../../resources/contract/api.types';

/** What the simulator sends: a member, a store, a channel, a time, basket lines and payments. */
export type SimulateRequest = ApiBody<'post', '/v1/activities/simulate'>;

/** How a simulated sale is paid. */
export type PaymentMethod = ElementOf<NonNullable<SimulateRequest['payments']>>['method'];
export const PAYMENT_METHODS = [
  'CASH',
  'STORED_VALUE',
  'PREPAID_CARD',
  'POINTS',
  'COUPON',
  'OTHER',
] as const satisfies readonly PaymentMethod[];

/** Which activities would fire and what they would give, and which are left out and why. */
export type SimulateAnswer = ApiData<'post', '/v1/activities/simulate'>;
export type FiredActivity = ElementOf<SimulateAnswer['fired']>;
export type ExcludedActivity = ElementOf<SimulateAnswer['excluded']>;

/**
 * What one activity gives. The document describes every kind in one object with optional members
 * (`type` says which are present: points, or templateId and count, or goodsCode and quantity).
 */
export type Award = ElementOf<FiredActivity['awards']>;

/** Which activities a sale would fire and what they would give; posts nothing. */
export function simulate(body: SimulateRequest): Promise<SimulateAnswer> {
  return typedPost('/v1/activities/simulate', { data: body });
}

/** The effect of one activity: a summary, the cost by bearer and the figures by day. */
export type Evaluation = ApiData<'post', '/v1/activities/evaluation'>;
/** Which activity and which days (`YYYY-MM-DD`, inclusive). */
export type EvaluationRequest = ApiBody<'post', '/v1/activities/evaluation'>;

/** The effect of one activity: participants, what it gave, the sales it drove, by day and by bearer. */
export function evaluate(body: EvaluationRequest): Promise<Evaluation> {
  return typedPost('/v1/activities/evaluation', { data: body });
}

/** Starts the file-centre export of an activity's evaluation. */
export function startEvaluationExport(body: ApiBody<'post', '/v1/activities/evaluation/export'>) {
  return typedPost('/v1/activities/evaluation/export', { data: body });
}

/** What the top-up simulator sends: the kind, a member and the amount topped up. */
export type SimulateTopUpRequest = ApiBody<'post', '/v1/activities/simulate-top-up'>;
/** The top-up promotions that would give, and what. */
export type SimulateTopUpAnswer = ApiData<'post', '/v1/activities/simulate-top-up'>;

/** What a top-up would give; posts nothing. */
export function simulateTopUp(body: SimulateTopUpRequest): Promise<SimulateTopUpAnswer> {
  return typedPost('/v1/activities/simulate-top-up', { data: body });
}

/** What the claim simulator sends: the claim campaign and the member. */
export type SimulateClaimRequest = ApiBody<'post', '/v1/activities/simulate-claim'>;
/** What the member's claim would give. */
export type SimulateClaimAnswer = ApiData<'post', '/v1/activities/simulate-claim'>;

/** What a member's claim would give now; issues nothing. */
export function simulateClaim(body: SimulateClaimRequest): Promise<SimulateClaimAnswer> {
  return typedPost('/v1/activities/simulate-claim', { data: body });
}
