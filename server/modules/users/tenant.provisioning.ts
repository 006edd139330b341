import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { roles, tenants, users } from '../../db/schema/index';
import type { PermissionRef } from '../../../resources/catalog/types';
import { hashPassword } from '../auth/password.hasher';
import { assertPasswordAllowed } from '../auth/password-change.service';
import { addUserRoles, replaceRoleGrants } from '../authorization/grants.store';
import { allPermissionRefs } from '../authorization/permission.catalog';
import { invalidateAuthCaches } from '../auth/session.cache';

/**
 * Creating merchants, roles and accounts outside the API: the demo seed, the tenant CLI and the
 * test fixtures all go through these functions, so all three make tenants the same way.
 */

/** Policy and licence of a new tenant; omitted values take the table defaults. */
export interface TenantSettings {
  /** Licence end; null = no licence. */
  readonly licenseExpiresAt: Date | null;
  readonly useStrict?: boolean;
  readonly passwordValidityPeriod?: number;
  readonly maxLoginValidityPeriod?: number;
  readonly idleTimeoutMinutes?: number;
  readonly lockoutThreshold?: number;
  readonly lockoutMinutes?: number;
  readonly sysConfig?: Record<string, boolean>;
}

/** Creates a role holding exactly these permissions; returns its id. */
export async function createRole(args: {
  tx: DbOrTx;
  tenantId: number;
  name: string;
  remark?: string;
  grants: readonly PermissionRef[];
}): Promise<number> {
  const [role] = await args.tx
    .insert(roles)
    .values({ tenantId: args.tenantId, name: args.name, remark: args.remark ?? null })
    .returning({ id: roles.id });
  await replaceRoleGrants({ db: args.tx, tenantId: args.tenantId, roleId: role.id, refs: args.grants });
  return role.id;
}

/**
 * Creates an account with the given roles. The password is checked against the tenant's
 * policy unless a ready hash is passed (fixtures reuse one hash to save scrypt time).
 */
export async function createAccount(args: {
  tx: DbOrTx;
  tenantId: number;
  login: string;
  name: string;
  password: string;
  passwordHash?: string;
  mobile?: string | null;
  email?: string | null;
  roleIds?: readonly number[];
  marketingCenterIds?: readonly number[] | null;
  /** The user must choose a new password at first sign-in (an administrator chose this one). */
  mustChangePassword?: boolean;
}): Promise<number> {
  const [tenant] = await args.tx.select({ useStrict: tenants.useStrict }).from(tenants).where(eq(tenants.id, args.tenantId));
  assertPasswordAllowed({ field: 'password', password: args.password, login: args.login, useStrict: tenant?.useStrict ?? true });
  const [user] = await args.tx
    .insert(users)
    .values({
      tenantId: args.tenantId,
      login: args.login,
      name: args.name,
      mobile: args.mobile ?? null,
      email: args.email ?? null,
      passwordHash: args.passwordHash ?? (await hashPassword(args.password)),
      marketingCenterIds: args.marketingCenterIds ? [...args.marketingCenterIds] : null,
      mustChangePassword: args.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  await addUserRoles({ db: args.tx, tenantId: args.tenantId, userIds: [user.id], roleIds: args.roleIds ?? [] });
  return user.id;
}

/** What creating a tenant produced. */
export interface CreatedTenant {
  readonly tenantId: number;
  readonly adminUserId: number;
  readonly adminRoleId: number;
}

/**
 * Creates a merchant with its licence and policy, an administrator role holding every
 * permission of the catalogue, and an administrator account in that role.
 */
export async function createTenant(args: {
  tx: DbOrTx;
  code: string;
  name: string;
  settings: TenantSettings;
  admin: { login: string; name: string; password: string; passwordHash?: string };
  /** Name and remark of the administrator role (default 系统管理员). */
  adminRole?: { name: string; remark?: string };
}): Promise<CreatedTenant> {
  const { tx, settings } = args;
  const [tenant] = await tx
    .insert(tenants)
    .values({
      code: args.code,
      name: args.name,
      licenseExpiresAt: settings.licenseExpiresAt,
      ...(settings.useStrict !== undefined ? { useStrict: settings.useStrict } : {}),
      ...(settings.passwordValidityPeriod !== undefined ? { passwordValidityPeriod: settings.passwordValidityPeriod } : {}),
      ...(settings.maxLoginValidityPeriod !== undefined ? { maxLoginValidityPeriod: settings.maxLoginValidityPeriod } : {}),
      ...(settings.idleTimeoutMinutes !== undefined ? { idleTimeoutMinutes: settings.idleTimeoutMinutes } : {}),
      ...(settings.lockoutThreshold !== undefined ? { lockoutThreshold: settings.lockoutThreshold } : {}),
      ...(settings.lockoutMinutes !== undefined ? { lockoutMinutes: settings.lockoutMinutes } : {}),
      ...(settings.sysConfig !== undefined ? { sysConfig: settings.sysConfig } : {}),
    })
    .returning({ id: tenants.id });
  const adminRoleId = await createRole({
    tx,
    tenantId: tenant.id,
    name: args.adminRole?.name ?? '系统管理员',
    remark: args.adminRole?.remark,
    grants: allPermissionRefs(),
  });
  const adminUserId = await createAccount({ tx, tenantId: tenant.id, ...args.admin, roleIds: [adminRoleId] });
  return { tenantId: tenant.id, adminUserId, adminRoleId };
}

/** Moves a tenant's licence end (null removes the licence); false when the code is unknown. */
export async function setLicense(args: { tx: DbOrTx; code: string; expiresAt: Date | null }): Promise<boolean> {
  const rows = await args.tx
    .update(tenants)
    .set({ licenseExpiresAt: args.expiresAt })
    .where(eq(tenants.code, args.code))
    .returning({ id: tenants.id });
  for (const row of rows) invalidateAuthCaches({ tenantId: row.id });
  return rows.length === 1;
}
