import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * `coupon_codes`: the codes of a coupon code export campaign (EXPORT_CODE_SEND_COUPON, issue 28
 * item 1; server/modules/activities/codes/README.md), generated in bulk when the campaign is
 * audited. A code is unique per tenant (the unique index, whatever its campaign); it becomes a
 * member's coupon when bound: `member_id`, `coupon_id` and `bound_at` are set once, by one
 * conditional update in the transaction that issues the coupon.
 */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    /** The partner's batch the code was imported in (`coupon_code_batches`); null: generated on the audit. */
    batchId: bigint('batch_id', { mode: 'number' }),
    memberId: bigint('member_id', { mode: 'number' }),
    couponId: bigint('coupon_id', { mode: 'number' }),
    boundAt: timestamp('bound_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('coupon_codes_code').on(t.tenantId, t.code),
    index('coupon_codes_activity').on(t.tenantId, t.activityId, t.id),
    index('coupon_codes_batch').on(t.tenantId, t.batchId),
  ],
);

/**
 * `coupon_code_batches`: the codes of a coupon code export campaign imported from a partner's file
 * (server/modules/activities/codes/README.md, "Imported codes"), one row per accepted file, written
 * in the import's transaction with its codes: who issued them and what the merchant settles per
 * code redeemed. A refused file writes no batch.
 */
export const couponCodeBatches = pgTable(
  'coupon_code_batches',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    issuer: text('issuer').notNull(),
    settlementPrice: numeric('settlement_price', { precision: 14, scale: 2 }).notNull(),
    fileName: text('file_name').notNull(),
    codeCount: integer('code_count').notNull(),
    taskId: bigint('task_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('coupon_code_batches_activity').on(t.tenantId, t.activityId, t.id)],
);

/**
 * `code_reconciliations`: a partner's statement of redemptions compared with ours, one row per
 * accepted file (server/modules/activities/codes/README.md, "Reconciliation"), with the period
 * it covers and its counts per category; its rows are `code_reconciliation_rows`, written once
 * in the same transaction (a statement is a snapshot: upload it again to compare again).
 */
export const codeReconciliations = pgTable(
  'code_reconciliations',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true, precision: 3 }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true, precision: 3 }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('code_reconciliations_activity').on(t.tenantId, t.activityId, t.id)],
);

/**
 * `code_reconciliation_rows`: one code of a reconciliation, in one category: `MATCHED`,
 * `DIFFERENT` (both redeemed, the time, store or amount differ), `PARTNER_ONLY` (on the statement,
 * not redeemed here), `OURS_ONLY` (redeemed here inside the statement's period, not on it).
 */
export const codeReconciliationRows = pgTable(
  'code_reconciliation_rows',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    reconciliationId: bigint('reconciliation_id', { mode: 'number' }).notNull(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    difference: text('difference'),
    code: text('code').notNull(),
    partnerRow: integer('partner_row'),
    partnerRedeemedAt: timestamp('partner_redeemed_at', { withTimezone: true, precision: 3 }),
    partnerStore: text('partner_store'),
    partnerAmount: numeric('partner_amount', { precision: 14, scale: 2 }),
    ourState: text('our_state'),
    ourRedeemedAt: timestamp('our_redeemed_at', { withTimezone: true, precision: 3 }),
    ourStoreId: bigint('our_store_id', { mode: 'number' }),
    ourAmount: numeric('our_amount', { precision: 14, scale: 2 }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('code_reconciliation_rows_reconciliation').on(t.tenantId, t.reconciliationId, t.id),
    index('code_reconciliation_rows_activity').on(t.tenantId, t.activityId, t.id),
  ],
);

/**
 * `third_party_cancels`: each cancel a partner's application made through the API
 * (server/modules/activities/third-party, `POST /v1/third-coupon/cancel`), written in the cancel's
 * transaction (so once per its request number, as the cancel itself): the issue it cancelled, the
 * member, the coupons it voided and the reason. The list 作废券 (cancel-coupon) and its detail read it.
 */
export const thirdPartyCancels = pgTable(
  'third_party_cancels',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    requestNo: text('request_no').notNull(),
    issueRequestNo: text('issue_request_no').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    couponIds: jsonb('coupon_ids').notNull(),
    reason: text('reason'),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('third_party_cancels_request').on(t.tenantId, t.applicationId, t.requestNo),
    index('third_party_cancels_activity').on(t.tenantId, t.activityId, t.id),
  ],
);
