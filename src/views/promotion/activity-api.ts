/**
 * Calls of the activity screens to the engine's routes (server/modules/activities, issue 13's
 * HTTP contract): the simulator and the effect evaluation. Money arrives as numbers of yuan.
 */
import { apiPost } from '../../../providers/http';

export type PaymentMethod = 'CASH' | 'STORED_VALUE' | 'PREPAID_CARD' | 'POINTS' | 'COUPON' | 'OTHER';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['CASH', 'STORED_VALUE', 'PREPAID_CARD', 'POINTS', 'COUPON', 'OTHER'];

export interface SimulateRequest {
  readonly activityIds?: number[];
  readonly memberId: number;
  readonly storeId?: number;
  readonly channelCode?: string;
  /** `YYYY-MM-DD HH:mm:ss` in the browser's zone; absent = now. */
  readonly at?: string;
  readonly lines: { goodsCode: string; quantity: number; amount: string }[];
  readonly payments?: { method: PaymentMethod; amount: string; points?: number; couponTemplateId?: number }[];
}

export type Award =
  | { readonly type: 'points'; readonly points: number }
  | { readonly type: 'coupon'; readonly templateId: number; readonly count: number; readonly templateName?: string }
  | { readonly type: 'gift'; readonly goodsCode: string; readonly quantity: number };

interface ActivityRef {
  readonly activityId: number;
  readonly number: string;
  readonly name: string;
  readonly kind: string;
}
export interface FiredActivity extends ActivityRef {
  readonly awards: readonly Award[];
}
export interface ExcludedActivity extends ActivityRef {
  readonly reason: string;
  readonly detail?: string;
}
export interface SimulateAnswer {
  readonly basicPoints: number;
  readonly totalPoints: number;
  readonly fired: readonly FiredActivity[];
  readonly excluded: readonly ExcludedActivity[];
}

/** Which activities a sale would fire and what they would give; posts nothing. */
export function simulate(body: SimulateRequest): Promise<SimulateAnswer> {
  return apiPost('/v1/activities/simulate', { data: body });
}

export interface EvaluationFigures {
  readonly participants: number;
  readonly transactions: number;
  readonly points: number;
  readonly coupons: number;
  readonly salesAmount: number | string;
}
export interface Evaluation {
  readonly summary: EvaluationFigures & { readonly gifts: number; readonly cost: number | string };
  readonly costByBearer: readonly { costPartyId: number | null; costPartyName: string | null; cost: number | string }[];
  readonly byDay: readonly (EvaluationFigures & { readonly day: string })[];
}
export interface EvaluationRequest {
  readonly activityId: number;
  /** `YYYY-MM-DD`, inclusive. */
  readonly from?: string;
  readonly to?: string;
}

/** The effect of one activity: participants, what it gave, the sales it drove, by day and by bearer. */
export function evaluate(body: EvaluationRequest): Promise<Evaluation> {
  return apiPost('/v1/activities/evaluation', { data: body });
}

/** Starts the file-centre export of an activity's evaluation. */
export function startEvaluationExport(body: EvaluationRequest): Promise<{ taskId: number }> {
  return apiPost('/v1/activities/evaluation/export', { data: body });
}
