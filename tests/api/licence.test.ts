import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { setLicense } from '../../server/modules/users/tenant.provisioning';

/** A tenant whose licence is invalid can sign in, but every business call answers licenseInvalid. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const adminOf = (tenant: TestTenant) => signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });

async function expectLicenseInvalid(response: Awaited<ReturnType<ApiClient['get']>>) {
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ code: 4031, message: 'licenseInvalid', msg: '商户许可证无效或已过期', data: null });
}

describe.each([
  ['expired', 'expired' as const],
  ['missing', 'none' as const],
])('a tenant whose licence is %s', (_label, license) => {
  test('is refused on business calls with 403 licenseInvalid', async () => {
    const tenant = await createTenant(t.database, { license });
    const admin = await adminOf(tenant);
    await expectLicenseInvalid(await admin.get('/v1/authorization/listRole'));
    await expectLicenseInvalid(await admin.get('/v1/authorization/getTree'));
    await expectLicenseInvalid(await admin.post('/v1/user/query', { body: {} }));
    await expectLicenseInvalid(await admin.post('/v1/authorization/saveRole', { body: { name: 'x' } }));
  });

  test('can still sign in, read the session, its permissions and translations, change the password and sign out', async () => {
    const tenant = await createTenant(t.database, { license });
    const admin = await adminOf(tenant);
    expect(admin.loginInfo.state).toBe('normal');
    expect((await admin.get('/v1/auth/current')).status).toBe(200);
    const permissions = await admin.get('/v1/auth/permissions');
    expect(permissions.status).toBe(200);
    expect(permissions.body.data.length).toBeGreaterThan(0);
    expect((await admin.get('/v1/i18n/gets')).status).toBe(200);
    expect((await admin.get('/v1/i18n/names')).status).toBe(200);
    const changed = await admin.post('/v1/auth/password', { body: { oldPassword: tenant.adminPassword, newPassword: 'Licence#Less1' } });
    expect(changed.status).toBe(200);
    expect((await admin.post('/v1/auth/logout')).status).toBe(200);
    expect((await admin.get('/v1/auth/current')).status).toBe(401);
  });
});

test('renewing the licence restores business calls without signing in again', async () => {
  const tenant = await createTenant(t.database, { license: 'expired' });
  const admin = await adminOf(tenant);
  await expectLicenseInvalid(await admin.get('/v1/authorization/listRole'));
  await setLicense({ tx: t.database.db, code: tenant.code, expiresAt: new Date(Date.now() + 24 * 3600 * 1000) });
  expect((await admin.get('/v1/authorization/listRole')).status).toBe(200);
});

test('a licence running out mid-session takes effect on the next call', async () => {
  const tenant = await createTenant(t.database);
  const admin = await adminOf(tenant);
  expect((await admin.get('/v1/authorization/listRole')).status).toBe(200);
  await t.database.pool.query(`update tenants set license_expires_at = now() - interval '1 second' where id = $1`, [tenant.tenantId]);
  await t.app.sessionCache.sync();
  await expectLicenseInvalid(await admin.get('/v1/authorization/listRole'));
});

test('an invalid licence does not hide that the caller is signed out', async () => {
  const anonymous = await t.app.inject({ method: 'GET', url: '/loyalty/v1/authorization/listRole' });
  expect(anonymous.statusCode).toBe(401);
});
