/**
 * Sign-in and the session (`/v1/auth/*`, specification §3): what the login form sends, the login
 * info the server answers, and what the shell reads from `GET /v1/auth/current`. Types only.
 */
import type { SysConfigFlags } from '../catalog/types';

/** `POST /v1/auth/login`. */
export interface Credentials {
  /** Merchant code. */
  readonly tenant: string;
  /** User login name. */
  readonly login: string;
  readonly password: string;
}

/** Where a session stands after sign-in (§3 `state`): normal, or a password that must be changed first. */
export type LoginState = 'normal' | 'passwordExpired' | 'mustChangePassword';

/** The login info of the specification (§3), exactly these fields. */
export interface LoginInfo {
  readonly tenantId: number;
  readonly user: { readonly id: number; readonly login: string; readonly name: string };
  /** The merchant: its sign-in code and name. */
  readonly customer: { readonly code: string; readonly name: string };
  readonly useStrict: boolean;
  readonly passwordValidityPeriod: number;
  readonly maxLoginValidityPeriod: number;
  readonly state: LoginState;
  /** One-time token for the password change of a reset-only session; null otherwise. */
  readonly resetToken: string | null;
}

/** A marketing centre the user may work in. */
export interface MarketingCenterOption {
  readonly id: number;
  readonly name: string;
}

/** `GET /v1/auth/current`: the login info plus what the shell needs. */
export interface CurrentInfo extends LoginInfo {
  readonly sysConfig: SysConfigFlags;
  readonly marketingCenters: readonly MarketingCenterOption[];
  /** Where uploaded files are served, when the server says. */
  readonly fileBaseUrl?: string;
}

/** `POST /v1/auth/password`. */
export interface PasswordChange {
  readonly oldPassword?: string;
  readonly newPassword: string;
  /** The token of a login whose password expired or must change. */
  readonly resetToken?: string;
}
