import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The security headers of every answer (helmet's: CSP, HSTS, frame, referrer, cross-origin
 * policies …). @fastify/helmet builds helmet's middleware again on every request (its options,
 * its CSP text); the headers depend on the options only, so they are worked out once at start-up
 * by asking @fastify/helmet itself (one request to a throw-away instance) and then set by one
 * synchronous hook. A route may still replace one (the uploads route's own CSP).
 */
export async function installSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** What @fastify/helmet sets for `options`, beside what Fastify sets on any answer. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => '');
  const plain = Fastify();
  plain.get('/', () => '');
  try {
    const [withHelmet, without] = await Promise.all([probe.inject('/'), plain.inject('/')]);
    return Object.entries(withHelmet.headers)
      .filter(([name]) => !(name in without.headers))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await Promise.all([probe.close(), plain.close()]);
  }
}
