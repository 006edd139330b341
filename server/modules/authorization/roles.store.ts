import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/index';
import { badInput, conflict, notFound } from '../../http/envelope';
import type { RoleSummary } from '../../../resources/contract/authorization.types';
import { invalidateAuthCaches } from '../auth/session.cache';

/**
 * Roles and the user/role links of one tenant. Every lookup is keyed by the caller's tenant, so
 * an id from another tenant is simply not found (404), never touched.
 */

/** A role as the role screen lists it (the contract's shape). */
export type { RoleSummary };

/** Throws 404 unless every role id belongs to the tenant. */
export async function assertRolesExist(args: { db: DbOrTx; tenantId: number; roleIds: readonly number[] }): Promise<void> {
  const wanted = [...new Set(args.roleIds)];
  if (wanted.length === 0) return;
  const found = await args.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, args.tenantId), inArray(roles.id, wanted)));
  if (found.length !== wanted.length) throw notFound();
}

/** Throws 404 unless every user id belongs to the tenant. */
export async function assertUsersExist(args: { db: DbOrTx; tenantId: number; userIds: readonly number[] }): Promise<void> {
  const wanted = [...new Set(args.userIds)];
  if (wanted.length === 0) return;
  const found = await args.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, args.tenantId), inArray(users.id, wanted), isNull(users.applicationId)));
  if (found.length !== wanted.length) throw notFound();
}

/** Roles whose name or remark contains the keyword (all when empty), with their user counts. */
export async function listRoles(args: { db: DbOrTx; tenantId: number; keyWord?: string }): Promise<RoleSummary[]> {
  const keyWord = args.keyWord?.trim();
  // The keyword is a plain substring: LIKE's wildcards in it are escaped.
  const pattern = keyWord ? `%${keyWord.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await args.db
    .select({
      roleId: roles.id,
      name: roles.name,
      remark: roles.remark,
      version: roles.version,
      userCount: count(userRoles.userId),
    })
    .from(roles)
    .leftJoin(userRoles, and(eq(userRoles.tenantId, roles.tenantId), eq(userRoles.roleId, roles.id)))
    .where(and(eq(roles.tenantId, args.tenantId), pattern ? or(ilike(roles.name, pattern), ilike(roles.remark, pattern)) : undefined))
    .groupBy(roles.id, roles.name, roles.remark, roles.version)
    .orderBy(asc(roles.id));
  return rows.map((row) => ({ ...row, userCount: Number(row.userCount) }));
}

/** One role as listRole shows it, or 404. */
export async function getRole(args: { db: DbOrTx; tenantId: number; roleId: number }): Promise<RoleSummary> {
  const [row] = await args.db
    .select({
      roleId: roles.id,
      name: roles.name,
      remark: roles.remark,
      version: roles.version,
      // Written out in SQL: drizzle leaves columns of a single-table select unqualified, which
      // inside a correlated subquery would bind to the inner table.
      userCount: sql<number>`(select count(*) from user_roles ur where ur.tenant_id = "roles"."tenant_id" and ur.role_id = "roles"."id")::int`,
    })
    .from(roles)
    .where(and(eq(roles.tenantId, args.tenantId), eq(roles.id, args.roleId)));
  if (!row) throw notFound();
  return row;
}

async function assertNameFree(args: { db: DbOrTx; tenantId: number; name: string; exceptRoleId?: number }): Promise<void> {
  const [taken] = await args.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, args.tenantId), eq(roles.name, args.name)));
  if (taken && taken.id !== args.exceptRoleId) {
    throw badInput('error.fieldsInvalid', [{ field: 'name', key: 'authorization.roleNameTaken' }]);
  }
}

/** Creates a role; its name must be unique in the tenant. */
export async function insertRole(args: { db: DbOrTx; tenantId: number; name: string; remark: string | null }): Promise<number> {
  await assertNameFree(args);
  const [row] = await args.db
    .insert(roles)
    .values({ tenantId: args.tenantId, name: args.name, remark: args.remark })
    .returning({ id: roles.id });
  return row.id;
}

/**
 * Renames a role or changes its remark. The update only applies to the version the client
 * read; a stale version answers 409 so a concurrent edit is never silently overwritten.
 */
export async function updateRole(args: {
  db: DbOrTx;
  tenantId: number;
  roleId: number;
  name: string;
  remark: string | null;
  version: number;
}): Promise<void> {
  await getRole(args);
  await assertNameFree({ db: args.db, tenantId: args.tenantId, name: args.name, exceptRoleId: args.roleId });
  const rows = await args.db
    .update(roles)
    .set({ name: args.name, remark: args.remark, version: sql`${roles.version} + 1` })
    .where(and(eq(roles.tenantId, args.tenantId), eq(roles.id, args.roleId), eq(roles.version, args.version)))
    .returning({ id: roles.id });
  if (rows.length === 0) throw conflict();
}

/** Deletes a role with its permissions and user links. */
export async function deleteRole(args: { db: DbOrTx; tenantId: number; roleId: number }): Promise<void> {
  const { db, tenantId, roleId } = args;
  await getRole(args);
  invalidateAuthCaches({ tenantId });
  await db.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId)));
  await db.delete(rolePermissions).where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  await db.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)));
}

/** The users holding a role. */
export async function listRoleUsers(args: { db: DbOrTx; tenantId: number; roleId: number }) {
  await getRole(args);
  return args.db
    .select({ userId: users.id, login: users.login, name: users.name, enabled: users.enabled })
    .from(userRoles)
    .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
    .where(and(eq(userRoles.tenantId, args.tenantId), eq(userRoles.roleId, args.roleId)))
    .orderBy(asc(users.id));
}

/** The roles of some users, with names, for user lists and getUserRole. */
export async function rolesOfUsers(args: { db: DbOrTx; tenantId: number; userIds: readonly number[] }) {
  if (args.userIds.length === 0) return [];
  return args.db
    .select({ userId: userRoles.userId, roleId: roles.id, name: roles.name, remark: roles.remark })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, args.tenantId), inArray(userRoles.userId, [...args.userIds])))
    .orderBy(asc(roles.id));
}

/** Removes one user/role link (nothing happens when it does not exist). */
export async function unlinkUserRole(args: { db: DbOrTx; tenantId: number; userId: number; roleId: number }): Promise<void> {
  invalidateAuthCaches({ tenantId: args.tenantId });
  await args.db
    .delete(userRoles)
    .where(and(eq(userRoles.tenantId, args.tenantId), eq(userRoles.userId, args.userId), eq(userRoles.roleId, args.roleId)));
}
