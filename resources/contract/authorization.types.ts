/**
 * The answers and request bodies of the authorization API of specification §7
 * (`/v1/authorization/...`) and of the user screen (`/v1/user/...`). Types only.
 */

/** A role as listRole returns it. */
export interface RoleSummary {
  readonly roleId: number;
  readonly name: string;
  readonly remark: string | null;
  readonly userCount: number;
  readonly version: number;
}

/** A role held by a user. */
export interface RoleRef {
  readonly roleId: number;
  readonly name: string;
}

/** The granted actions of one resource, as the role screen sends them. */
export interface PermissionInput {
  readonly resourceId: string;
  readonly actions: readonly string[];
}

/** A node of getTree: a resource with its grantable actions, names in the request's language. */
export interface PermissionTreeNode {
  readonly resourceId: string;
  readonly name: string;
  readonly actions: readonly { readonly action: string; readonly name: string }[];
  readonly children: readonly PermissionTreeNode[];
}

/** A user as the user screen lists it (`/v1/user/query`, `/v1/user/info/:id`). */
export interface UserRecord {
  readonly id: number;
  readonly login: string;
  readonly name: string;
  readonly mobile: string | null;
  readonly email: string | null;
  readonly enabled: boolean;
  readonly roles: readonly RoleRef[];
  /** `yyyy-MM-dd HH:mm:ss` while sign-in is locked after failed attempts, else null. */
  readonly lockedUntil: string | null;
  /** Marketing centres the user may work in; null = all of the tenant's. */
  readonly marketingCenterIds: readonly number[] | null;
  readonly version: number;
}

/** Filters of the user list. */
export interface UserFilters {
  /** Contained in the login, name, mobile or e-mail. */
  readonly keyword?: string;
  readonly enabled?: boolean;
}
