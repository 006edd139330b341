/**
 * The wire of a bulk coupon issue's send run (GROUP_COUPON activities, issue 28 item 3;
 * server/modules/activities/group-send). Types and constants only.
 */

/**
 * A run's states: RUNNING -> PAUSED <-> RUNNING -> DONE; STOPPED by a person; FAILED on a fault
 * (resumable). A push plan's scheduled run above the value threshold starts AWAITING_APPROVAL
 * (-> RUNNING once a second person approves it, -> SKIPPED when its window passes unapproved); a
 * scheduled time missed past its catch-up window is recorded SKIPPED.
 */
export const GROUP_SEND_RUN_STATES = ['RUNNING', 'PAUSED', 'STOPPED', 'DONE', 'FAILED', 'AWAITING_APPROVAL', 'SKIPPED'] as const;
export type GroupSendRunState = (typeof GROUP_SEND_RUN_STATES)[number];

/** A recipient's result: waiting, given its coupons, or skipped (with a reason). */
export const GROUP_SEND_RESULTS = ['PENDING', 'ISSUED', 'SKIPPED'] as const;
export type GroupSendResult = (typeof GROUP_SEND_RESULTS)[number];

/**
 * Why a recipient got nothing: the member is frozen or gone, the template stopped or expired,
 * sold out, the member's limit of the template, the activity's budget or limits, the run stopped
 * before serving them, the run's gift not approved in time (a push plan's scheduled run), the
 * scheduled run's day ended before the member was served (a late message is not sent), another refusal.
 */
export const GROUP_SEND_REASONS = [
  'memberUnavailable',
  'templateUnavailable',
  'soldOut',
  'couponLimit',
  'budget',
  'stopped',
  'notApproved',
  'dayEnded',
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
  /** A push plan's scheduled run: the time its schedule named; null for a run a person started. */
  readonly scheduledAt: string | null;
  /** A scheduled run may start, or be approved, only before this time; null for a run a person started. */
  readonly dueUntil: string | null;
  /** Why it waits (`aboveThreshold`) or was not sent (`missed`, `notApproved`); null otherwise. */
  readonly reason: GroupSendRunReason | null;
  /** A run above the threshold: the value measured and the threshold, as the caller's language writes them. */
  readonly approval: { readonly kind: string; readonly amount: string; readonly threshold: string } | null;
  /** Who approved a run that waited, and when. */
  readonly approvedBy: string | null;
  readonly approvedAt: string | null;
}

/**
 * Why a push plan's scheduled run waits or was not sent: its gift is above the merchant's value
 * threshold and waits for a second person; its time passed while the scheduler was not running,
 * beyond the catch-up window; nobody approved it before its window ended.
 */
export const GROUP_SEND_RUN_REASONS = ['aboveThreshold', 'missed', 'notApproved'] as const;
export type GroupSendRunReason = (typeof GROUP_SEND_RUN_REASONS)[number];
