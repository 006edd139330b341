import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The history of members' levels (DOMAIN.md "Levels and growth"): every change of a member's
 * level, append-only, with what caused it and what the upgrade granted. The latest row of a
 * member is the member's current level as far as levels are concerned; written only by
 * server/modules/levels/level-change.ts.
 */
export const memberLevelChanges = pgTable(
  'member_level_changes',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The level before; null for a member's first level. */
    fromLevelId: bigint('from_level_id', { mode: 'number' }),
    toLevelId: bigint('to_level_id', { mode: 'number' }).notNull(),
    /** up | down | same-rank (a move between level types counts as up) */
    direction: text('direction').notNull(),
    /** growth | evaluation | purchase | assign | expiry | manual */
    cause: text('cause').notNull(),
    /** The member's growth value when the change was decided, when the cause is growth based. */
    growthValue: bigint('growth_value', { mode: 'number' }),
    /** Points the upgrade incentives granted (0 when none, or granted before). */
    incentivePoints: integer('incentive_points').notNull().default(0),
    /** The coupons the upgrade incentives granted, as the incentives describe them. */
    incentiveCoupons: text('incentive_coupons'),
    /** The points entry of the incentive, when one was posted. */
    pointsEntryId: bigint('points_entry_id', { mode: 'number' }),
    /** A document or order behind the change (`paid-level-order:12`). */
    sourceRef: text('source_ref'),
    operatorId: bigint('operator_id', { mode: 'number' }),
    remark: text('remark'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('member_level_changes_member_idx').on(t.tenantId, t.memberId, t.id),
    index('member_level_changes_level_idx').on(t.tenantId, t.toLevelId),
  ],
);

/**
 * Members' growth value, entry by entry (append-only; written only by
 * server/modules/levels/growth.service.ts): what a sale earned under each growth rule, what a
 * return took back. `members.growth_value` is the sum of the entries that have not expired.
 */
export const memberGrowthEntries = pgTable(
  'member_growth_entries',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** Signed growth value. */
    delta: bigint('delta', { mode: 'number' }).notNull(),
    /** The member's growth value after this entry. */
    growthAfter: bigint('growth_after', { mode: 'number' }).notNull(),
    /** transaction | return */
    sourceType: text('source_type').notNull(),
    /** The order or return number. */
    sourceId: text('source_id').notNull(),
    /** The growth rule that earned it (null for a return's reversal). */
    ruleId: bigint('rule_id', { mode: 'number' }),
    /** The merchant's local day the entry counts for (daily caps). */
    localDay: text('local_day').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When this growth stops counting (growth value settings); null = never. */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Every read is one member's (a return's order, today's sums under a cap): this index serves
    // them all. Each index more is written by every sale (bench/README.md, sale postings).
    index('member_growth_entries_member_idx').on(t.tenantId, t.memberId, t.id),
  ],
);

/** One row per tenant and month the monthly level evaluation has run for (`2026-11`). */
export const levelEvaluationRuns = pgTable(
  'level_evaluation_runs',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    period: text('period').notNull(),
    evaluated: integer('evaluated').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    ranAt: timestamp('ran_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.period] })],
);
