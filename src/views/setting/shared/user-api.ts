/**
 * The user resource's calls (`/v1/user/...`, the resource endpoint shape of DESIGN.md §3), typed.
 * Every call resolves to the envelope's `data`.
 */
import { typedPost } from '../../../../providers/http';
import type { ApiBody } from '../../../../resources/contract/api.types';
import type { PageQuery, PageResult } from '../../../components/use-paged-query';
import type { UserFilters, UserRecord } from '../../../../resources/contract/authorization.types';

// A user and the list's filters are the contract's shapes, the same the server's routes use;
// each call's generated types must fit them, so the two cannot drift apart.
/** A row of the user list. */
export type UserRow = UserRecord;
export type { UserFilters };

/** The body of a user query. */
type UsersQuery = ApiBody<'post', '/v1/user/query'>;

/** One page of users. */
export function queryUsers(query: PageQuery<UserFilters>): Promise<PageResult<UserRow>> {
  // The table sorts by its columns' keys, all of them fields the query sorts by (any other
  // would be refused with 400 naming `sorters`): the generic pager types them as text.
  return typedPost('/v1/user/query', { data: { ...query, sorters: query.sorters as UsersQuery['sorters'] } });
}

/** Creates a user with an initial password and roles. */
export function saveNewUser(user: ApiBody<'post', '/v1/user/saveNew'>): Promise<unknown> {
  return typedPost('/v1/user/saveNew', { data: user });
}

/** Changes a user's name and contacts. */
export function modifyUser(changes: ApiBody<'post', '/v1/user/modify'>): Promise<unknown> {
  return typedPost('/v1/user/modify', { data: changes });
}

/** Disables or enables sign-in for a user. */
export function setUserEnabled(id: number, enabled: boolean): Promise<unknown> {
  return typedPost(enabled ? '/v1/user/enable' : '/v1/user/disable', { params: { id } });
}

/** Sets a new password the user must change at the next sign-in. */
export function resetPassword(id: number, newPassword: string): Promise<unknown> {
  return typedPost('/v1/user/resetPassword', { data: { newPassword }, params: { id } });
}
