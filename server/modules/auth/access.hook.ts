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

/** The session behind a token hash, from this process's cache when it holds it. */
async function cachedSession(app: FastifyInstance, tokenHash: string): Promise<LoadedSession | null> {
  const cache = app.sessionCache;
  const hit = cache.get(tokenHash);
  if (hit) return hit;
  const stamp = cache.stamp();
  const session = await loadSession({ db: app.database.db, tokenHash });
  if (session) cache.put({ tokenHash, session, stamp, validForMs: session.validForMs });
  return session;
}

/**
 * Decides every call under the service base before its body is read, in this order: the route
 * must declare its access (fail closed); a session must be live; a reset-only session reaches
 * nothing but the password change; the tenant's licence must be valid for business calls; the
 * marketing centre in the header must be one the user may use; and the route's grants must be
 * held.
 */
async function accessHookPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config ?? {};
    if (access.public) return;
    if (!access.signedIn && access.requires === undefined) {
      request.log.error({ url: request.routeOptions.url }, 'route declares no access; refused');
      throw forbidden();
    }
    const token = readSessionToken(request);
    const session = token ? await cachedSession(app, hashToken(token)) : null;
    if (!session) throw unauthenticated();
    request.auth = session.auth;
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
}

/**
 * The access hook, applied to every route registered after it in the same (service base)
 * context; fastify-plugin lifts it out of the auth module's own encapsulation for that.
 */
export const accessHook = fp(accessHookPlugin, { name: 'access-hook' });
