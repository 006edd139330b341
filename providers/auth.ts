/**
 * Sign-in, sign-out and the session's browser state. The session itself is an httpOnly cookie
 * the browser never reads; what is kept in storage (specification §3) is what the screens need
 * to draw the menu, the header and the guards without asking the server on every move.
 */
import type { AuthProvider } from '@refinedev/core';
import type { Grants } from '../resources/access';
import type { PermissionEntry } from '../resources/catalog/types';
import type {
  Credentials,
  CurrentInfo,
  LoginInfo,
  LoginState,
  MarketingCenterOption,
  PasswordChange,
} from '../resources/contract/auth.types';
import {
  LOCAL_KEYS,
  LOCAL_KEYS_CLEARED_ON_LOGOUT,
  SESSION_KEYS,
  SESSION_KEYS_CLEARED_ON_LOGOUT,
  readSharedJson,
  writeJson,
} from './storage-keys';
import { apiGet, apiPost, serviceUrl } from './http';
import { rememberShownTable } from './i18n';

// The request and answer shapes of /v1/auth are the contract's.
export type { Credentials, CurrentInfo, LoginInfo, LoginState, PasswordChange };

/** A marketing centre the user may work in. */
export type MarketingCenter = MarketingCenterOption;

/** The login info as stored in the browser: never with the reset token. */
export type StoredLoginInfo = Omit<LoginInfo, 'resetToken'>;

/** The stored login info (never includes the reset token). */
export function storedUser(): StoredLoginInfo | undefined {
  return readSharedJson<StoredLoginInfo>(localStorage, LOCAL_KEYS.user);
}

/** The stored merchant. */
export function storedCustomer(): LoginInfo['customer'] | undefined {
  return readSharedJson<LoginInfo['customer']>(localStorage, LOCAL_KEYS.customer);
}

/** True when a normal session has been established in this browser. */
export function isSignedIn(): boolean {
  return storedUser()?.state === 'normal';
}

/** The selected marketing centre, or undefined when none is selected. */
export function selectedMarketingCenter(): MarketingCenter | undefined {
  const id = Number(sessionStorage.getItem(SESSION_KEYS.marketCenter));
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return { id, name: sessionStorage.getItem(SESSION_KEYS.marketCenterName) ?? '' };
}

/** Selects a marketing centre (or none); every later call sends it as `marketingCenter`. */
export function selectMarketingCenter(center: MarketingCenter | undefined): void {
  sessionStorage.setItem(SESSION_KEYS.marketCenter, center ? String(center.id) : '');
  sessionStorage.setItem(SESSION_KEYS.marketCenterName, center?.name ?? '');
}

// Keep the previous choice if the user may still use it; otherwise the first centre. Data of
// isolated resources needs a centre, so a user with centres always works in one.
function chooseMarketingCenter(centers: readonly MarketingCenter[]): MarketingCenter | undefined {
  const previous = selectedMarketingCenter();
  return centers.find((center) => center.id === previous?.id) ?? centers[0];
}

function withoutToken(info: LoginInfo): StoredLoginInfo {
  const { resetToken: _dropped, ...rest } = info;
  return rest;
}

/** Writes the session's browser state from the server's answers (§3 keys). */
function storeSession(args: { readonly current: CurrentInfo; readonly permissions: readonly PermissionEntry[] }): void {
  const { current, permissions } = args;
  const { sysConfig, marketingCenters, fileBaseUrl, ...login } = current;
  writeJson(localStorage, { key: LOCAL_KEYS.user, value: withoutToken(login) });
  writeJson(localStorage, { key: LOCAL_KEYS.permission, value: permissions });
  writeJson(localStorage, { key: LOCAL_KEYS.sysConfig, value: sysConfig ?? {} });
  // Page urls by resource (§6: "permissions and page urls by resource are stored").
  const pageUrls = Object.fromEntries(permissions.filter((p) => p.pageUrl).map((p) => [p.resourceId, p.pageUrl]));
  writeJson(localStorage, { key: LOCAL_KEYS.menus, value: pageUrls });
  localStorage.setItem(LOCAL_KEYS.fileBaseUrl, fileBaseUrl ?? `${serviceUrl()}/v1/files`);
  writeJson(localStorage, { key: LOCAL_KEYS.customer, value: login.customer });
  if (localStorage.getItem(LOCAL_KEYS.subNavVisible) === null) localStorage.setItem(LOCAL_KEYS.subNavVisible, 'true');
  // The translation table of the session: the one the UI shows right now.
  rememberShownTable();
  selectMarketingCenter(chooseMarketingCenter(marketingCenters ?? []));
}

/**
 * Reads the current session from the server and refreshes the stored state. Used after sign-in
 * and when the shell starts (a reload keeps the cookie but the flags or grants may have moved).
 */
export async function refreshSession(options: { readonly silent?: boolean } = {}): Promise<CurrentInfo> {
  const [current, permissions] = await Promise.all([
    apiGet<CurrentInfo>('/v1/auth/current', options),
    apiGet<PermissionEntry[] | null>('/v1/auth/permissions', options),
  ]);
  storeSession({ current, permissions: permissions ?? [] });
  return current;
}

/** A reading of the session's state: its answer, and the state once it came. */
export interface SessionReading {
  readonly answer: Promise<CurrentInfo>;
  readonly current?: CurrentInfo;
}

/** The reading started with the page, until the shell takes it. */
let early: SessionReading | undefined;

/**
 * Starts reading the session's state while the page loads (main.tsx, for a page opened inside the
 * shell), so the shell need not ask when it first draws (`earlySessionReading`). Silent: the
 * texts to say what went wrong may not be there yet; the shell asks again, aloud, when this
 * reading failed (`takeSessionReading`), and the sign-in-again dialog of a session that has
 * ended comes from that second reading.
 */
export function startSessionRefresh(): void {
  const reading: { answer: Promise<CurrentInfo>; current?: CurrentInfo } = { answer: refreshSession({ silent: true }) };
  reading.answer.then(
    (current) => {
      reading.current = current;
    },
    () => undefined, // Silent: the shell reads again, aloud, when it takes a failed reading.
  );
  early = reading;
}

/** The reading started with the page, not yet taken (its `current` once it answered). */
export function earlySessionReading(): SessionReading | undefined {
  return early;
}

/**
 * Resolves once this tab works in a marketing centre: at once when one was chosen in it before (or
 * no early reading was started), else when the early reading has answered (storing the session
 * chooses one) or failed, or after `maxMs` at most. Never rejects. A tab opened on a link draws
 * its first page after it (main.tsx): the screen's data belongs to a centre.
 */
export function centreChosen(maxMs: number): Promise<void> {
  const reading = early;
  if (selectedMarketingCenter() !== undefined || reading === undefined) return Promise.resolve();
  return Promise.race([
    reading.answer.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, maxMs)),
  ]);
}

/**
 * The answer of `reading` when it is the page's early one, taken once (read again, reporting its
 * failure, when it failed); otherwise a new reading.
 */
export function takeSessionReading(reading: SessionReading | undefined): Promise<CurrentInfo> {
  if (reading && reading === early) {
    early = undefined;
    return reading.answer.catch(() => refreshSession());
  }
  return refreshSession();
}

/**
 * Signs in. With state `normal` the session's state is stored before this resolves; with a
 * password state nothing is stored and the caller must offer the password change first.
 * Failures reject with the server's message (the login form shows it).
 */
export async function signIn(credentials: Credentials): Promise<LoginInfo> {
  const info = await apiPost<LoginInfo>('/v1/auth/login', { data: credentials, silent: true });
  if (info.state === 'normal') await refreshSession();
  return info;
}

/** Changes the password; after an expired-password login it carries the reset token. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await apiPost<unknown>('/v1/auth/password', { data: change, silent: true });
}

/** Removes exactly the keys of §3, nothing else. */
export function clearSessionState(): void {
  for (const key of LOCAL_KEYS_CLEARED_ON_LOGOUT) localStorage.removeItem(key);
  for (const key of SESSION_KEYS_CLEARED_ON_LOGOUT) sessionStorage.removeItem(key);
}

/** Moves the hash router; replaceable so the shell can use react-router's navigate. */
let navigateTo: (path: string) => void = (path) => {
  window.location.hash = `#${path}`;
};

/** Lets the shell route sign-out through react-router. */
export function setAuthNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

/**
 * Signs out: tells the server (a failure does not keep anyone signed in), moves to /login and
 * only then clears the stored state (§4), so no screen is still drawing from it when it goes.
 */
export async function signOut(): Promise<void> {
  try {
    await apiPost<unknown>('/v1/auth/logout', { silent: true });
  } catch {
    // The cookie may already be gone (that is often why we are here).
  }
  navigateTo('/login');
  await new Promise((resolve) => setTimeout(resolve, 0));
  clearSessionState();
}

function errorOf(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** refine's auth provider on the same functions. */
export const authProvider: AuthProvider = {
  login: async (params: Credentials) => {
    try {
      const info = await signIn(params);
      if (info.state !== 'normal') return { success: false, state: info.state, resetToken: info.resetToken ?? undefined };
      return { success: true };
    } catch (error) {
      return { success: false, error: errorOf(error) };
    }
  },
  logout: async () => {
    await signOut();
    return { success: true };
  },
  check: async () => (isSignedIn() ? { authenticated: true } : { authenticated: false, redirectTo: '/login', logout: false }),
  // The HTTP client already handled 401 (one dialog) and the licence; refine must not log out too.
  onError: async () => ({}),
  getIdentity: async () => {
    const user = storedUser();
    return user ? { ...user.user, customer: user.customer } : null;
  },
  getPermissions: async (): Promise<Grants> => readSharedJson<Grants>(localStorage, LOCAL_KEYS.permission) ?? [],
  updatePassword: async (params: PasswordChange) => {
    try {
      await changePassword(params);
      return { success: true };
    } catch (error) {
      return { success: false, error: errorOf(error) };
    }
  },
};
