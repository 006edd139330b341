import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { rolePermissions, userRoles } from '../../db/schema/index';
import type { PermissionEntry, PermissionRef } from '../../../resources/catalog/types';
import { invalidateAuthCaches } from '../auth/session.cache';
import { groupGrants } from '../auth/user-grants';

/** The permissions of one role. */
export async function loadRoleGrants(args: { db: DbOrTx; tenantId: number; roleId: number }): Promise<PermissionEntry[]> {
  const rows = await args.db
    .select({ resourceId: rolePermissions.resourceId, action: rolePermissions.action })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, args.tenantId), eq(rolePermissions.roleId, args.roleId)))
    .orderBy(asc(rolePermissions.resourceId), asc(rolePermissions.action));
  return groupGrants(rows);
}

/** Replaces a role's permissions with exactly these pairs. */
export async function replaceRoleGrants(args: {
  db: DbOrTx;
  tenantId: number;
  roleId: number;
  refs: readonly PermissionRef[];
}): Promise<void> {
  const { db, tenantId, roleId } = args;
  invalidateAuthCaches({ tenantId });
  await db.delete(rolePermissions).where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  if (args.refs.length === 0) return;
  await db
    .insert(rolePermissions)
    .values(args.refs.map((ref) => ({ tenantId, roleId, resourceId: ref.resourceId, action: ref.action })))
    .onConflictDoNothing();
}

/** Replaces a user's roles with exactly these. */
export async function replaceUserRoles(args: { db: DbOrTx; tenantId: number; userId: number; roleIds: readonly number[] }): Promise<void> {
  const { db, tenantId, userId } = args;
  invalidateAuthCaches({ tenantId });
  await db.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  await addUserRoles({ db, tenantId, userIds: [userId], roleIds: args.roleIds });
}

/** Gives every listed user every listed role; links that exist already are kept. */
export async function addUserRoles(args: {
  db: DbOrTx;
  tenantId: number;
  userIds: readonly number[];
  roleIds: readonly number[];
}): Promise<void> {
  invalidateAuthCaches({ tenantId: args.tenantId });
  const values = args.userIds.flatMap((userId) => args.roleIds.map((roleId) => ({ tenantId: args.tenantId, userId, roleId })));
  if (values.length > 0) await args.db.insert(userRoles).values(values).onConflictDoNothing();
}
