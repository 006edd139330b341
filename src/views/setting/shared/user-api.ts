/**
 * The user resource's calls (`/v1/user/...`, the resource endpoint shape of DESIGN.md §3), typed.
 * Every call resolves to the envelope's `data`.
 */
import { apiPost } from '../../../../providers/http';
import type { PageQuery, PageResult } from '../../../components/use-paged-query';
import type { UserFilters, UserRecord } from '../../../../resources/contract/authorization.types';

const BASE = '/v1/user';

// A user and the list's filters are the contract's shapes, the same the server's routes use.
/** A row of the user list. */
export type UserRow = UserRecord;
export type { UserFilters };

/** The fields of a new user. */
export interface NewUser {
  readonly login: string;
  readonly name: string;
  readonly mobile?: string;
  readonly email?: string;
  readonly password: string;
  readonly roleIds: readonly number[];
}

/** The editable fields of an existing user. */
export interface UserChanges {
  readonly id: number;
  readonly name: string;
  readonly mobile: string | null;
  readonly email: string | null;
  readonly version: number;
}

/** One page of users. */
export function queryUsers(query: PageQuery<UserFilters>): Promise<PageResult<UserRow>> {
  return apiPost<PageResult<UserRow>>(`${BASE}/query`, { data: query });
}

/** Creates a user with an initial password and roles. */
export function saveNewUser(user: NewUser): Promise<unknown> {
  return apiPost(`${BASE}/saveNew`, { data: user });
}

/** Changes a user's name and contacts. */
export function modifyUser(changes: UserChanges): Promise<unknown> {
  return apiPost(`${BASE}/modify`, { data: changes });
}

/** Disables or enables sign-in for a user. */
export function setUserEnabled(id: number, enabled: boolean): Promise<unknown> {
  return apiPost(`${BASE}/${enabled ? 'enable' : 'disable'}`, { params: { id } });
}

/** Sets a new password the user must change at the next sign-in. */
export function resetPassword(id: number, newPassword: string): Promise<unknown> {
  return apiPost(`${BASE}/resetPassword`, { data: { newPassword }, params: { id } });
}
