import { and, countDistinct, eq, inArray } from 'drizzle-orm';
import { hasAction } from '../../../resources/access';
import type { PermissionRef } from '../../../resources/catalog/types';
import type { DbOrTx } from '../../db/connection';
import { rolePermissions, tenants, userRoles, users } from '../../db/schema/index';
import { AppError } from '../../http/envelope';
import type { AuthContext } from '../../http/auth-types';
import { settingResource } from './permission.catalog';

/**
 * The rules that keep rights from growing or vanishing through the settings screens:
 *
 * - Nobody grants what they do not hold: a permission added to a role, and every permission of
 *   a role given to a user, must be among the caller's own grants (403).
 * - Nobody changes their own roles (403): a right one lacks must come from someone who has it.
 * - The merchant never loses the last way to manage roles (`设置/角色` configure): not the last
 *   role holding it, and not the last enabled user holding it (409). Deleting a role that is in
 *   use, one's own included, is refused as well (409).
 */

/** The permission that manages roles; whoever holds it can give any right they hold. */
export function roleManagement(): PermissionRef {
  return { resourceId: settingResource('role'), action: 'configure' };
}

const refKey = (ref: { resourceId: string; action: string }) => `${ref.resourceId}\u0000${ref.action}`;

/**
 * Throws 403 naming the first permission the caller lacks among `refs`. `alreadyThere` are
 * pairs the target holds before the change: keeping them is not granting them.
 */
export function assertMayGrant(args: { auth: AuthContext; refs: readonly PermissionRef[]; alreadyThere?: readonly PermissionRef[] }): void {
  const kept = new Set((args.alreadyThere ?? []).map(refKey));
  const missing = args.refs.find((ref) => !kept.has(refKey(ref)) && !hasAction(args.auth.grants, ref));
  if (missing) {
    throw new AppError('forbidden', 'authorization.grantBeyondOwn', {
      values: { permission: `${missing.resourceId} · ${missing.action}` },
    });
  }
}

/** The pairs of some roles (their union). */
async function permissionsOfRoles(args: { db: DbOrTx; tenantId: number; roleIds: readonly number[] }): Promise<PermissionRef[]> {
  if (args.roleIds.length === 0) return [];
  const rows = await args.db
    .selectDistinct({ resourceId: rolePermissions.resourceId, action: rolePermissions.action })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, args.tenantId), inArray(rolePermissions.roleId, [...new Set(args.roleIds)])));
  return rows as PermissionRef[];
}

/** The role ids each user holds now. */
async function currentRoles(args: { db: DbOrTx; tenantId: number; userIds: readonly number[] }): Promise<Map<number, Set<number>>> {
  const byUser = new Map<number, Set<number>>(args.userIds.map((id) => [id, new Set<number>()]));
  if (args.userIds.length === 0) return byUser;
  const rows = await args.db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, args.tenantId), inArray(userRoles.userId, [...new Set(args.userIds)])));
  for (const row of rows) byUser.get(row.userId)?.add(row.roleId);
  return byUser;
}

/** Refuses (403) giving a new user roles that hold a permission the caller lacks. */
export async function assertMayGiveRoles(args: { db: DbOrTx; auth: AuthContext; roleIds: readonly number[] }): Promise<void> {
  assertMayGrant({ auth: args.auth, refs: await permissionsOfRoles({ db: args.db, tenantId: args.auth.tenantId, roleIds: args.roleIds }) });
}

/** The refusal of a change to one's own roles. */
export const ownRolesRefusal = () => new AppError('forbidden', 'authorization.ownRoles');

/**
 * Checks a change of user/role links before it is made: `next(current)` is the role set a user
 * will hold. Refuses (403) giving anyone a role that holds a permission the caller lacks; roles
 * a user keeps are not checked again. Tells whether the change touches the caller's own roles,
 * which the caller refuses with {@link ownRolesRefusal} once the change is known not to take
 * away the last role manager (that answer, 409, says more).
 */
export async function assertMayAssignRoles(args: {
  db: DbOrTx;
  auth: AuthContext;
  userIds: readonly number[];
  next: (current: ReadonlySet<number>) => readonly number[];
}): Promise<{ changesOwnRoles: boolean }> {
  const { db, auth } = args;
  const current = await currentRoles({ db, tenantId: auth.tenantId, userIds: args.userIds });
  const added = new Set<number>();
  let changesOwnRoles = false;
  for (const [userId, held] of current) {
    const next = new Set(args.next(held));
    const changed = next.size !== held.size || [...next].some((roleId) => !held.has(roleId));
    if (changed && userId === auth.userId) changesOwnRoles = true;
    for (const roleId of next) if (!held.has(roleId)) added.add(roleId);
  }
  assertMayGrant({ auth, refs: await permissionsOfRoles({ db, tenantId: auth.tenantId, roleIds: [...added] }) });
  return { changesOwnRoles };
}

/**
 * Refuses (403) acting on the account of someone who holds a permission the caller lacks (an
 * administrator's password reset by a user manager would hand over the administrator's rights).
 */
export async function assertNotAboveCaller(args: { db: DbOrTx; auth: AuthContext; userId: number }): Promise<void> {
  const roleIds = [...((await currentRoles({ db: args.db, tenantId: args.auth.tenantId, userIds: [args.userId] })).get(args.userId) ?? [])];
  const refs = await permissionsOfRoles({ db: args.db, tenantId: args.auth.tenantId, roleIds });
  if (refs.some((ref) => !hasAction(args.auth.grants, ref))) throw new AppError('forbidden', 'authorization.userAboveCaller');
}

/** How many roles hold role management, and how many enabled users hold it through a role. */
async function roleManagers(args: { db: DbOrTx; tenantId: number }): Promise<{ roles: number; users: number }> {
  const manage = roleManagement();
  const holds = and(
    eq(rolePermissions.tenantId, args.tenantId),
    eq(rolePermissions.resourceId, manage.resourceId),
    eq(rolePermissions.action, manage.action),
  );
  const [roleCount] = await args.db
    .select({ n: countDistinct(rolePermissions.roleId) })
    .from(rolePermissions)
    .where(holds);
  const [userCount] = await args.db
    .select({ n: countDistinct(users.id) })
    .from(rolePermissions)
    .innerJoin(userRoles, and(eq(userRoles.tenantId, rolePermissions.tenantId), eq(userRoles.roleId, rolePermissions.roleId)))
    .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
    .where(and(holds, eq(users.enabled, true)));
  return { roles: Number(roleCount?.n ?? 0), users: Number(userCount?.n ?? 0) };
}

/**
 * Runs a change of roles, permissions or users inside the caller's transaction and refuses it
 * (409, rolled back with the transaction) when it takes away the tenant's last role that can
 * manage roles, or its last enabled user who can. The tenant row is locked first, so two
 * concurrent changes cannot each remove "one of two" managers.
 */
export async function keepingRoleManagement<T>(args: { tx: DbOrTx; tenantId: number; change: () => Promise<T> }): Promise<T> {
  const { tx, tenantId } = args;
  await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
  const before = await roleManagers({ db: tx, tenantId });
  const result = await args.change();
  const after = await roleManagers({ db: tx, tenantId });
  if (before.roles > 0 && after.roles === 0) throw new AppError('conflict', 'authorization.lastRoleManagerRole');
  if (before.users > 0 && after.users === 0) throw new AppError('conflict', 'authorization.lastRoleManagerUser');
  return result;
}

/** Refuses (409) deleting a role the caller holds, or one that any user holds. */
export async function assertRoleDeletable(args: { db: DbOrTx; auth: AuthContext; roleId: number }): Promise<void> {
  const { db, auth } = args;
  const holders = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, auth.tenantId), eq(userRoles.roleId, args.roleId)));
  if (holders.some((row) => row.userId === auth.userId)) throw new AppError('conflict', 'authorization.ownRoleDelete');
  if (holders.length > 0) throw new AppError('conflict', 'authorization.roleInUse', { values: { count: holders.length } });
}
