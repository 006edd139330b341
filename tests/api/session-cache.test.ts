import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { spawnConsole, stopConsole, waitUntilReady, type ConsoleProcess } from '../helpers/console-process';
import { freePort } from '../helpers/free-port';

/**
 * The access hook keeps sessions and grants for a few seconds (server/modules/auth/session.cache.ts).
 * Each change that ends a session or moves a grant must show on the very next call, in this
 * process and in another console process on the same database (told by notification).
 */

const USER = '设置/用户';
const CARD_TEMPLATES = '储值/卡模板/充值卡';

let t: TestApp;
let other: ConsoleProcess;
let dataDir: string;

beforeAll(async () => {
  t = await startTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-cache-'));
  // A second console, as `npm start` runs it, on the tests' database. Its entries would live
  // five minutes: only the notifications can end them within the test.
  other = spawnConsole({
    dataDir,
    port: await freePort(),
    env: { DATABASE_URL: inject('databaseUrl'), AUTH_CACHE_SECONDS: '300', PASSWORD_HASH_COST: '8' },
  });
  await waitUntilReady(other);
}, 240_000);

afterAll(async () => {
  if (other) await stopConsole(other);
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The status the other process answers for a call with this client's session cookie. */
async function statusOnOther(client: ApiClient, url: string): Promise<number> {
  const response = await fetch(`${other.origin}/loyalty${url}`, {
    method: 'POST',
    headers: {
      cookie: `loyalty_session=${client.sessionToken()}`,
      'content-type': 'application/json',
      'x-requested-with': 'loyalty-console',
    },
    body: '{}',
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * The other process's answer once the notification can have reached it: it is sent at commit,
 * so this waits at most a few seconds (its cache would keep the old answer for five minutes).
 */
async function eventualStatusOnOther(client: ApiClient, url: string, expected: number): Promise<number> {
  let status = await statusOnOther(client, url);
  for (let attempt = 0; attempt < 50 && status !== expected; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = await statusOnOther(client, url);
  }
  return status;
}

async function scene(): Promise<{ tenant: TestTenant; admin: ApiClient; clerk: ApiClient; clerkId: number; roleId: number }> {
  const tenant = await createTenant(t.database);
  const admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const user = await createUser(t.database, { tenantId: tenant.tenantId, login: 'clerk', grants: [{ resourceId: USER, action: 'view' }] });
  const clerk = await signIn(t.app, { tenant: tenant.code, login: 'clerk', password: user.password });
  // Both processes hold the clerk's session now.
  expect((await clerk.post('/v1/user/query', { body: {} })).status).toBe(200);
  expect(await statusOnOther(clerk, '/v1/user/query')).toBe(200);
  return { tenant, admin, clerk, clerkId: user.userId, roleId: user.roleId! };
}

describe('a cached session ends at once', () => {
  test('on logout, in both processes', async () => {
    const { clerk } = await scene();
    const token = clerk.sessionToken();
    expect((await clerk.post('/v1/auth/logout')).status).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/loyalty/v1/user/query',
      cookies: { loyalty_session: token! },
      headers: { 'x-requested-with': 'loyalty-console' },
      payload: {},
    });
    expect(replay.statusCode).toBe(401);
    const stale = { sessionToken: () => token } as ApiClient;
    expect(await eventualStatusOnOther(stale, '/v1/user/query', 401)).toBe(401);
  });

  test('when the user is disabled, in both processes', async () => {
    const { admin, clerk, clerkId } = await scene();
    const token = clerk.sessionToken();
    expect((await admin.post('/v1/user/disable', { query: { id: clerkId } })).status).toBe(200);
    expect((await clerk.post('/v1/user/query', { body: {} })).status).toBe(401);
    expect(await eventualStatusOnOther({ sessionToken: () => token } as ApiClient, '/v1/user/query', 401)).toBe(401);
  });

  test('when an administrator resets the password, in both processes', async () => {
    const { admin, clerk, clerkId } = await scene();
    const reset = await admin.post('/v1/user/resetPassword', { query: { id: clerkId }, body: { newPassword: 'Temp#Reset2026' } });
    expect(reset.status).toBe(200);
    expect((await clerk.post('/v1/user/query', { body: {} })).status).toBe(401);
    expect(await eventualStatusOnOther(clerk, '/v1/user/query', 401)).toBe(401);
  });

  test('when the licence runs out (plain SQL, as the tenant CLI of another process would)', async () => {
    const { tenant, clerk } = await scene();
    await t.database.pool.query(`update tenants set license_expires_at = now() - interval '1 second' where id = $1`, [tenant.tenantId]);
    // Only the notification tells this process too: nothing in it called the cache.
    expect(await eventualStatusOnOther(clerk, '/v1/user/query', 403)).toBe(403);
    await t.app.sessionCache.sync();
    expect((await clerk.post('/v1/user/query', { body: {} })).body.code).toBe(4031);
  });
});

describe('cached grants follow every role change at once', () => {
  test("a role's permissions replaced", async () => {
    const { admin, clerk, roleId } = await scene();
    const saved = await admin.post('/v1/authorization/saveRolePermissions', {
      body: { roleId, permissions: [{ resourceId: CARD_TEMPLATES, actions: ['卡模板查看'] }] },
    });
    expect(saved.status).toBe(200);
    expect((await clerk.post('/v1/user/query', { body: {} })).status).toBe(403);
    expect(await eventualStatusOnOther(clerk, '/v1/user/query', 403)).toBe(403);
    // And back: granted again, allowed again.
    await admin.post('/v1/authorization/saveRolePermissions', { body: { roleId, permissions: [{ resourceId: USER, actions: ['view'] }] } });
    expect((await clerk.post('/v1/user/query', { body: {} })).status).toBe(200);
    expect(await eventualStatusOnOther(clerk, '/v1/user/query', 200)).toBe(200);
  });

  test("a user's role taken away", async () => {
    const { admin, clerk, clerkId, roleId } = await scene();
    const removed = await admin.post('/v1/authorization/deleteUserRole', { query: { roleId, userId: clerkId } });
    expect(removed.status).toBe(200);
    expect((await clerk.post('/v1/user/query', { body: {} })).status).toBe(403);
    expect(await eventualStatusOnOther(clerk, '/v1/user/query', 403)).toBe(403);
  });
});

test('the other process serves the same tenant: a session opened here works there, and the reverse', async () => {
  const { tenant, clerk } = await scene();
  const response = await fetch(`${other.origin}/loyalty/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword }),
  });
  expect(response.status).toBe(200);
  const cookie = /loyalty_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  expect(cookie).toBeTruthy();
  const here = await t.app.inject({ method: 'GET', url: '/loyalty/v1/auth/current', cookies: { loyalty_session: cookie! } });
  expect(here.statusCode).toBe(200);
  expect(await statusOnOther(clerk, '/v1/user/query')).toBe(200);
});
