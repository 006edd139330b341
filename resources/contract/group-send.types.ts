/**
 * The wire of a bulk coupon issue's send run (GROUP_COUPON activities, issue 28 item 3;
 * server/modules/activities/group-send). Types and constants only.
 */

/** A run's states: RUNNING -> PAUSED <-> RUNNING -> DONE; STOPPED by a person; FAILED on a fault (resumable). */
export const GROUP_SEND_RUN_STATES = ['RUNNING', 'PAUSED', 'STOPPED', 'DONE', 'FAILED'] as const;
export type GroupSendRunState = (typeof GROUP_SEND_RUN_STATES)[number];

/** A recipient's result: waiting, given its coupons, or skipped (with a reason). */
export const GROUP_SEND_RESULTS = ['PENDING', 'ISSUED', 'SKIPPED'] as const;
export type GroupSendResult = (typeof GROUP_SEND_RESULTS)[number];

/**
 * Why a recipient got nothing: the member is frozen or gone, the template stopped or expired,
 * sold out, the member's limit of the template, the activity's budget or limits, the run stopped
 * before serving them, another refusal.
 */
export const GROUP_SEND_REASONS = [
  'memberUnavailable',
  'templateUnavailable',
  'soldOut',
  'couponLimit',
  'budget',
  'stopped',
  'refused',
] as const;
export type GroupSendReason = (typeof GROUP_SEND_REASONS)[number];

/** The run of an activity with its progress (`GET /v1/group-send/run?activityId=`); null before it starts. */
export interface GroupSendRun {
  readonly id: number;
  readonly activityId: number;
  readonly state: GroupSendRunState;
  /** Members frozen when it started. */
  readonly memberCount: number;
  readonly pending: number;
  readonly issued: number;
  readonly skipped: number;
  /** `yyyy-MM-dd HH:mm:ss` in the request's zone. */
  readonly startedAt: string;
  /** Nothing is served before this time (a push plan's wait, during which it can be stopped); null: at once. */
  readonly notBefore: string | null;
  readonly finishedAt: string | null;
}
