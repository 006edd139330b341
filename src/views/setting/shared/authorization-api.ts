/**
 * The authorization calls of specification §7 (`/v1/authorization/...`) the setting screens
 * make, typed. Every call resolves to the envelope's `data`; failures reject with the client's
 * ApiError, already shown to the user.
 */
import { apiGet, apiPost } from '../../../../providers/http';
import type { PermissionInput, PermissionTreeNode, RoleRef, RoleSummary } from '../../../../resources/contract/authorization.types';

const BASE = '/v1/authorization';

// The answers' and bodies' shapes are the contract's, the same the server's routes use.
/** A role as listRole returns it. */
export type RoleRow = RoleSummary;
export type { PermissionTreeNode, RoleRef };
/** The granted actions of one resource. */
export type Permission = PermissionInput;

/** A user holding a role (listRoleUser). */
export interface RoleUser {
  readonly userId: number;
  readonly login: string;
  readonly name: string;
}

/** The editable fields of a role. */
export interface RoleInput {
  readonly name: string;
  readonly remark?: string;
}

/** Roles whose name contains the keyword ('' = all). */
export function listRole(keyWord: string): Promise<RoleRow[]> {
  return apiGet<RoleRow[]>(`${BASE}/listRole`, { params: { keyWord } });
}

/** Creates a role. */
export function saveRole(input: RoleInput): Promise<{ roleId: number }> {
  return apiPost<{ roleId: number }>(`${BASE}/saveRole`, { data: input });
}

/** Changes a role's name and remark; `version` guards against concurrent edits. */
export function modifyRole(input: RoleInput & { readonly roleId: number; readonly version: number }): Promise<unknown> {
  return apiPost(`${BASE}/modifyRole`, { data: input });
}

/** Deletes a role. */
export function deleteRole(roleId: number): Promise<unknown> {
  return apiPost(`${BASE}/deleteRole`, { params: { roleId } });
}

/** The permissions a role grants. */
export function getRolePermission(roleId: number): Promise<Permission[]> {
  return apiGet<Permission[]>(`${BASE}/getRolePermission`, { params: { roleId } });
}

/** Replaces the permissions a role grants. */
export function saveRolePermissions(roleId: number, permissions: readonly Permission[]): Promise<unknown> {
  return apiPost(`${BASE}/saveRolePermissions`, { data: { roleId, permissions } });
}

/** Gives `toRoleId` the permissions of `fromRoleId`. */
export function copyRolePermissions(fromRoleId: number, toRoleId: number): Promise<unknown> {
  return apiPost(`${BASE}/copyRolePermissions`, { params: { fromRoleId, toRoleId } });
}

/** The users holding a role. */
export function listRoleUser(roleId: number): Promise<RoleUser[]> {
  return apiGet<RoleUser[]>(`${BASE}/listRoleUser`, { params: { roleId } });
}

/** The permission tree every role is edited against. */
export function getTree(): Promise<PermissionTreeNode[]> {
  return apiGet<PermissionTreeNode[]>(`${BASE}/getTree`);
}

/** The roles a user holds. */
export function getUserRole(userId: number): Promise<RoleRef[]> {
  return apiGet<RoleRef[]>(`${BASE}/getUserRole`, { params: { userId } });
}

/** Replaces the roles a user holds. */
export function saveUserRole(userId: number, roleIds: readonly number[]): Promise<unknown> {
  return apiPost(`${BASE}/saveUserRole`, { data: { userId, roleIds } });
}

/** Takes a role away from a user. */
export function deleteUserRole(roleId: number, userId: number): Promise<unknown> {
  return apiPost(`${BASE}/deleteUserRole`, { params: { roleId, userId } });
}

/** Gives `toUserId` the roles of `fromUserId`. */
export function copyUserRole(fromUserId: number, toUserId: number): Promise<unknown> {
  return apiPost(`${BASE}/copyUserRole`, { params: { fromUserId, toUserId } });
}
