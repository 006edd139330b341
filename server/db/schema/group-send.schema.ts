import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The send runs of bulk coupon issues (GROUP_COUPON activities, issue 28 item 3;
 * server/modules/activities/group-send/README.md).
 *
 * `group_send_runs`: one run per activity and slot (the unique index: one a person starts, or one
 * per time a push plan's schedule names), started inside the activity's window: RUNNING -> PAUSED <-> RUNNING -> DONE, or STOPPED by a person (the rest
 * unserved), or FAILED on a fault (its pending members stay pending). A push plan's scheduled run
 * whose gift is above the merchant's threshold starts AWAITING_APPROVAL (-> RUNNING when a second
 * person approves it, -> SKIPPED `notApproved` when its window passes); a scheduled time the
 * scheduler missed past its catch-up window is recorded SKIPPED `missed`, with no recipients.
 *
 * `group_send_recipients`: the run's members, frozen when it starts (copied from the customer
 * group's selection in the start's transaction), one row per run and member (the primary key):
 * PENDING until served, then ISSUED (the coupons' ids) or SKIPPED (the reason's message key and
 * values), written in the transaction that issues the coupons, so a member is served at most once
 * per run however often the job runs.
 */
export const groupSendRuns = pgTable(
  'group_send_runs',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    /**
     * Which run of its activity this is: '' for the one a person starts; a push plan's schedule
     * names its time (`once`, or the local date `2026-11-30` of a daily or weekly run).
     */
    slot: text('slot').notNull().default(''),
    state: text('state').notNull().default('RUNNING'),
    memberCount: integer('member_count').notNull().default(0),
    startedBy: bigint('started_by', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Nothing is served before this time (a push plan's hold, during which it can be stopped); null: at once. */
    notBefore: timestamp('not_before', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    /** A push plan's scheduled run: the time its schedule named (null for a run a person started). */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, precision: 3 }),
    /**
     * A scheduled run's catch-up window ends here: it may start, or be approved, only before
     * (push-plans/README.md "Missed runs"); null for a run a person started.
     */
    dueUntil: timestamp('due_until', { withTimezone: true, precision: 3 }),
    /** Why the run waits or was not sent: `aboveThreshold` (AWAITING_APPROVAL), `missed` or `notApproved` (SKIPPED). */
    reason: text('reason'),
    /** What the value approval measured on a run that waits: `{ valueKind, units, threshold, unbounded }` (units as text). */
    approval: jsonb('approval'),
    /** Who approved a run that waited for a second person, and when. */
    approvedBy: bigint('approved_by', { mode: 'number' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, precision: 3 }),
    /**
     * A push plan that gives nothing serves its recipients in member order by their messages alone
     * (`push_deliveries`, written in the batch's transaction with this): every recipient up to this
     * member id is served (shown ISSUED, given nothing), their rows left PENDING unwritten; null
     * for the other runs, whose recipients are marked one by one.
     */
    servedThrough: bigint('served_through', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('group_send_runs_activity').on(t.tenantId, t.activityId, t.slot),
    check('group_send_runs_state', sql`${t.state} in ('RUNNING', 'PAUSED', 'STOPPED', 'DONE', 'FAILED', 'AWAITING_APPROVAL', 'SKIPPED')`),
    // The scheduler's sweep of runs whose approval window has passed.
    index('group_send_runs_awaiting')
      .on(t.tenantId, t.dueUntil)
      .where(sql`${t.state} = 'AWAITING_APPROVAL'`),
  ],
);

export const groupSendRecipients = pgTable(
  'group_send_recipients',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    /** The row's own key (the per-member results' list pages by it). */
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    result: text('result').notNull().default('PENDING'),
    /** Why a member was skipped: a message key (`coupons.memberBlocked`) and its values. */
    reason: text('reason'),
    reasonValues: jsonb('reason_values'),
    couponIds: jsonb('coupon_ids'),
    servedAt: timestamp('served_at', { withTimezone: true, precision: 3 }),
    /**
     * A push plan sending SMS: another recipient of the run with a lower id has the same phone
     * (its mobile as the phone network reads it, push-plan.deliver.ts `mobileKey`), so this one
     * gets no SMS (the duplicate-mobile suppression). Decided once when the recipients are frozen.
     */
    duplicateMobile: boolean('duplicate_mobile').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.runId, t.memberId] }),
    index('group_send_recipients_result').on(t.tenantId, t.runId, t.result, t.memberId),
    uniqueIndex('group_send_recipients_id').on(t.tenantId, t.id),
    check('group_send_recipients_result_check', sql`${t.result} in ('PENDING', 'ISSUED', 'SKIPPED')`),
  ],
);
