import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { anonymousClient, createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';

/** The user screen's API: list, detail, create, modify, disable/enable, password reset. */

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let admin: ApiClient;
let viewer: ApiClient;
let roleId: number;

const USER = '设置/用户';

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  other = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
  await createUser(t.database, { tenantId: tenant.tenantId, login: 'viewer', grants: [{ resourceId: USER, action: 'view' }] });
  viewer = await signIn(t.app, { tenant: tenant.code, login: 'viewer', password: tenant.adminPassword });
  const role = await admin.post('/v1/authorization/saveRole', {
    body: { name: 'Front desk', permissions: [{ resourceId: USER, actions: ['view'] }] },
  });
  roleId = role.body.data.roleId;
});
afterAll(async () => {
  await t.close();
});

const newUser = (login: string, extra: Record<string, unknown> = {}) =>
  admin.post('/v1/user/saveNew', { body: { login, name: `Name ${login}`, password: 'Initial#2026', roleIds: [roleId], ...extra } });

describe('create and read', () => {
  test('saveNew creates a user who must choose their own password at first sign-in, then works with the roles given', async () => {
    const response = await newUser('alice', { mobile: '13800000001', email: 'alice@example.com' });
    expect(response.status).toBe(200);
    const record = response.body.data;
    expect(record).toEqual({
      id: record.id,
      login: 'alice',
      name: 'Name alice',
      mobile: '13800000001',
      email: 'alice@example.com',
      enabled: true,
      roles: [{ roleId, name: 'Front desk' }],
      lockedUntil: null,
      marketingCenterIds: null,
      version: 1,
    });
    const info = await admin.get(`/v1/user/info/${record.id}`);
    expect(info.body.data).toEqual(record);
    // The administrator chose the password: the first sign-in reaches only the password change.
    const alice = await signIn(t.app, { tenant: tenant.code, login: 'alice', password: 'Initial#2026' });
    expect(alice.loginInfo.state).toBe('mustChangePassword');
    const blocked = await alice.post('/v1/user/query', { body: {} });
    expect(blocked.status).toBe(401);
    expect(blocked.body.code).toBe(4011);
    const changed = await alice.post('/v1/auth/password', {
      body: { newPassword: 'Alice#Own2026', resetToken: alice.loginInfo.resetToken },
    });
    expect(changed.status).toBe(200);
    expect((await alice.post('/v1/user/query', { body: {} })).status).toBe(200);
    const again = await signIn(t.app, { tenant: tenant.code, login: 'alice', password: 'Alice#Own2026' });
    expect(again.loginInfo.state).toBe('normal');
  });

  test('saveNew refuses a taken login and a password against the policy, naming the field', async () => {
    await newUser('bob');
    const taken = await newUser('bob');
    expect(taken.status).toBe(400);
    expect(taken.body.data.fields).toEqual([{ field: 'login', msg: '登录名已存在' }]);
    const weak = await admin.post('/v1/user/saveNew', {
      body: { login: 'weakling', name: 'W', password: 'password' },
      headers: { locale: 'en_US' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.data.fields).toEqual([
      { field: 'password', msg: 'The password must use at least three of: upper-case letters, lower-case letters, digits, symbols' },
    ]);
    const missing = await admin.post('/v1/user/saveNew', { body: { login: 'nameless' } });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['name', 'password']);
    const badLogin = await admin.post('/v1/user/saveNew', { body: { login: 'has space', name: 'x', password: 'Initial#2026' } });
    expect(badLogin.status).toBe(400);
    expect(badLogin.body.data.fields[0].field).toBe('login');
  });

  test("saveNew with another tenant's role is a 404 and creates nothing", async () => {
    const otherRoles = await (
      await signIn(t.app, { tenant: other.code, login: 'admin', password: other.adminPassword })
    ).get('/v1/authorization/listRole');
    const response = await newUser('crossed', { roleIds: [otherRoles.body.data[0].roleId] });
    expect(response.status).toBe(404);
    const list = await admin.post('/v1/user/query', { body: { filters: { keyword: 'crossed' } } });
    expect(list.body.data.total).toBe(0);
  });

  test('query filters by keyword and state, sorts and pages', async () => {
    for (const login of ['pg-carol', 'pg-dave', 'pg-erin']) await newUser(login);
    const erin = (await admin.post('/v1/user/query', { body: { filters: { keyword: 'pg-erin' } } })).body.data.records[0];
    await admin.post('/v1/user/disable', { query: { id: erin.id } });

    const page1 = await admin.post('/v1/user/query', {
      body: { page: 1, pageSize: 2, filters: { keyword: 'PG-' }, sorters: [{ field: 'login', order: 'desc' }] },
    });
    expect(page1.status).toBe(200);
    expect(page1.body.data.total).toBe(3);
    expect(page1.body.data.records.map((r: { login: string }) => r.login)).toEqual(['pg-erin', 'pg-dave']);
    const page2 = await admin.post('/v1/user/query', {
      body: { page: 2, pageSize: 2, filters: { keyword: 'pg-' }, sorters: [{ field: 'login', order: 'desc' }] },
    });
    expect(page2.body.data.records.map((r: { login: string }) => r.login)).toEqual(['pg-carol']);
    const enabledOnly = await admin.post('/v1/user/query', { body: { filters: { keyword: 'pg-', enabled: true } } });
    expect(enabledOnly.body.data.records.map((r: { login: string }) => r.login)).toEqual(['pg-carol', 'pg-dave']);
    const record = page1.body.data.records[0];
    expect(Object.keys(record).sort()).toEqual([
      'email',
      'enabled',
      'id',
      'lockedUntil',
      'login',
      'marketingCenterIds',
      'mobile',
      'name',
      'roles',
      'version',
    ]);
    const badSort = await admin.post('/v1/user/query', { body: { sorters: [{ field: 'passwordHash', order: 'asc' }] } });
    expect(badSort.status).toBe(400);
    expect(badSort.body.data.fields[0].field).toBe('sorters.0.field');
  });

  test('only users of the own tenant are visible', async () => {
    const list = await admin.post('/v1/user/query', { body: { pageSize: 200 } });
    expect(list.body.data.records.some((r: { id: number }) => r.id === other.adminUserId)).toBe(false);
    const info = await admin.get(`/v1/user/info/${other.adminUserId}`);
    expect(info.status).toBe(404);
    expect((await admin.get('/v1/user/info/abc')).status).toBe(400);
  });

  test('a locked user shows until when; enabling lifts the lock', async () => {
    const created = (await newUser('locked-out')).body.data;
    // Five wrong passwords from one address lock the login there.
    const guesser = anonymousClient(t.app);
    for (let i = 0; i < 5; i += 1) {
      await guesser.post('/v1/auth/login', { body: { tenant: tenant.code, login: 'locked-out', password: 'Wrong#2026' } });
    }
    expect(
      (await guesser.post('/v1/auth/login', { body: { tenant: tenant.code, login: 'locked-out', password: 'Initial#2026' } })).status,
    ).toBe(403);
    const shown = (await admin.get(`/v1/user/info/${created.id}`)).body.data.lockedUntil as string;
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Shown in the caller's zone: the lock end of the database, moved to the zone.
    await t.database.pool.query(
      `update login_attempts set locked_until = '2099-01-02T03:04:05Z' where tenant_code = $1 and login = 'locked-out'`,
      [tenant.code],
    );
    const info = await admin.get(`/v1/user/info/${created.id}`, { headers: { time_zone: 'Asia/Shanghai' } });
    expect(info.body.data.lockedUntil).toBe('2099-01-02 11:04:05');
    const utc = await admin.get(`/v1/user/info/${created.id}`, { headers: { time_zone: 'UTC' } });
    expect(utc.body.data.lockedUntil).toBe('2099-01-02 03:04:05');
    const enabled = await admin.post('/v1/user/enable', { query: { id: created.id } });
    expect(enabled.body.data.lockedUntil).toBeNull();
    const after = await guesser.post('/v1/auth/login', { body: { tenant: tenant.code, login: 'locked-out', password: 'Initial#2026' } });
    expect(after.status).toBe(200);
  });
});

describe('changes', () => {
  test('modify applies to the version read; a stale version is 409', async () => {
    const created = (await newUser('frank')).body.data;
    const modified = await admin.post('/v1/user/modify', {
      body: { id: created.id, version: 1, name: 'Frank F.', mobile: '', email: 'frank@example.com', roleIds: [] },
    });
    expect(modified.status).toBe(200);
    expect(modified.body.data).toMatchObject({ name: 'Frank F.', mobile: null, email: 'frank@example.com', roles: [], version: 2 });
    const stale = await admin.post('/v1/user/modify', { body: { id: created.id, version: 1, name: 'Lost' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(4090);
    expect((await admin.get(`/v1/user/info/${created.id}`)).body.data.name).toBe('Frank F.');
    const foreign = await admin.post('/v1/user/modify', { body: { id: other.adminUserId, version: 1, name: 'Hijack' } });
    expect(foreign.status).toBe(404);
  });

  test('disable ends the sessions and blocks sign-in; enable restores it', async () => {
    const created = (await newUser('grace')).body.data;
    const grace = await signIn(t.app, { tenant: tenant.code, login: 'grace', password: 'Initial#2026' });
    const disabled = await admin.post('/v1/user/disable', { query: { id: created.id } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.enabled).toBe(false);
    expect((await grace.post('/v1/user/query', { body: {} })).status).toBe(401);
    await expect(signIn(t.app, { tenant: tenant.code, login: 'grace', password: 'Initial#2026' })).rejects.toThrow(/403/);
    expect((await admin.post('/v1/user/enable', { query: { id: created.id } })).body.data.enabled).toBe(true);
    await signIn(t.app, { tenant: tenant.code, login: 'grace', password: 'Initial#2026' });
  });

  test('nobody can disable themself', async () => {
    // Another enabled user can manage roles, so the refusal is about oneself only.
    await createUser(t.database, { tenantId: tenant.tenantId, login: 'second-admin', grants: 'all' });
    const response = await admin.post('/v1/user/disable', { query: { id: tenant.adminUserId } });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('不能停用自己的账号');
    expect((await admin.get('/v1/auth/current')).status).toBe(200);
  });

  test('resetPassword checks the policy, ends the sessions and forces a change', async () => {
    const created = (await newUser('heidi')).body.data;
    const heidi = await signIn(t.app, { tenant: tenant.code, login: 'heidi', password: 'Initial#2026' });
    const weak = await admin.post('/v1/user/resetPassword', { query: { id: created.id }, body: { newPassword: 'heidi' } });
    expect(weak.status).toBe(400);
    expect(weak.body.data.fields[0].field).toBe('newPassword');
    const reset = await admin.post('/v1/user/resetPassword', { query: { id: created.id }, body: { newPassword: 'Reset#Heidi26' } });
    expect(reset.status).toBe(200);
    expect((await heidi.get('/v1/auth/current')).status).toBe(401);
    const again = await signIn(t.app, { tenant: tenant.code, login: 'heidi', password: 'Reset#Heidi26' });
    expect(again.loginInfo.state).toBe('mustChangePassword');
    const foreign = await admin.post('/v1/user/resetPassword', {
      query: { id: other.adminUserId },
      body: { newPassword: 'Reset#Heidi26' },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('access', () => {
  test('reading needs a settings permission; changing needs user configure', async () => {
    expect((await viewer.post('/v1/user/query', { body: {} })).status).toBe(200);
    expect((await viewer.get(`/v1/user/info/${tenant.adminUserId}`)).status).toBe(200);
    for (const response of [
      await viewer.post('/v1/user/saveNew', { body: { login: 'nope', name: 'n', password: 'Initial#2026' } }),
      await viewer.post('/v1/user/modify', { body: { id: tenant.adminUserId, version: 1, name: 'n' } }),
      await viewer.post('/v1/user/disable', { query: { id: tenant.adminUserId } }),
      await viewer.post('/v1/user/enable', { query: { id: tenant.adminUserId } }),
      await viewer.post('/v1/user/resetPassword', { query: { id: tenant.adminUserId }, body: { newPassword: 'Initial#2026' } }),
    ]) {
      expect(response.status).toBe(403);
    }
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'outsider',
      grants: [{ resourceId: '会员/会员概览', action: '数据查看' }],
    });
    const outsider = await signIn(t.app, { tenant: tenant.code, login: 'outsider', password: tenant.adminPassword });
    expect((await outsider.post('/v1/user/query', { body: {} })).status).toBe(403);
    expect((await anonymousClient(t.app).post('/v1/user/query', { body: {} })).status).toBe(401);
  });
});
