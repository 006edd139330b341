import Fastify from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { CONSOLE_SECURITY_HEADERS, helmetHeaders } from '../../server/http/security-headers';

/**
 * The security headers the server works out at start-up (server/http/security-headers.ts) are
 * exactly those @fastify/helmet sends for the same options: asked of a Fastify instance with
 * the plugin, minus what Fastify sends on any answer.
 */
async function sentByFastifyHelmet(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const withHelmet = Fastify();
  await withHelmet.register(helmet, options);
  withHelmet.get('/', () => '');
  const plain = Fastify();
  plain.get('/', () => '');
  try {
    const [secured, bare] = await Promise.all([withHelmet.inject('/'), plain.inject('/')]);
    return Object.entries(secured.headers)
      .filter(([name]) => !(name in bare.headers))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await Promise.all([withHelmet.close(), plain.close()]);
  }
}

const byName = (headers: [string, string][]) => Object.fromEntries(headers);

describe('security headers', () => {
  it("are @fastify/helmet's for the console's options", async () => {
    const expected = byName(await sentByFastifyHelmet(CONSOLE_SECURITY_HEADERS));
    expect(byName(helmetHeaders(CONSOLE_SECURITY_HEADERS))).toEqual(expected);
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    expect(expected['strict-transport-security']).toBeDefined();
  });

  it("are @fastify/helmet's for other options too (the plugin's own options left out)", async () => {
    const options: FastifyHelmetOptions = {
      global: true,
      frameguard: { action: 'deny' },
      hsts: false,
      referrerPolicy: { policy: 'no-referrer' },
    };
    const expected = byName(await sentByFastifyHelmet(options));
    expect(byName(helmetHeaders(options))).toEqual(expected);
    expect(expected['x-frame-options']).toBe('DENY');
    expect(expected['strict-transport-security']).toBeUndefined();
  });
});
