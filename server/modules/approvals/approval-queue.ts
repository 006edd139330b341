import type { DbOrTx } from '../../db/connection';
import type { AuthContext } from '../../http/auth-types';
import type { Locale } from '../../../resources/messages/bilingual';

/**
 * A kind of thing that waits for a second person (a push plan's scheduled run above the value
 * threshold, …), declared by the domain that owns it in its manifest (`approvals`). The header's
 * "awaiting my approval" list (approvals.routes.ts) asks every queue what waits for the caller.
 */
export interface ApprovalQueue {
  /** The queue's name on the wire (`pushPlanRun`); the browser labels it `shell.approvals.queue.<name>`. */
  readonly name: string;
  /**
   * What waits for this caller now, oldest deadline first, at most `limit`: only what the caller
   * would be allowed to approve (the grants, the marketing centres, never their own making), so
   * the list never offers what the approval would refuse. `total` counts them all.
   */
  waiting(args: WaitingArgs): Promise<{ total: number; items: WaitingApproval[] }>;
}

/** What a queue is asked with. */
export interface WaitingArgs {
  readonly db: DbOrTx;
  readonly auth: AuthContext;
  /** The marketing centre the caller works in (the `marketingCenter` header), or null for all theirs. */
  readonly marketingCenter: number | null;
  readonly now: Date;
  readonly locale: Locale;
  readonly timeZone: string;
  readonly limit: number;
}

/** One thing waiting, as the header lists it. */
export interface WaitingApproval {
  readonly queue: string;
  /** Its id within the queue (a run's id). */
  readonly id: number;
  /** What it belongs to, by name (the plan). */
  readonly subject: string;
  /** What the approval rule measured, in the caller's language (null when no value is measured). */
  readonly value: { readonly kind: string; readonly amount: string; readonly threshold: string } | null;
  /** Since when it waits, in the caller's zone. */
  readonly since: string;
  /** Until when it can be approved (after that it lapses), in the caller's zone; null without a deadline. */
  readonly dueAt: string | null;
  /** The console route where it is approved (`/promotion/push-plan/dtl?id=…`). */
  readonly path: string;
}
