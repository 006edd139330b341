/**
 * The authorization calls of specification §7 (`/v1/authorization/...`) the setting screens
 * make, typed. Every call resolves to the envelope's `data`; failures reject with the client's
 * ApiError, already shown to the user.
 */
import { typedGet, typedPost } from '../../../../providers/http';
import type { ApiBody, ApiData, ElementOf } from '../../../../resources/contract/api.types';
import type { PermissionInput, PermissionTreeNode, RoleRef, RoleSummary } from '../../../../resources/contract/authorization.types';

// The answers' and bodies' shapes are the contract's, the same the server's routes use; each
// call's generated types must fit them, so the two cannot drift apart. The rest are the
// generated types of the OpenAPI document (resources/contract/api.types.ts).
/** A role as listRole returns it. */
export type RoleRow = RoleSummary;
export type { PermissionTreeNode, RoleRef };
/** The granted actions of one resource. */
export type Permission = PermissionInput;

/** A user holding a role (listRoleUser). */
export type RoleUser = ElementOf<ApiData<'get', '/v1/authorization/listRoleUser'>>;

/** The editable fields of a role. */
export type RoleInput = Pick<ApiBody<'post', '/v1/authorization/modifyRole'>, 'name' | 'remark'>;

/** Roles whose name contains the keyword ('' = all). */
export function listRole(keyWord: string): Promise<RoleRow[]> {
  return typedGet('/v1/authorization/listRole', { params: { keyWord } });
}

/** Creates a role. */
export function saveRole(input: RoleInput): Promise<Pick<RoleRow, 'roleId'>> {
  return typedPost('/v1/authorization/saveRole', { data: input });
}

/** Changes a role's name and remark; `version` guards against concurrent edits. */
export function modifyRole(input: ApiBody<'post', '/v1/authorization/modifyRole'>): Promise<unknown> {
  return typedPost('/v1/authorization/modifyRole', { data: input });
}

/** Deletes a role. */
export function deleteRole(roleId: number): Promise<unknown> {
  return typedPost('/v1/authorization/deleteRole', { params: { roleId } });
}

/** The permissions a role grants. */
export function getRolePermission(roleId: number): Promise<Permission[]> {
  return typedGet('/v1/authorization/getRolePermission', { params: { roleId } });
}

/** Replaces the permissions a role grants. */
export function saveRolePermissions(roleId: number, permissions: readonly Permission[]): Promise<unknown> {
  return typedPost('/v1/authorization/saveRolePermissions', { data: { roleId, permissions } });
}

/** Gives `toRoleId` the permissions of `fromRoleId`. */
export function copyRolePermissions(fromRoleId: number, toRoleId: number): Promise<unknown> {
  return typedPost('/v1/authorization/copyRolePermissions', { params: { fromRoleId, toRoleId } });
}

/** The users holding a role. */
export function listRoleUser(roleId: number): Promise<RoleUser[]> {
  return typedGet('/v1/authorization/listRoleUser', { params: { roleId } });
}

/** The permission tree every role is edited against. */
export function getTree(): Promise<PermissionTreeNode[]> {
  return typedGet('/v1/authorization/getTree');
}

/** The roles a user holds. */
export function getUserRole(userId: number): Promise<RoleRef[]> {
  return typedGet('/v1/authorization/getUserRole', { params: { userId } });
}

/** Replaces the roles a user holds. */
export function saveUserRole(userId: number, roleIds: readonly number[]): Promise<unknown> {
  return typedPost('/v1/authorization/saveUserRole', { data: { userId, roleIds } });
}

/** Takes a role away from a user. */
export function deleteUserRole(roleId: number, userId: number): Promise<unknown> {
  return typedPost('/v1/authorization/deleteUserRole', { params: { roleId, userId } });
}

/** Gives `toUserId` the roles of `fromUserId`. */
export function copyUserRole(fromUserId: number, toUserId: number): Promise<unknown> {
  return typedPost('/v1/authorization/copyUserRole', { params: { fromUserId, toUserId } });
}
