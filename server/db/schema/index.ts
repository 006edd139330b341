/**
 * The whole database schema: platform tables plus the tables derived from resource
 * declarations. drizzle-kit reads this file to generate migrations.
 */
export * from './core.schema';
export * from './points.schema';
export * from './ledger.schema';
export * from './idempotency.schema';
export * from './counters.schema';
export * from './files.schema';
export * from './levels.schema';
export * from './state-changes.schema';
export * from './uploads.schema';
export * from './coupons.schema';
export * from './installation-keys.schema';
export * from './prepay-card-secrets.schema';
export * from './activities.schema';
export * from './activity-events.schema';
export * from './coupon-codes.schema';
export * from './group-send.schema';
export * from './push-plan.schema';
export * from './applications.schema';
export * from './channel-gateway.schema';
export * from './webhooks.schema';
export * from './daily-totals.schema';
export * from './audiences.schema';
export * from './resource-tables';
