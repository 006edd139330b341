import type { FastifyReply, FastifyRequest } from 'fastify';

/** Name of the cookie that carries the session token. */
export const SESSION_COOKIE = 'loyalty_session';

/**
 * The cookie is Secure (never sent over plain HTTP) whenever the request came over HTTPS
 * (`request.protocol`, which believes X-Forwarded-Proto only from a trusted proxy), and always
 * with `COOKIE_SECURE=1`.
 */
function isSecure(reply: FastifyReply): boolean {
  return reply.server.config.cookieSecure || reply.request.protocol === 'https';
}

/**
 * Sets the session cookie: httpOnly so no script can read it, SameSite=Strict so another site
 * cannot make the browser send it, path `/` because the SPA and the API share the origin.
 */
export function setSessionCookie(args: { reply: FastifyReply; token: string; maxAgeMinutes: number }): void {
  const { reply } = args;
  reply.setCookie(SESSION_COOKIE, args.token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isSecure(reply),
    maxAge: args.maxAgeMinutes * 60,
  });
}

/** Tells the browser to drop the session cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: isSecure(reply) });
}

/** The session token the request carries, or null. */
export function readSessionToken(request: FastifyRequest): string | null {
  const token = request.cookies?.[SESSION_COOKIE];
  return typeof token === 'string' && token.length > 0 && token.length <= 128 ? token : null;
}
