import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Tables of the platform itself: tenants (merchants) with their licence and password policy,
 * users, sessions, roles and grants. Business objects' tables are derived from declarations.
 * Every table but `tenants` leads its primary key with tenant_id (DESIGN.md §5).
 */

const id = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tenants = pgTable('tenants', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** Short code typed at sign-in (`demo`). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** The licence is valid until this instant; null means no licence. */
  licenseExpiresAt: timestamp('license_expires_at', { withTimezone: true }),
  /** Strict password policy: length >= 8, three character classes, not a common password. */
  useStrict: boolean('use_strict').notNull().default(true),
  /** Days a password stays valid; 0 = never expires. */
  passwordValidityPeriod: integer('password_validity_period').notNull().default(90),
  /** Absolute session lifetime in minutes. */
  maxLoginValidityPeriod: integer('max_login_validity_period').notNull().default(720),
  /** Idle timeout in minutes. */
  idleTimeoutMinutes: integer('idle_timeout_minutes').notNull().default(30),
  /** Failed sign-ins in a row that lock the account. */
  lockoutThreshold: integer('lockout_threshold').notNull().default(5),
  lockoutMinutes: integer('lockout_minutes').notNull().default(15),
  /** System config flags (§3): enableGainPointsByQty, showMemberExtendDetail. */
  sysConfig: jsonb('sys_config')
    .$type<Record<string, boolean>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** The merchant's IANA time zone: its days and months (the monthly level evaluation) are counted in it. */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: id(),
    /** Sign-in name, unique per tenant. */
    login: text('login').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by an administrator's reset: the user must choose a new password at next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Marketing centres the user may work in; null = every centre of the tenant. */
    marketingCenterIds: bigint('marketing_center_ids', { mode: 'number' }).array(),
    /**
     * Set on the account an application acts as (server/modules/applications): records it makes
     * name it as their maker. Such an account never signs in and is not listed among the users.
     */
    applicationId: bigint('application_id', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_login_uq').on(t.tenantId, t.login),
    uniqueIndex('users_application_uq').on(t.tenantId, t.applicationId),
  ],
);

/**
 * Failed sign-ins (and wrong old passwords at a password change) per merchant code, login and
 * client address, and the lock they lead to. Keyed by what the caller typed rather than by ids,
 * so an unknown merchant or login counts and locks exactly like a real one (the answers must
 * not tell them apart), and by address, so a stranger elsewhere cannot lock a user out. The one
 * table besides `tenants` without a tenant_id: the merchant may not exist.
 */
/**
 * A counter per tenant that the triggers of the tables whose names the server keeps in memory
 * (users and the resources declaring `titlesKept`) raise on every change, so a process knows
 * when its copy of the names is older than what a statement read (server/crud/kept-titles.ts).
 */
export const titleVersions = pgTable('title_versions', {
  tenantId: bigint('tenant_id', { mode: 'number' }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export const loginAttempts = pgTable(
  'login_attempts',
  {
    tenantCode: text('tenant_code').notNull(),
    login: text('login').notNull(),
    clientAddress: text('client_address').notNull(),
    /** Failures in a row since the last success or lock. */
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantCode, t.login, t.clientAddress] }), index('login_attempts_updated_idx').on(t.updatedAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session (maxLoginValidityPeriod). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A session that may only change the expired password (the resetToken flow). */
    passwordResetOnly: boolean('password_reset_only').notNull().default(false),
    /**
     * SHA-256 of the one-time reset token handed out with a password-reset-only session; cleared
     * once used, so the token proves the holder just signed in with the old password exactly once.
     */
    resetTokenHash: text('reset_token_hash'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.tenantId, t.userId)],
);

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    remark: text('remark'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('roles_tenant_name_uq').on(t.tenantId, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: tenantId(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    resourceId: text('resource_id').notNull(),
    action: text('action').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleId, t.resourceId, t.action] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }), index('user_roles_role_idx').on(t.tenantId, t.roleId)],
);
