import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { anonymousClient, createTenant, signIn, type ApiClient, type ApiResponse } from '../helpers/fixtures';

/**
 * Guessing passwords (security review "Trust before money", item d, and the HTTPS cookie of
 * item k): the client address comes from X-Forwarded-For only behind a configured proxy; the
 * sign-in lock is per login and client address and treats unknown logins like real ones; the
 * password change checks the old password first and is limited and locked like the sign-in.
 */

let t: TestApp;
/** The same app behind one configured proxy (`TRUST_PROXY=1`). */
let proxied: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  proxied = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const login = (client: ApiClient, body: Record<string, string>, headers?: Record<string, string>) =>
  client.post('/v1/auth/login', { body, headers });
const lockedZh = '登录失败次数过多，账号已锁定，请 15 分钟后再试';
const failedBody = { code: 4000, msg: '商户编码、用户名或密码错误', data: null };
const lockedBody = { code: 4030, msg: lockedZh, data: null };

describe('the client address', () => {
  test('a different X-Forwarded-For on each try does not escape the per-address limit', async () => {
    const client = anonymousClient(t.app, { remoteAddress: '198.51.100.7' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await login(client, { tenant: 'no-such-merchant', login: `spray${i}`, password: 'Guess#2026' }, forged)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  test('nor the lock on a login', async () => {
    const tenant = await createTenant(t.database);
    const client = anonymousClient(t.app, { remoteAddress: '198.51.100.8' });
    for (let i = 0; i < 5; i += 1) {
      await login(client, { tenant: tenant.code, login: 'admin', password: 'Wrong#2026' }, { 'x-forwarded-for': `203.0.113.${i + 1}` });
    }
    const right = await login(
      client,
      { tenant: tenant.code, login: 'admin', password: tenant.adminPassword },
      { 'x-forwarded-for': '203.0.113.99' },
    );
    expect(right.body).toEqual(lockedBody);
  });

  test('behind a configured proxy, X-Forwarded-For names the client', async () => {
    // Every call arrives from the proxy's socket; the proxy names the client.
    const viaProxy = anonymousClient(proxied.app, { remoteAddress: '10.0.0.2' });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 30; i += 1) {
      expect(
        (await login(viaProxy, { tenant: 'no-such-merchant', login: `p${i}`, password: 'Guess#2026' }, from('198.51.100.20'))).status,
      ).toBe(400);
    }
    expect(
      (await login(viaProxy, { tenant: 'no-such-merchant', login: 'p-last', password: 'Guess#2026' }, from('198.51.100.20'))).status,
    ).toBe(429);
    // Another client behind the same proxy is not limited.
    expect((await login(viaProxy, { tenant: 'no-such-merchant', login: 'p0', password: 'Guess#2026' }, from('198.51.100.21'))).status).toBe(
      400,
    );
  });

  test('the session cookie is Secure when the request came over HTTPS, as a trusted proxy says', async () => {
    const tenant = await createTenant(proxied.database);
    const body = { tenant: tenant.code, login: 'admin', password: tenant.adminPassword };
    const https = await login(anonymousClient(proxied.app), body, { 'x-forwarded-proto': 'https' });
    expect(https.status).toBe(200);
    expect(String(https.headers['set-cookie'])).toMatch(/; Secure/);
    const plain = await login(anonymousClient(proxied.app), body);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/; Secure/);
    // Without a configured proxy, anyone could claim HTTPS: the header is ignored.
    const unproxied = await login(anonymousClient(t.app), body, { 'x-forwarded-proto': 'https' });
    expect(unproxied.status).toBe(200);
    expect(String(unproxied.headers['set-cookie'])).not.toMatch(/; Secure/);
  });
});

describe('the sign-in lock', () => {
  test('an unknown login answers exactly like a real one, locked included', async () => {
    const tenant = await createTenant(t.database);
    const real = anonymousClient(t.app);
    const ghost = anonymousClient(t.app);
    const answers = async (client: ApiClient, loginName: string): Promise<ApiResponse['body'][]> => {
      const bodies = [];
      for (let i = 0; i < 6; i += 1)
        bodies.push((await login(client, { tenant: tenant.code, login: loginName, password: 'Wrong#2026' })).body);
      return bodies;
    };
    const realAnswers = await answers(real, 'admin');
    const ghostAnswers = await answers(ghost, 'no-such-user');
    expect(ghostAnswers).toEqual(realAnswers);
    expect(realAnswers).toEqual([failedBody, failedBody, failedBody, failedBody, lockedBody, lockedBody]);
    // An unknown merchant too.
    const elsewhere = anonymousClient(t.app);
    const unknownMerchant = [];
    for (let i = 0; i < 6; i += 1)
      unknownMerchant.push((await login(elsewhere, { tenant: 'no-such-merchant', login: 'admin', password: 'Wrong#2026' })).body);
    expect(unknownMerchant).toEqual(realAnswers);
  });

  test('a stranger elsewhere cannot lock the administrator out', async () => {
    const tenant = await createTenant(t.database);
    const stranger = anonymousClient(t.app);
    for (let i = 0; i < 5; i += 1) await login(stranger, { tenant: tenant.code, login: 'admin', password: 'Wrong#2026' });
    expect((await login(stranger, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword })).body).toEqual(lockedBody);
    // The administrator, from his own address, signs in.
    const admin = await signIn(t.app, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
    expect(admin.loginInfo.state).toBe('normal');
  });
});

describe('the password change', () => {
  test('checks the old password before anything else', async () => {
    const tenant = await createTenant(t.database);
    const admin = await signIn(t.app, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
    const oldWrong = [{ field: 'oldPassword', msg: '原密码不正确' }];
    // "New password same as the old one" would confirm a guess of the current password.
    const guess = await admin.post('/v1/auth/password', { body: { oldPassword: 'Wrong#2026', newPassword: tenant.adminPassword } });
    expect(guess.status).toBe(400);
    expect(guess.body.data.fields).toEqual(oldWrong);
    const weak = await admin.post('/v1/auth/password', { body: { oldPassword: 'Wrong#2026', newPassword: 'weak' } });
    expect(weak.body.data.fields).toEqual(oldWrong);
  });

  test('locks after repeated wrong old passwords, per client address', async () => {
    const tenant = await createTenant(t.database);
    const admin = await signIn(t.app, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await admin.post('/v1/auth/password', { body: { oldPassword: `Wrong#${i}2026`, newPassword: 'Brand#New2026' } })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 403]);
    const right = await admin.post('/v1/auth/password', { body: { oldPassword: tenant.adminPassword, newPassword: 'Brand#New2026' } });
    expect(right.body).toEqual(lockedBody);
    // The same person at another address (another session) is not locked.
    const elsewhere = await signIn(t.app, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
    expect(
      (await elsewhere.post('/v1/auth/password', { body: { oldPassword: tenant.adminPassword, newPassword: 'Brand#New2026' } })).status,
    ).toBe(200);
  });

  test('is rate-limited per client address', async () => {
    const tenant = await createTenant(t.database);
    const admin = await signIn(t.app, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await admin.post('/v1/auth/password', { body: { oldPassword: 'Wrong#2026', newPassword: 'Brand#New2026' } })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400 || status === 403)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
