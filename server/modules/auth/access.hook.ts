import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsAny } from '../../../resources/access';
import type { PermissionRef } from '../../../resources/catalog/types';
import { AppError, forbidden, unauthenticated } from '../../http/envelope';
import type { AuthContext } from '../../http/auth-types';
import { readSessionToken } from './session.cookie';
import { hashToken } from './session.token';
import { loadSession, type LoadedSession } from './session.loader';
import { mayUseMarketingCenter } from './marketing-centers';
import { applicationKeyOf, hashApplicationKey, keyCacheKey } from './application-key';
import { loadApplicationKey } from './application-key.loader';
import { recordApplicationCalls } from './application-calls.log';

/**
 * Throws 403 unless the signed-in caller holds at least one of the grants. For handlers whose
 * requirement depends on the data (a card template's type, a report's scope).
 */
export function requireGrant(request: FastifyRequest, refs: readonly PermissionRef[]): AuthContext {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (!holdsAny(auth.grants, refs)) throw forbidden();
  return auth;
}

/** The caller's auth context on a route that is not public. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * The session behind a token hash (or the application behind a key's, `k:<hash>`), from this
 * process's cache when it holds it.
 */
async function cachedSession(args: {
  app: FastifyInstance;
  cacheKey: string;
  load: () => Promise<LoadedSession | null>;
}): Promise<LoadedSession | null> {
  const cache = args.app.sessionCache;
  const hit = cache.get(args.cacheKey);
  if (hit) return hit;
  const stamp = cache.stamp();
  const session = await args.load();
  if (session) cache.put({ tokenHash: args.cacheKey, session, stamp, validForMs: session.validForMs });
  return session;
}

/**
 * Who is calling: an application by the key in its header (then no cookie is read, and a wrong
 * key is a wrong key: 401, never a fallback to the cookie), else the session of the cookie.
 */
function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<LoadedSession | null> {
  const db = app.database.db;
  const key = applicationKeyOf(request);
  if (key !== null) {
    const keyHash = hashApplicationKey(key);
    return cachedSession({ app, cacheKey: keyCacheKey(keyHash), load: () => loadApplicationKey({ db, keyHash }) });
  }
  const token = readSessionToken(request);
  if (!token) return Promise.resolve(null);
  const tokenHash = hashToken(token);
  return cachedSession({ app, cacheKey: tokenHash, load: () => loadSession({ db, tokenHash }) });
}

/**
 * Decides every call under the service base before its body is read, in this order: the route
 * must declare its access (fail closed); a session must be live; a reset-only session reaches
 * nothing but the password change; the tenant's licence must be valid for business calls; the
 * marketing centre in the header must be one the user may use; and the route's grants must be
 * held.
 */
/**
 * Calls per key and minute an application may make (`APPLICATION_RATE_PER_MINUTE`); beyond it
 * 429 until the minute has passed. Counted in this process: behind several processes a key gets
 * this many per process.
 */
function applicationLimiter(app: FastifyInstance) {
  return app.createRateLimit({
    max: app.config.applicationRatePerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `application-key:${request.auth?.sessionTokenHash ?? ''}`,
  });
}

const limiters = new WeakMap<FastifyInstance, ReturnType<typeof applicationLimiter>>();

/** 429 once the caller's key has made its calls of the minute. */
async function limitApplication(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  let limiter = limiters.get(app);
  if (!limiter) limiters.set(app, (limiter = applicationLimiter(app)));
  const verdict = await limiter(request);
  if (!verdict.isAllowed && verdict.isExceeded) throw new AppError('tooManyRequests', 'error.tooManyRequests');
}

async function accessHookPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config ?? {};
    if (access.public) return;
    if (!access.signedIn && access.requires === undefined) {
      request.log.error({ url: request.routeOptions.url }, 'route declares no access; refused');
      throw forbidden();
    }
    const session = await callerOf(app, request);
    if (!session) throw unauthenticated();
    request.auth = session.auth;
    if (session.auth.application) {
      // A key reaches business calls only: the session's own calls (current user, password) are a person's.
      if (access.requires === undefined) throw forbidden();
      await limitApplication(app, request);
    }
    if (session.resetOnly && !access.allowWhilePasswordExpired) {
      throw new AppError('passwordExpired', 'error.passwordExpired');
    }
    if (!session.licenseValid && !access.licenseExempt) throw new AppError('licenseInvalid', 'error.licenseInvalid');
    const centerId = request.ctx.marketingCenter;
    // Calls that serve the session itself (exempt from the licence) ignore the header: a centre
    // removed since the browser stored it must not lock the user out of signing out.
    if (centerId !== null && !access.licenseExempt) {
      const allowed = await mayUseMarketingCenter({
        database: app.database,
        tenantId: session.auth.tenantId,
        allowed: session.auth.marketingCenterIds,
        centerId,
      });
      if (!allowed) throw forbidden('auth.marketingCenterDenied');
    }
    if (access.requires !== undefined && !holdsAny(session.auth.grants, access.requires)) throw forbidden();
  });
  // What an application called, for its detail (application-calls.log.ts).
  recordApplicationCalls(app);
  // Once the body is read: an application limited to some stores acts only at them.
  app.addHook('preHandler', async (request) => {
    const stores = request.auth?.application?.storeIds ?? null;
    if (stores !== null) checkStoreOfCall(request, stores);
  });
}

/** Whether a route's body or query declares a `storeId` (a till call made at a store). */
function takesStore(request: FastifyRequest): { body: boolean; query: boolean } {
  const schema = request.routeOptions.schema as { body?: { properties?: object }; querystring?: { properties?: object } } | undefined;
  return { body: 'storeId' in (schema?.body?.properties ?? {}), query: 'storeId' in (schema?.querystring?.properties ?? {}) };
}

/**
 * A call made at a store (a sale, a recharge, a write-off, a card top-up: every route whose body
 * or query has `storeId`) by an application limited to some stores must name one of them: another
 * store, or none, answers 403 `auth.storeDenied`. Records that belong to a store are limited by
 * the engine (server/crud/scope.ts).
 */
function checkStoreOfCall(request: FastifyRequest, stores: readonly number[]): void {
  const takes = takesStore(request);
  const named = [
    ...(takes.body ? [(request.body as Record<string, unknown> | undefined)?.storeId] : []),
    ...(takes.query ? [(request.query as Record<string, unknown> | undefined)?.storeId] : []),
  ];
  for (const value of named) {
    if (!stores.includes(Number(value))) throw forbidden('auth.storeDenied');
  }
}

/**
 * The access hook, applied to every route registered after it in the same (service base)
 * context; fastify-plugin lifts it out of the auth module's own encapsulation for that.
 */
export const accessHook = fp(accessHookPlugin, { name: 'access-hook' });
