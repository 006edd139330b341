import type { FastifyInstance, FastifyReply } from 'fastify';
import { SYS_CONFIG_FLAGS } from '../../../resources/catalog/types';
import type { Credentials, CurrentInfo, PasswordChange } from '../../../resources/contract/auth.types';
import { ok } from '../../http/envelope';
import { withPageUrls } from './page-urls';
import { authOf } from './access.hook';
import { changePasswordSchema, currentSchema, loginSchema, logoutSchema, permissionsSchema } from './auth.schemas';
import { authDocs } from './auth.openapi';
import { loadTenantAndUser, toLoginInfo } from './login-info';
import { signIn, type SignedIn } from './login.service';
import { usableMarketingCenters } from './marketing-centers';
import { changeOwnPassword } from './password-change.service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session.cookie';
import { revokeSession } from './session.store';
import { hashToken } from './session.token';

// Sign-in attempts (and password changes) per client address and minute. The lock per login
// and address stops guessing one password; this stops one address from trying many accounts.
// The address is the socket's unless a proxy is configured (TRUST_PROXY).
const LOGIN_RATE = { max: 30, timeWindow: '1 minute' } as const;

// The routes that serve the session itself stay reachable with an invalid licence, so the
// browser can sign in, learn that the licence is invalid, and sign out.
const SESSION_ROUTE = { signedIn: true, licenseExempt: true } as const;

function startSession(reply: FastifyReply, signedIn: SignedIn) {
  setSessionCookie({ reply, token: signedIn.session.token, maxAgeMinutes: signedIn.lifetimeMinutes });
  return ok(signedIn.info);
}

/** POST login, GET current, POST logout, POST password, GET permissions under /v1/auth. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post<{ Body: Credentials }>(
    '/v1/auth/login',
    {
      schema: { ...loginSchema, ...authDocs.login },
      config: { public: true, rateLimit: LOGIN_RATE },
    },
    async (request, reply) => {
      const { tenant, login, password } = request.body;
      return startSession(reply, await signIn({ db, tenantCode: tenant.trim(), login: login.trim(), password, clientAddress: request.ip }));
    },
  );

  app.get('/v1/auth/current', { schema: { ...currentSchema, ...authDocs.current }, config: SESSION_ROUTE }, async (request) => {
    const auth = authOf(request);
    const { tenant, user } = await loadTenantAndUser({ db, tenantId: auth.tenantId, userId: auth.userId });
    const sysConfig = Object.fromEntries(SYS_CONFIG_FLAGS.map((flag) => [flag, tenant.sysConfig?.[flag] === true]));
    const marketingCenters = await usableMarketingCenters({
      database: app.database,
      tenantId: auth.tenantId,
      allowed: auth.marketingCenterIds,
    });
    return ok<CurrentInfo>({ ...toLoginInfo({ tenant, user, state: 'normal', resetToken: null }), sysConfig, marketingCenters });
  });

  // Public on purpose: signing out must work with a dead session too, or the browser's
  // "signed out, please sign in again" prompt could never complete its own logout.
  app.post('/v1/auth/logout', { schema: { ...logoutSchema, ...authDocs.logout }, config: { public: true } }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await revokeSession({ db, tokenHash: hashToken(token) });
    clearSessionCookie(reply);
    return ok(null);
  });

  app.post<{ Body: PasswordChange }>(
    '/v1/auth/password',
    {
      schema: { ...changePasswordSchema, ...authDocs.password },
      config: { ...SESSION_ROUTE, allowWhilePasswordExpired: true, rateLimit: LOGIN_RATE },
    },
    async (request, reply) => {
      const { oldPassword, newPassword, resetToken } = request.body;
      return startSession(
        reply,
        await changeOwnPassword({
          db,
          auth: authOf(request),
          oldPassword,
          newPassword,
          resetToken,
          clientAddress: request.ip,
        }),
      );
    },
  );

  app.get('/v1/auth/permissions', { schema: { ...permissionsSchema, ...authDocs.permissions }, config: SESSION_ROUTE }, async (request) =>
    ok(withPageUrls(authOf(request).grants)),
  );
}
