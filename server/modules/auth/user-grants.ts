import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { rolePermissions, userRoles } from '../../db/schema/index';
import type { PermissionEntry } from '../../../resources/catalog/types';

/**
 * A user's grants as the session loads them (the union of their roles' permissions). The roles
 * and their permissions are written by authorization (grants.store.ts), which builds on this.
 */

/** Groups resource/action rows into permission entries, one per resource, in a stable order. */
export function groupGrants(rows: readonly { resourceId: string; action: string }[]): PermissionEntry[] {
  const byResource = new Map<string, string[]>();
  for (const row of rows) {
    const actions = byResource.get(row.resourceId) ?? [];
    if (!actions.includes(row.action)) actions.push(row.action);
    byResource.set(row.resourceId, actions);
  }
  return [...byResource].map(([resourceId, actions]) => ({ resourceId, actions }));
}

/** What a user may do: the union of the permissions of all their roles. */
export async function loadUserGrants(args: { db: DbOrTx; tenantId: number; userId: number }): Promise<PermissionEntry[]> {
  const rows = await args.db
    .selectDistinct({ resourceId: rolePermissions.resourceId, action: rolePermissions.action })
    .from(userRoles)
    .innerJoin(rolePermissions, and(eq(rolePermissions.tenantId, userRoles.tenantId), eq(rolePermissions.roleId, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, args.tenantId), eq(userRoles.userId, args.userId)))
    .orderBy(asc(rolePermissions.resourceId), asc(rolePermissions.action));
  return groupGrants(rows);
}
