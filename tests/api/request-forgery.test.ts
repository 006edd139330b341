import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { anonymousClient, createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';

/**
 * Cross-site request forgery and caching (security review "Trust before money", items j and k):
 * SameSite=Strict does not separate a sibling port or subdomain, so state-changing calls from a
 * foreign Origin / Referer are refused, and calls riding on the session cookie must carry the
 * console's X-Requested-With header, which no cross-site form can set. No API answer is cached.
 */

let t: TestApp;
/** The same app with one more allowed origin. */
let withAllowed: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let victimId: number;

beforeAll(async () => {
  t = await startTestApp();
  withAllowed = await startTestApp({ env: { ALLOWED_ORIGINS: 'https://console.example.com/, https://ops.example.com' } });
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
  victimId = (await createUser(t.database, { tenantId: tenant.tenantId, login: 'victim', grants: [] })).userId;
});
afterAll(async () => {
  await t.close();
  await withAllowed.close();
});

const HOST = 'console.shop.test:8080';

/** A raw call with the administrator's cookie, as a browser would send it from some page. */
async function raw(
  app: FastifyInstance,
  args: { method?: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string | object },
) {
  const response = await app.inject({
    method: args.method ?? 'POST',
    url: `${app.config.serviceBase}${args.url}`,
    headers: { host: HOST, cookie: `${SESSION_COOKIE}=${admin.sessionToken()}`, locale: 'zh_CN', ...args.headers },
    ...(args.payload !== undefined ? { payload: args.payload } : {}),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const enabled = async () => ((await admin.get(`/v1/user/info/${victimId}`)).body.data as { enabled: boolean }).enabled;
const foreignOrigin = { code: 4030, msg: '请求来自其他网站，已拒绝', data: null };
const headerMissing = { code: 4030, msg: '请求缺少控制台标识（X-Requested-With），已拒绝', data: null };
const CONSOLE = { 'x-requested-with': 'loyalty-console' };

describe('state-changing calls from another origin', () => {
  test('a text/plain POST from a sibling port is refused and changes nothing', async () => {
    const response = await raw(t.app, {
      url: `/v1/user/disable?id=${victimId}`,
      headers: { 'content-type': 'text/plain', origin: 'http://console.shop.test:8081' },
      payload: 'x',
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(foreignOrigin);
    expect(await enabled()).toBe(true);
    const english = await raw(t.app, {
      url: `/v1/user/disable?id=${victimId}`,
      headers: { origin: 'http://console.shop.test:8081', locale: 'en_US', ...CONSOLE },
    });
    expect(english.body.msg).toBe('Refused: the request came from another website');
  });

  test('a sibling subdomain, a Referer without Origin, and Origin null are foreign too, header or not', async () => {
    for (const headers of [
      { origin: 'https://evil.shop.test', ...CONSOLE },
      { referer: 'http://console.shop.test:9999/attack.html', ...CONSOLE },
      { origin: 'null', ...CONSOLE },
    ]) {
      const response = await raw(t.app, { url: `/v1/user/disable?id=${victimId}`, headers });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(foreignOrigin);
    }
    expect(await enabled()).toBe(true);
  });

  test('the own origin (by Host) and ALLOWED_ORIGINS pass', async () => {
    const own = await raw(t.app, { url: '/v1/user/query', headers: { origin: `http://${HOST}`, ...CONSOLE }, payload: {} });
    expect(own.status).toBe(200);
    const ownReferer = await raw(t.app, {
      url: '/v1/user/query',
      headers: { referer: `http://${HOST}/#/setting/user`, ...CONSOLE },
      payload: {},
    });
    expect(ownReferer.status).toBe(200);
    for (const origin of ['https://console.example.com', 'https://ops.example.com']) {
      const allowed = await raw(withAllowed.app, { url: '/v1/user/query', headers: { origin, ...CONSOLE }, payload: {} });
      expect(allowed.status).toBe(200);
    }
    expect(
      (await raw(withAllowed.app, { url: '/v1/user/query', headers: { origin: 'https://else.example.com', ...CONSOLE }, payload: {} }))
        .status,
    ).toBe(403);
  });

  test('reads are not refused, and signing in from another origin is', async () => {
    const read = await raw(t.app, { method: 'GET', url: '/v1/auth/current', headers: { origin: 'https://evil.shop.test' } });
    expect(read.status).toBe(200);
    const forgedLogin = await t.app.inject({
      method: 'POST',
      url: `${t.app.config.serviceBase}/v1/auth/login`,
      headers: { host: HOST, origin: 'https://evil.shop.test', locale: 'zh_CN' },
      payload: { tenant: tenant.code, login: 'admin', password: tenant.adminPassword },
    });
    expect(forgedLogin.statusCode).toBe(403);
    expect(forgedLogin.headers['set-cookie']).toBeUndefined();
  });
});

describe('the console header on calls with the session cookie', () => {
  test('a call riding on the cookie without X-Requested-With is refused', async () => {
    const response = await raw(t.app, { url: `/v1/user/disable?id=${victimId}`, headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(headerMissing);
    const wrongValue = await raw(t.app, { url: `/v1/user/disable?id=${victimId}`, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(wrongValue.body).toEqual(headerMissing);
    expect(await enabled()).toBe(true);
  });

  test('with the header the same call works; calls without a cookie (tills, sign-in) need none', async () => {
    const other = (await createUser(t.database, { tenantId: tenant.tenantId, login: 'disposable', grants: [] })).userId;
    expect((await raw(t.app, { url: `/v1/user/disable?id=${other}`, headers: CONSOLE })).status).toBe(200);
    const machine = await t.app.inject({
      method: 'POST',
      url: `${t.app.config.serviceBase}/v1/auth/login`,
      headers: { locale: 'zh_CN' },
      payload: { tenant: tenant.code, login: 'admin', password: tenant.adminPassword },
    });
    expect(machine.statusCode).toBe(200);
    expect((await anonymousClient(t.app).post('/v1/auth/logout', { headers: { 'x-requested-with': '' } })).status).toBe(200);
  });
});

describe('caching', () => {
  test('every API answer says no-store: data, errors, writes', async () => {
    const answers = [
      await admin.get('/v1/auth/current'),
      await admin.post('/v1/user/query', { body: {} }),
      await anonymousClient(t.app).get('/v1/auth/current'),
      await admin.get('/v1/no-such-endpoint'),
      await raw(t.app, { url: `/v1/user/disable?id=${victimId}` }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 403]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
