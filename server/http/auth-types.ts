import type { PermissionEntry, PermissionRef } from '../../resources/catalog/types';

/** Who is calling, set by the session hook of the auth module on every signed-in request. */
export interface AuthContext {
  readonly tenantId: number;
  readonly userId: number;
  readonly login: string;
  readonly name: string;
  /** The union of the permissions of the user's roles. */
  readonly grants: readonly PermissionEntry[];
  /** Marketing centres the user may work in; null = all of the tenant's. */
  readonly marketingCenterIds: readonly number[] | null;
  /** Hash of the session token, used to end this session (an application key's: `k:<hash>`). */
  readonly sessionTokenHash: string;
  /** Set when the call carries an application's key instead of a user's session (issue 31). */
  readonly application?: ApplicationCaller;
}

/** The application behind a call made with its key (server/modules/auth/application-key.loader.ts). */
export interface ApplicationCaller {
  readonly id: number;
  /** The key's first characters (what the call log and the keys list show). */
  readonly keyPrefix: string;
  /** The stores it may act at and whose records it may read; null: every store. */
  readonly storeIds: readonly number[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null only on public routes. */
    auth: AuthContext | null;
  }
  /**
   * Access declared on every route under the service base. A route that declares none of
   * `public`, `signedIn` or `requires` is refused: access fails closed.
   */
  interface FastifyContextConfig {
    /** No session needed (sign-in, translations, health). */
    public?: boolean;
    /** Any signed-in user (current user, logout, change password). */
    signedIn?: boolean;
    /** The caller must hold at least one of these grants. */
    requires?: readonly PermissionRef[];
    /** Reachable while the user's only session right is to change an expired password. */
    allowWhilePasswordExpired?: boolean;
    /** Business calls are refused with 403 licenseInvalid when the tenant's licence is invalid. */
    licenseExempt?: boolean;
  }
}
