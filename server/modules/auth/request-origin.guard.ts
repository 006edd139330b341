import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/envelope';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../../resources/contract/client-header';
import { readSessionToken } from './session.cookie';

/**
 * Cross-site request forgery defence for the API, on top of the SameSite=Strict cookie (which
 * does not separate sibling ports or subdomains: they are the same site).
 *
 * 1. A state-changing call (anything but GET, HEAD, OPTIONS) whose `Origin` (or, without one,
 *    `Referer`) names another origin than ours is refused. Ours is the request's own host, plus
 *    the origins of `ALLOWED_ORIGINS`. A call that names no origin at all (a till, curl) passes.
 * 2. A state-changing call that carries the session cookie must also carry
 *    `X-Requested-With: loyalty-console`. A cross-site form or a "simple" fetch cannot set a
 *    custom header, and a script that sets one needs a CORS preflight, which the API never
 *    grants. The browser's HTTP client sends it on every call.
 */

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The origin a header names (`scheme://host[:port]`, lower case), or null when it names none. */
function originOf(value: string): { origin: string; host: string } | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { origin: `${url.protocol}//${url.host}`.toLowerCase(), host: url.host.toLowerCase() };
  } catch {
    return null;
  }
}

/** True when the origin is the request's own host or one of the configured origins. */
function isOwnOrigin(args: { request: FastifyRequest; value: string; allowedOrigins: readonly string[] }): boolean {
  const named = originOf(args.value);
  // `Origin: null` (sandboxed frames, cross-origin redirects) and anything unreadable are foreign.
  if (!named) return false;
  if (args.allowedOrigins.includes(named.origin)) return true;
  // The request's host as the client addressed it (X-Forwarded-Host only from a trusted proxy),
  // normalised the way URL normalises the origin's host (default port dropped, lower case).
  const own = originOf(`${named.origin.split('//')[0]}//${args.request.host}`);
  return own !== null && own.host === named.host;
}

/**
 * Refuses a state-changing call from a foreign origin, or one that rides on the session cookie
 * without the client header; null when the call may proceed.
 */
export function refuseForgedRequest(args: { request: FastifyRequest; allowedOrigins: readonly string[] }): AppError | null {
  const { request } = args;
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = header(request, 'origin') ?? header(request, 'referer');
  if (origin !== undefined && !isOwnOrigin({ request, value: origin, allowedOrigins: args.allowedOrigins })) {
    return new AppError('forbidden', 'auth.csrf.foreignOrigin');
  }
  if (readSessionToken(request) !== null && header(request, CLIENT_HEADER) !== CLIENT_HEADER_VALUE) {
    return new AppError('forbidden', 'auth.csrf.clientHeaderMissing');
  }
  return null;
}
