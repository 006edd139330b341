import { and, desc, eq } from 'drizzle-orm';
import { REASON_MAX_LENGTH, type ResourceDef, type StateAction } from '../../resources/define';
import { pick, type Locale } from '../../resources/messages/bilingual';
import type { DbOrTx } from '../db/connection';
import { users } from '../db/schema/core.schema';
import { stateChanges } from '../db/schema/state-changes.schema';
import { badInput } from '../http/envelope';
import { formatInstant } from './zoned-time';

/**
 * State actions with a reason, and the log of every state action (`state_changes`): the reason
 * is read and checked from the action's body, the transition is logged in the transaction that
 * made it, and a record's log is listed newest first for its detail page.
 */

/** The resource name a log row is filed under: a view's base, so all views share one history. */
export function historyOwner(resource: ResourceDef): string {
  return resource.viewOf ?? resource.name;
}

/** Label of the reason in messages. */
const REASON_LABEL = ['原因', 'Reason'] as const;

/**
 * The reason of a state action's body: trimmed text, null when absent or blank. 400 naming
 * `reason` when the action requires one and none was given, or it is not text or too long.
 */
export function readReason(args: { action: StateAction; body: unknown; locale: Locale }): string | null {
  const raw = typeof args.body === 'object' && args.body !== null ? (args.body as { reason?: unknown }).reason : undefined;
  const label = pick(REASON_LABEL, args.locale);
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    throw badInput('error.fieldsInvalid', [{ field: 'reason', key: 'validation.type', values: { label } }]);
  }
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (reason.length > REASON_MAX_LENGTH) {
    throw badInput('error.fieldsInvalid', [{ field: 'reason', key: 'validation.maxLength', values: { label, max: REASON_MAX_LENGTH } }]);
  }
  if (reason === '') {
    if (args.action.reason === 'required')
      throw badInput('error.fieldsInvalid', [{ field: 'reason', key: 'validation.required', values: { label } }]);
    return null;
  }
  // An action that takes no reason ignores one sent anyway rather than storing unasked text.
  return args.action.reason ? reason : null;
}

/** Writes one transition into the log (inside the action's transaction). */
export async function logStateChange(args: {
  db: DbOrTx;
  tenantId: number;
  resource: ResourceDef;
  recordId: number;
  action: string;
  from: string;
  to: string;
  reason: string | null;
  userId: number | null;
}): Promise<void> {
  await args.db.insert(stateChanges).values({
    tenantId: args.tenantId,
    resource: historyOwner(args.resource),
    recordId: args.recordId,
    action: args.action,
    fromState: args.from,
    toState: args.to,
    reason: args.reason,
    userId: args.userId,
  });
}

/** One row of a record's history as the API returns it. */
export interface StateChangeView {
  readonly id: number;
  readonly action: string;
  readonly from: string;
  readonly to: string;
  readonly reason: string | null;
  readonly userId: number | null;
  readonly userName: string | null;
  /** `yyyy-MM-dd HH:mm:ss` in the request's time zone. */
  readonly at: string | null;
}

/** Most rows a history answer lists (a record moved more often than this is exceptional). */
export const HISTORY_LIMIT = 200;

/** A record's history, newest first, with the name of the user who acted. */
export async function readHistory(args: {
  db: DbOrTx;
  tenantId: number;
  resource: ResourceDef;
  recordId: number;
  zone: string;
}): Promise<StateChangeView[]> {
  const s = stateChanges;
  const rows = await args.db
    .select({
      id: s.id,
      action: s.action,
      from: s.fromState,
      to: s.toState,
      reason: s.reason,
      userId: s.userId,
      at: s.at,
      userName: users.name,
    })
    .from(s)
    .leftJoin(users, and(eq(users.tenantId, s.tenantId), eq(users.id, s.userId)))
    .where(and(eq(s.tenantId, args.tenantId), eq(s.resource, historyOwner(args.resource)), eq(s.recordId, args.recordId)))
    .orderBy(desc(s.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    from: row.from,
    to: row.to,
    reason: row.reason,
    userId: row.userId === null ? null : Number(row.userId),
    userName: row.userName ?? null,
    at: row.at instanceof Date ? formatInstant(row.at, args.zone) : null,
  }));
}
