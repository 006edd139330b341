import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { anonymousClient, signIn } from '../helpers/fixtures';

/** `npm run tenant -- …` against the run's database, then the tenant it made, through the API. */

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run('node_modules/.bin/tsx', ['server/cli/tenant.ts', ...args], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

test('create, list and licence a merchant from the command line', async () => {
  const code = `cli${randomBytes(3).toString('hex')}`;
  // The administrator's password follows the same policy as in the console.
  const weak = await cli('create', '--code', code, '--name', 'Weak', '--admin', 'boss', '--password', 'password');
  expect(weak.code).toBe(1);
  expect(weak.out).toContain('password: The password must use at least three of');

  const created = await cli(
    'create',
    '--code',
    code,
    '--name',
    'Acme 油站',
    '--admin',
    'boss',
    '--password',
    'Xyz@2026x',
    '--license-days',
    '30',
  );
  expect(created.code).toBe(0);
  expect(created.out).toContain(`Created merchant "${code}"`);
  const taken = await cli('create', '--code', code, '--name', 'Again', '--admin', 'boss', '--password', 'Xyz@2026x');
  expect(taken.code).toBe(1);
  expect(taken.out).toContain('exists already');

  const boss = await signIn(t.app, { tenant: code, login: 'boss', password: 'Xyz@2026x' });
  expect(boss.loginInfo.customer).toEqual({ code, name: 'Acme 油站' });
  expect((await boss.get('/v1/authorization/listRole')).status).toBe(200);
  expect(
    (await anonymousClient(t.app).post('/v1/auth/login', { body: { tenant: code, login: 'boss', password: 'password' } })).status,
  ).toBe(400);

  const listed = await cli('list');
  expect(listed.code).toBe(0);
  expect(listed.out).toMatch(new RegExp(`${code}\\s+Acme 油站\\s+users\\s+1\\s+valid until`));

  // The command line is another process: the server learns of its change by the tenant's
  // notification (sync waits for what was committed before it), as every server process does.
  expect((await cli('license', '--code', code, '--until', '2020-01-31')).code).toBe(0);
  await t.app.sessionCache.sync();
  expect((await boss.get('/v1/authorization/listRole')).body.message).toBe('licenseInvalid');
  expect((await cli('license', '--code', code, '--until', '2099-12-31')).code).toBe(0);
  await t.app.sessionCache.sync();
  expect((await boss.get('/v1/authorization/listRole')).status).toBe(200);
}, 180_000);
