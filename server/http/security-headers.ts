import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (helmet's: CSP, HSTS, frame, referrer, cross-origin
 * policies …). @fastify/helmet builds helmet's middleware again on every request (its options,
 * its CSP text); the headers depend on the options only, so they are worked out once at start-up
 * by running helmet's middleware (what @fastify/helmet runs) on a stand-in answer, and then set
 * by one synchronous hook. A route may still replace one (the uploads route's own CSP).
 * `tests/unit/security-headers.test.ts` holds them equal to what @fastify/helmet sends.
 */
/** The console's helmet options: its own scripts, styles and API only. */
export const CONSOLE_SECURITY_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"], // antd injects its CSS-in-JS styles at run time
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
    },
  },
};

export async function installSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * What @fastify/helmet sets for `options` (lower-case names). Without a throw-away Fastify
 * instance and a request injected into it, which cost a start about 0.1-0.3 s (loading
 * light-my-request; bench/README.md, "Start").
 */
export function helmetHeaders(options: FastifyHelmetOptions): [string, string][] {
  // @fastify/helmet's own options, not helmet's (it takes them off the same way).
  const { enableCSPNonces: _nonces, global: _global, ...helmetOptions } = options;
  const headers = new Map<string, string>();
  const answer = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown = null;
  // The same options, typed by helmet's CommonJS declarations in @fastify/helmet.
  helmet(helmetOptions as HelmetOptions)({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return [...headers];
}
