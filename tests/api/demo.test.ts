import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signIn } from '../helpers/fixtures';
import { seedDemoIfEmpty } from '../../server/db/seed/demo.seed';
import { isMaintainAction } from '../../resources/catalog/index';
import type { Action } from '../../resources/catalog/types';

/** The demo merchant printed at start-up: its accounts work and hold what their roles promise. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Entry = { resourceId: string; actions: string[] };

test('the demo merchant is created once, and its three accounts sign in with their roles', async () => {
  const first = await seedDemoIfEmpty(t.database);
  const second = await seedDemoIfEmpty(t.database);
  expect(second).toEqual(first);
  expect(first.tenantCode).toBe('demo');
  expect(first.accounts.map((account) => account.login)).toEqual(['admin', 'clerk', 'auditor']);
  const tenants = await t.database.pool.query(`select count(*)::int as n, min(name) as name from tenants where code = 'demo'`);
  expect(tenants.rows[0]).toEqual({ n: 1, name: '演示商户' });

  const [admin, clerk, auditor] = await Promise.all(
    first.accounts.map((account) => signIn(t.app, { tenant: 'demo', login: account.login, password: account.password })),
  );
  // Demo accounts are made with known passwords by the seed, not by an administrator: no forced change.
  expect([admin, clerk, auditor].map((client) => client.loginInfo.state)).toEqual(['normal', 'normal', 'normal']);

  const tree = (await admin.get('/v1/authorization/getTree')).body.data as {
    resourceId: string;
    actions: { action: string }[];
    children: never[];
  }[];
  const flatten = (nodes: typeof tree): typeof tree => nodes.flatMap((node) => [node, ...flatten(node.children)]);
  const treeActions = flatten(tree).reduce((sum, node) => sum + node.actions.length, 0);
  const adminPerms = (await admin.get('/v1/auth/permissions')).body.data as Entry[];
  expect(adminPerms.reduce((sum, entry) => sum + entry.actions.length, 0)).toBe(treeActions);

  const clerkPerms = (await clerk.get('/v1/auth/permissions')).body.data as Entry[];
  expect(clerkPerms.length).toBeGreaterThan(0);
  expect(clerkPerms.every((entry) => entry.resourceId.startsWith('会员/') || entry.resourceId.startsWith('券/'))).toBe(true);
  expect(clerkPerms.some((entry) => entry.actions.some((action) => isMaintainAction(action as Action)))).toBe(true);
  expect((await clerk.get('/v1/authorization/listRole')).status).toBe(403);

  const auditorPerms = (await auditor.get('/v1/auth/permissions')).body.data as Entry[];
  expect(auditorPerms.some((entry) => entry.resourceId === '设置/角色')).toBe(true);
  expect(auditorPerms.every((entry) => entry.actions.every((action) => !isMaintainAction(action as Action)))).toBe(true);
  expect((await auditor.get('/v1/authorization/listRole')).status).toBe(200);
  expect((await auditor.post('/v1/authorization/saveRole', { body: { name: 'nope' } })).status).toBe(403);

  const roles = (await admin.get('/v1/authorization/listRole')).body.data as { name: string; userCount: number }[];
  expect(roles.map((role) => [role.name, role.userCount])).toEqual([
    ['系统管理员', 1],
    ['门店店员', 1],
    ['只读审计员', 1],
  ]);
});
