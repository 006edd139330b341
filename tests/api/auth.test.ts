import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { anonymousClient, createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';

/** Sign-in, sessions and the password rules, as a browser experiences them. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// Plain SQL reaches the app's session cache by notification (as another process's change
// would); waiting for it makes the change visible on the very next call.
const query = async (text: string, params: unknown[] = []) => {
  const result = await t.database.pool.query(text, params);
  await t.app.sessionCache.sync();
  return result;
};
const adminOf = (tenant: TestTenant) => signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
const login = (client: ApiClient, body: Record<string, string>, headers?: Record<string, string>) =>
  client.post('/v1/auth/login', { body, headers });

describe('sign-in', () => {
  test('answers exactly the login info of the specification and sets a safe session cookie', async () => {
    const tenant = await createTenant(t.database);
    const response = await login(anonymousClient(t.app), { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(2000);
    const info = response.body.data;
    expect(Object.keys(info).sort()).toEqual([
      'customer',
      'maxLoginValidityPeriod',
      'passwordValidityPeriod',
      'resetToken',
      'state',
      'tenantId',
      'useStrict',
      'user',
    ]);
    expect(info).toEqual({
      tenantId: tenant.tenantId,
      user: { id: tenant.adminUserId, login: 'admin', name: 'Administrator' },
      customer: { code: tenant.code, name: `Tenant ${tenant.code}` },
      useStrict: true,
      passwordValidityPeriod: 90,
      maxLoginValidityPeriod: 720,
      state: 'normal',
      resetToken: null,
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^loyalty_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=43200');
    // COOKIE_SECURE is off in tests (plain http on localhost).
    expect(cookie).not.toContain('Secure');
    // The token never appears in the body, where a script could read it.
    expect(JSON.stringify(response.body)).not.toContain(cookie.split(';')[0].split('=')[1]);
  });

  test('the cookie is Secure when the server is configured so', async () => {
    const tenant = await createTenant(t.database);
    const original = t.app.config.cookieSecure;
    (t.app.config as { cookieSecure: boolean }).cookieSecure = true;
    try {
      const response = await login(anonymousClient(t.app), { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
      expect(String(response.headers['set-cookie'])).toContain('Secure');
    } finally {
      (t.app.config as { cookieSecure: boolean }).cookieSecure = original;
    }
  });

  test('a wrong password, an unknown login and an unknown merchant get the same localized refusal', async () => {
    const tenant = await createTenant(t.database);
    const client = anonymousClient(t.app);
    const answers = [
      await login(client, { tenant: tenant.code, login: 'admin', password: 'Wrong#2026' }),
      await login(client, { tenant: tenant.code, login: 'nobody', password: tenant.adminPassword }),
      await login(client, { tenant: 'no-such-merchant', login: 'admin', password: tenant.adminPassword }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 4000, msg: '商户编码、用户名或密码错误', data: null });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const english = await login(client, { tenant: tenant.code, login: 'admin', password: 'Wrong#2026' }, { locale: 'en_US' });
    expect(english.body.msg).toBe('The merchant code, user name or password is incorrect');
  });

  test('missing fields are a 400 naming them', async () => {
    const response = await login(anonymousClient(t.app), { tenant: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(4000);
    expect(response.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['login', 'password']);
  });

  test('every sign-in gets a fresh token, and both sessions work', async () => {
    const tenant = await createTenant(t.database);
    const first = await adminOf(tenant);
    const second = await adminOf(tenant);
    expect(first.sessionToken()).not.toBe(second.sessionToken());
    expect((await first.get('/v1/auth/current')).status).toBe(200);
    expect((await second.get('/v1/auth/current')).status).toBe(200);
  });

  test("repeated failures lock the account for the tenant's lockout time", async () => {
    const tenant = await createTenant(t.database, { policy: { lockoutThreshold: 3, lockoutMinutes: 15 } });
    const client = anonymousClient(t.app);
    const wrong = { tenant: tenant.code, login: 'admin', password: 'Wrong#2026' };
    expect((await login(client, wrong)).status).toBe(400);
    expect((await login(client, wrong)).status).toBe(400);
    const third = await login(client, wrong);
    expect(third.status).toBe(403);
    expect(third.body.msg).toBe('登录失败次数过多，账号已锁定，请 15 分钟后再试');
    // Even the right password is refused while locked.
    const right = await login(client, { ...wrong, password: tenant.adminPassword }, { locale: 'en_US' });
    expect(right.status).toBe(403);
    expect(right.body.msg).toBe('Too many failed sign-ins; the account is locked, try again in 15 minutes');
    // Once the lock has run out, the right password works and the count starts again.
    await query(`update login_attempts set locked_until = now() - interval '1 second' where tenant_code = $1`, [tenant.code]);
    expect((await login(client, { ...wrong, password: tenant.adminPassword })).status).toBe(200);
    expect((await query('select count(*)::int as n from login_attempts where tenant_code = $1', [tenant.code])).rows[0].n).toBe(0);
  });

  test('a success between failures resets the count', async () => {
    const tenant = await createTenant(t.database, { policy: { lockoutThreshold: 2 } });
    const client = anonymousClient(t.app);
    const wrong = { tenant: tenant.code, login: 'admin', password: 'Wrong#2026' };
    expect((await login(client, wrong)).status).toBe(400);
    expect((await login(client, { ...wrong, password: tenant.adminPassword })).status).toBe(200);
    expect((await login(client, wrong)).status).toBe(400);
  });

  test('sign-in is rate-limited per client address', async () => {
    const client = anonymousClient(t.app, { remoteAddress: '192.0.2.77' });
    const statuses: number[] = [];
    // A different login each time: one address trying many accounts (the lock is per login).
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await login(client, { tenant: 'no-such-merchant', login: `x${i}`, password: 'y' })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    const limited = await login(client, { tenant: 'no-such-merchant', login: 'x', password: 'y' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 4290, msg: '请求过于频繁，请稍后再试' });
    // Another address is not affected.
    expect((await login(anonymousClient(t.app), { tenant: 'no-such-merchant', login: 'x', password: 'y' })).status).toBe(400);
  });

  test('a disabled account cannot sign in, and learns why only with the right password', async () => {
    const tenant = await createTenant(t.database);
    await createUser(t.database, { tenantId: tenant.tenantId, login: 'gone', grants: [] });
    await query(`update users set enabled = false where tenant_id = $1 and login = 'gone'`, [tenant.tenantId]);
    const client = anonymousClient(t.app);
    expect((await login(client, { tenant: tenant.code, login: 'gone', password: 'Wrong#2026' })).status).toBe(400);
    const right = await login(client, { tenant: tenant.code, login: 'gone', password: tenant.adminPassword });
    expect(right.status).toBe(403);
    expect(right.body.msg).toBe('账号已停用，请联系管理员');
  });
});

describe('the session', () => {
  test('no session is a 401 envelope in the request language', async () => {
    const anonymous = anonymousClient(t.app);
    const zh = await anonymous.get('/v1/auth/current');
    expect(zh.status).toBe(401);
    expect(zh.body).toEqual({ code: 4010, msg: '长时间未登录，需要重新登录', data: null });
    const en = await anonymous.get('/v1/auth/current', { headers: { locale: 'en_US' } });
    expect(en.body.msg).toBe('You have been signed out for inactivity; please sign in again');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/loyalty/v1/authorization/listRole',
      headers: { cookie: 'loyalty_session=forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(4010);
  });

  test('current adds the system config and the usable marketing centres', async () => {
    const tenant = await createTenant(t.database, { sysConfig: { enableGainPointsByQty: true } });
    const admin = await adminOf(tenant);
    const response = await admin.get('/v1/auth/current');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      tenantId: tenant.tenantId,
      user: { login: 'admin' },
      state: 'normal',
      resetToken: null,
      sysConfig: { enableGainPointsByQty: true, showMemberExtendDetail: false },
    });
    expect(Array.isArray(response.body.data.marketingCenters)).toBe(true);
  });

  test('the own permission list carries page urls', async () => {
    const tenant = await createTenant(t.database);
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'viewer',
      grants: [
        { resourceId: '设置/用户', action: 'view' },
        { resourceId: '设置/角色', action: 'view' },
      ],
    });
    const viewer = await signIn(t.app, { tenant: tenant.code, login: 'viewer', password: tenant.adminPassword });
    const response = await viewer.get('/v1/auth/permissions');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { resourceId: '设置/用户', actions: ['view'], pageUrl: '#/setting/user' },
      { resourceId: '设置/角色', actions: ['view'], pageUrl: '#/setting/role' },
    ]);
  });

  test('logout revokes the session and clears the cookie', async () => {
    const tenant = await createTenant(t.database);
    const admin = await adminOf(tenant);
    const token = admin.sessionToken();
    const response = await admin.post('/v1/auth/logout');
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(2000);
    expect(String(response.headers['set-cookie'])).toMatch(/^loyalty_session=;/);
    // Replaying the old cookie does not bring the session back.
    const replay = await t.app.inject({ method: 'GET', url: '/loyalty/v1/auth/current', headers: { cookie: `loyalty_session=${token}` } });
    expect(replay.statusCode).toBe(401);
    // Signing out twice, or without a session, is harmless.
    expect((await anonymousClient(t.app).post('/v1/auth/logout')).status).toBe(200);
  });

  test('a session ends at its absolute lifetime', async () => {
    const tenant = await createTenant(t.database, { policy: { maxLoginValidityPeriod: 5 } });
    const admin = await adminOf(tenant);
    const [row] = (
      await query(`select extract(epoch from expires_at - created_at)::int as seconds from sessions where tenant_id = $1`, [
        tenant.tenantId,
      ])
    ).rows;
    expect(row.seconds).toBe(300);
    expect((await admin.get('/v1/auth/current')).status).toBe(200);
    await query(`update sessions set expires_at = now() - interval '1 second' where tenant_id = $1`, [tenant.tenantId]);
    expect((await admin.get('/v1/auth/current')).status).toBe(401);
  });

  test('a session ends after the idle timeout, and activity keeps it alive', async () => {
    const tenant = await createTenant(t.database, { policy: { idleTimeoutMinutes: 2 } });
    const admin = await adminOf(tenant);
    await query(`update sessions set last_seen_at = now() - interval '100 seconds' where tenant_id = $1`, [tenant.tenantId]);
    expect((await admin.get('/v1/auth/current')).status).toBe(200);
    // That call counted as activity, so another 100 s later the session is still alive.
    const [seen] = (
      await query(`select extract(epoch from now() - last_seen_at) as idle from sessions where tenant_id = $1`, [tenant.tenantId])
    ).rows;
    expect(Number(seen.idle)).toBeLessThan(5);
    await query(`update sessions set last_seen_at = now() - interval '121 seconds' where tenant_id = $1`, [tenant.tenantId]);
    expect((await admin.get('/v1/auth/current')).status).toBe(401);
    // A timed-out session stays dead.
    await query(`update sessions set last_seen_at = now() where tenant_id = $1`, [tenant.tenantId]);
    expect((await admin.get('/v1/auth/current')).status).toBe(401);
  });

  test('disabling a user ends all their sessions', async () => {
    const tenant = await createTenant(t.database);
    const user = await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'clerk',
      grants: [{ resourceId: '设置/用户', action: 'view' }],
    });
    const first = await signIn(t.app, { tenant: tenant.code, login: 'clerk', password: user.password });
    const second = await signIn(t.app, { tenant: tenant.code, login: 'clerk', password: user.password });
    const admin = await adminOf(tenant);
    expect((await admin.post('/v1/user/disable', { query: { id: user.userId } })).status).toBe(200);
    expect((await first.get('/v1/auth/current')).status).toBe(401);
    expect((await second.post('/v1/user/query', { body: {} })).status).toBe(401);
  });

  test('a marketing centre the user may not use is refused', async () => {
    const tenant = await createTenant(t.database);
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'regional',
      grants: [{ resourceId: '设置/用户', action: 'view' }],
      marketingCenterIds: [424242],
    });
    const regional = await signIn(t.app, { tenant: tenant.code, login: 'regional', password: tenant.adminPassword });
    expect((await regional.post('/v1/user/query', { body: {} })).status).toBe(200);
    const denied = await regional.post('/v1/user/query', { body: {}, headers: { marketingCenter: '7' } });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 4030, msg: '您无权使用该营销中心' });
    // Calls about the session itself ignore a stale centre.
    expect((await regional.get('/v1/auth/current', { headers: { marketingCenter: '7' } })).status).toBe(200);
  });
});

describe('password policy and changes', () => {
  const strictCases: [string, string, string][] = [
    ['Ab1!x', '密码至少 8 位', 'The password must have at least 8 characters'],
    [
      'abcdefgh12',
      '密码须包含大写字母、小写字母、数字、符号中的至少三类',
      'The password must use at least three of: upper-case letters, lower-case letters, digits, symbols',
    ],
    ['P@ssw0rd', '密码过于常见，请换一个', 'This password is too common; please choose another'],
    // Common passwords in disguise: digits added, keyboard and alphabet walks.
    ['Qwerty12', '密码过于常见，请换一个', 'This password is too common; please choose another'],
    ['Password2024!', '密码过于常见，请换一个', 'This password is too common; please choose another'],
    ['Qwer1234', '密码过于常见，请换一个', 'This password is too common; please choose another'],
    ['Zxcvbn!@#', '密码过于常见，请换一个', 'This password is too common; please choose another'],
    ['Abc@1234', '密码过于常见，请换一个', 'This password is too common; please choose another'],
  ];

  test.each(strictCases)('strict policy refuses %s, in both languages', async (password, zh, en) => {
    const tenant = await createTenant(t.database);
    const admin = await adminOf(tenant);
    const body = { oldPassword: tenant.adminPassword, newPassword: password };
    const answerZh = await admin.post('/v1/auth/password', { body });
    expect(answerZh.status).toBe(400);
    expect(answerZh.body.code).toBe(4000);
    expect(answerZh.body.data.fields).toEqual([{ field: 'newPassword', msg: zh }]);
    const answerEn = await admin.post('/v1/auth/password', { body, headers: { locale: 'en_US' } });
    expect(answerEn.body.data.fields).toEqual([{ field: 'newPassword', msg: en }]);
  });

  test('strict policy refuses the login as password', async () => {
    const tenant = await createTenant(t.database);
    await createUser(t.database, { tenantId: tenant.tenantId, login: 'Shop#Clerk1', grants: [] });
    const clerk = await signIn(t.app, { tenant: tenant.code, login: 'Shop#Clerk1', password: tenant.adminPassword });
    const answer = await clerk.post('/v1/auth/password', { body: { oldPassword: tenant.adminPassword, newPassword: 'shop#clerk1' } });
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual([{ field: 'newPassword', msg: '密码不能与登录名相同' }]);
  });

  test('the relaxed policy only asks for six characters', async () => {
    const tenant = await createTenant(t.database, { policy: { useStrict: false } });
    const admin = await adminOf(tenant);
    const short = await admin.post('/v1/auth/password', {
      body: { oldPassword: tenant.adminPassword, newPassword: 'abcde' },
      headers: { locale: 'en_US' },
    });
    expect(short.body.data.fields).toEqual([{ field: 'newPassword', msg: 'The password must have at least 6 characters' }]);
    const ok = await admin.post('/v1/auth/password', { body: { oldPassword: tenant.adminPassword, newPassword: 'abcdef' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.useStrict).toBe(false);
  });

  test('changing the own password needs the old one, ends other sessions and rotates the cookie', async () => {
    const tenant = await createTenant(t.database);
    const admin = await adminOf(tenant);
    const other = await adminOf(tenant);
    const wrongOld = await admin.post('/v1/auth/password', { body: { oldPassword: 'Wrong#2026', newPassword: 'Brand#New2026' } });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.data.fields).toEqual([{ field: 'oldPassword', msg: '原密码不正确' }]);
    const same = await admin.post('/v1/auth/password', { body: { oldPassword: tenant.adminPassword, newPassword: tenant.adminPassword } });
    expect(same.body.data.fields).toEqual([{ field: 'newPassword', msg: '新密码不能与原密码相同' }]);

    const before = admin.sessionToken();
    const changed = await admin.post('/v1/auth/password', { body: { oldPassword: tenant.adminPassword, newPassword: 'Brand#New2026' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.state).toBe('normal');
    expect(admin.sessionToken()).not.toBe(before);
    expect((await admin.get('/v1/auth/current')).status).toBe(200);
    expect((await other.get('/v1/auth/current')).status).toBe(401);
    expect((await login(anonymousClient(t.app), { tenant: tenant.code, login: 'admin', password: tenant.adminPassword })).status).toBe(400);
    expect((await login(anonymousClient(t.app), { tenant: tenant.code, login: 'admin', password: 'Brand#New2026' })).status).toBe(200);
  });

  test('an expired password gives a reset-only session and a one-time reset token', async () => {
    const tenant = await createTenant(t.database, { policy: { passwordValidityPeriod: 30 } });
    await query(`update users set password_changed_at = now() - interval '31 days' where id = $1`, [tenant.adminUserId]);
    const admin = await adminOf(tenant);
    expect(admin.loginInfo.state).toBe('passwordExpired');
    expect(typeof admin.loginInfo.resetToken).toBe('string');
    expect(admin.loginInfo.resetToken.length).toBeGreaterThanOrEqual(32);

    // Nothing but the password change is reachable: 401 with code 4011.
    for (const response of [
      await admin.get('/v1/auth/current'),
      await admin.get('/v1/auth/permissions'),
      await admin.get('/v1/authorization/listRole'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 4011, msg: '密码已过期，请设置新密码', data: null });
    }

    const wrongToken = await admin.post('/v1/auth/password', { body: { newPassword: 'Fresh#Pass2026', resetToken: 'not-it' } });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.data.fields).toEqual([{ field: 'resetToken', msg: '重置凭证无效或已使用，请重新登录' }]);
    const weak = await admin.post('/v1/auth/password', { body: { newPassword: 'weak', resetToken: admin.loginInfo.resetToken } });
    expect(weak.status).toBe(400);

    const before = admin.sessionToken();
    const changed = await admin.post('/v1/auth/password', {
      body: { newPassword: 'Fresh#Pass2026', resetToken: admin.loginInfo.resetToken },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ state: 'normal', resetToken: null });
    expect((await admin.get('/v1/authorization/listRole')).status).toBe(200);
    // The reset-only session is gone, so its token cannot be used twice.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/loyalty/v1/auth/password',
      headers: { cookie: `loyalty_session=${before}`, 'x-requested-with': 'loyalty-console' },
      payload: { newPassword: 'Other#Pass2026', resetToken: admin.loginInfo.resetToken },
    });
    expect(replay.statusCode).toBe(401);
    const again = await signIn(t.app, { tenant: tenant.code, login: 'admin', password: 'Fresh#Pass2026' });
    expect(again.loginInfo.state).toBe('normal');
  });

  test('a password reset by an administrator must be changed at the next sign-in', async () => {
    const tenant = await createTenant(t.database);
    const user = await createUser(t.database, { tenantId: tenant.tenantId, login: 'cashier', grants: [] });
    const admin = await adminOf(tenant);
    expect(
      (await admin.post('/v1/user/resetPassword', { query: { id: user.userId }, body: { newPassword: 'Temp#Reset2026' } })).status,
    ).toBe(200);
    const cashier = await signIn(t.app, { tenant: tenant.code, login: 'cashier', password: 'Temp#Reset2026' });
    expect(cashier.loginInfo.state).toBe('mustChangePassword');
    expect((await cashier.get('/v1/auth/current')).body.code).toBe(4011);
    const changed = await cashier.post('/v1/auth/password', {
      body: { newPassword: 'Mine#Own2026', resetToken: cashier.loginInfo.resetToken },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.state).toBe('normal');
    const again = await signIn(t.app, { tenant: tenant.code, login: 'cashier', password: 'Mine#Own2026' });
    expect(again.loginInfo.state).toBe('normal');
  });
});
