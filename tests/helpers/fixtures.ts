import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/connection';
import type { PermissionRef } from '../../resources/catalog/types';
import { hashPassword } from '../../server/modules/auth/password.hasher';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../resources/contract/client-header';
import { allPermissionRefs } from '../../server/modules/authorization/permission.catalog';
import {
  createAccount,
  createRole,
  createTenant as provisionTenant,
  type TenantSettings,
} from '../../server/modules/users/tenant.provisioning';

/**
 * Fixtures for API tests: tenants, users with chosen grants, and signed-in clients that drive
 * the real app through `app.inject` with the session cookie, exactly as a browser would.
 *
 *   const tenant = await createTenant(database);
 *   const admin = await signIn(app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
 *   const res = await admin.post('/v1/authorization/saveRole', { body: { name: 'Cashier' } });
 *   expect(res.status).toBe(200); expect(res.body.code).toBe(2000);
 */

/** The password every fixture account gets unless told otherwise; satisfies the strict policy. */
export const FIXTURE_PASSWORD = 'Fixture#2026';

// scrypt is slow by design; a test run creates hundreds of accounts with a handful of distinct
// passwords, so each distinct password is hashed once. Sign-in still verifies with scrypt.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

const unique = () => randomBytes(5).toString('hex');

/** A tenant made by `createTenant`. */
export interface TestTenant {
  readonly tenantId: number;
  /** Merchant code typed at sign-in. */
  readonly code: string;
  readonly adminUserId: number;
  readonly adminLogin: string;
  readonly adminPassword: string;
}

/** Options of `createTenant`; everything is optional. */
export interface TestTenantOptions {
  /** Licence: valid for a year (default), already expired, or none at all. */
  readonly license?: 'valid' | 'expired' | 'none';
  /** Password and session policy columns; defaults are the table's. */
  readonly policy?: Omit<TenantSettings, 'licenseExpiresAt' | 'sysConfig'>;
  readonly sysConfig?: Record<string, boolean>;
}

/** Creates a tenant with a unique code and an administrator holding every permission. */
export async function createTenant(database: Database, options: TestTenantOptions = {}): Promise<TestTenant> {
  const code = `t${unique()}`;
  const license = options.license ?? 'valid';
  const licenseExpiresAt = license === 'none' ? null : new Date(Date.now() + (license === 'valid' ? 365 : -1) * 24 * 3600 * 1000);
  const adminLogin = 'admin';
  const created = await database.db.transaction(async (tx) =>
    provisionTenant({
      tx,
      code,
      name: `Tenant ${code}`,
      settings: { licenseExpiresAt, ...options.policy, ...(options.sysConfig ? { sysConfig: options.sysConfig } : {}) },
      admin: { login: adminLogin, name: 'Administrator', password: FIXTURE_PASSWORD, passwordHash: await cachedHash(FIXTURE_PASSWORD) },
    }),
  );
  return { tenantId: created.tenantId, code, adminUserId: created.adminUserId, adminLogin, adminPassword: FIXTURE_PASSWORD };
}

/** A user made by `createUser`. */
export interface TestUser {
  readonly userId: number;
  readonly login: string;
  readonly password: string;
  /** The user's own role holding the requested grants; null when no grants were asked for. */
  readonly roleId: number | null;
}

/**
 * Creates a user holding exactly `grants` ('all' = every permission of the catalogue; [] =
 * nothing) through a role of their own, optionally limited to some marketing centres.
 */
export async function createUser(
  database: Database,
  options: {
    tenantId: number;
    login: string;
    password?: string;
    name?: string;
    grants: readonly PermissionRef[] | 'all';
    marketingCenterIds?: readonly number[];
  },
): Promise<TestUser> {
  const password = options.password ?? FIXTURE_PASSWORD;
  const grants = options.grants === 'all' ? allPermissionRefs() : options.grants;
  const passwordHash = await cachedHash(password);
  return database.db.transaction(async (tx) => {
    const roleId =
      grants.length > 0 ? await createRole({ tx, tenantId: options.tenantId, name: `role-${options.login}-${unique()}`, grants }) : null;
    const userId = await createAccount({
      tx,
      tenantId: options.tenantId,
      login: options.login,
      name: options.name ?? options.login,
      password,
      passwordHash,
      roleIds: roleId ? [roleId] : [],
      marketingCenterIds: options.marketingCenterIds ?? null,
    });
    return { userId, login: options.login, password, roleId };
  });
}

/** Creates a user holding `grants` (as `createUser`) in `tenant` and answers their signed-in client. */
export async function signInNewUser(
  test: { readonly app: FastifyInstance; readonly database: Database },
  tenant: Pick<TestTenant, 'tenantId' | 'code'>,
  user: { login: string; grants: readonly PermissionRef[] | 'all'; marketingCenterIds?: readonly number[] },
): Promise<ApiClient> {
  const created = await createUser(test.database, { tenantId: tenant.tenantId, ...user });
  return signIn(test.app, { tenant: tenant.code, login: created.login, password: created.password });
}

/** A response as a test sees it: status, parsed JSON body (text when not JSON) and headers. */
export interface ApiResponse {
  readonly status: number;
  /** Parsed JSON; typed loosely because tests read arbitrary envelopes. */
  readonly body: any;
  readonly headers: Record<string, string | string[] | number | undefined>;
}

/** Options of a call; `url` is given without the service base (`/v1/user/query`). */
export interface CallOptions {
  readonly query?: Record<string, string | number | boolean | readonly (string | number)[]>;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

/**
 * A browser-like client: keeps the session cookie, sends `locale: zh_CN` and the console's
 * `X-Requested-With` header (as the browser's HTTP client does) unless told otherwise.
 */
export interface ApiClient {
  get(url: string, options?: Omit<CallOptions, 'body'>): Promise<ApiResponse>;
  post(url: string, options?: CallOptions): Promise<ApiResponse>;
  /** The login info of the sign-in that made this client (null for an anonymous client). */
  readonly loginInfo: any;
  /** The current session cookie value, or null. */
  sessionToken(): string | null;
}

function toQueryString(query: CallOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // Array parameters repeat the key (§7).
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function readSessionCookie(setCookie: string | string[] | number | undefined): string | null | undefined {
  const lines = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
  for (const line of lines) {
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line);
    if (match) return match[1] === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line) ? null : match[1];
  }
  return undefined;
}

function makeClient(app: FastifyInstance, state: { token: string | null; address: string; loginInfo: unknown }): ApiClient {
  const call = async (method: 'GET' | 'POST', url: string, options: CallOptions = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { locale: 'zh_CN', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...options.headers };
    if (state.token) headers.cookie = `${SESSION_COOKIE}=${state.token}`;
    const response = await app.inject({
      method,
      url: `${app.config.serviceBase}${url}${toQueryString(options.query)}`,
      headers,
      remoteAddress: state.address,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    const cookie = readSessionCookie(response.headers['set-cookie']);
    if (cookie !== undefined) state.token = cookie;
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // not JSON: keep the text
    }
    return { status: response.statusCode, body, headers: response.headers };
  };
  return {
    get: (url, options) => call('GET', url, options),
    post: (url, options) => call('POST', url, options),
    get loginInfo() {
      return state.loginInfo;
    },
    sessionToken: () => state.token,
  };
}

// Each client gets its own address, as separate browsers would; the per-address sign-in rate
// limit then applies per client rather than to the whole test run.
const newAddress = () => `10.${[...randomBytes(3)].join('.')}`;

/** A client with no session (for 401 tests and public calls). */
export function anonymousClient(app: FastifyInstance, options: { remoteAddress?: string } = {}): ApiClient {
  return makeClient(app, { token: null, address: options.remoteAddress ?? newAddress(), loginInfo: null });
}

/**
 * Signs in through POST /v1/auth/login and returns a client carrying the session. Throws when
 * the sign-in is refused; a reset-only sign-in (state passwordExpired / mustChangePassword) is
 * returned like any other, with `loginInfo.resetToken`.
 */
export async function signIn(app: FastifyInstance, credentials: { tenant: string; login: string; password: string }): Promise<ApiClient> {
  const state = { token: null as string | null, address: newAddress(), loginInfo: null as unknown };
  const client = makeClient(app, state);
  const response = await client.post('/v1/auth/login', { body: credentials });
  if (response.status !== 200 || response.body?.code !== 2000) {
    throw new Error(`sign-in of ${credentials.login}@${credentials.tenant} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  state.loginInfo = response.body.data;
  return client;
}
