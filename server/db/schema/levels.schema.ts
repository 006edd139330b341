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
