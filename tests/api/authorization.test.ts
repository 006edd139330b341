import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  anonymousClient,
  createTenant,
  createUser,
  signIn,
  type ApiClient,
  type ApiResponse,
  type CallOptions,
  type TestTenant,
} from '../helpers/fixtures';

/**
 * The authorization API of §7: every endpoint for success, 401 without a session, 403 without
 * the settings permission, 400 on bad input and 404 for another tenant's ids.
 */

let t: TestApp;
let tenantA: TestTenant;
let tenantB: TestTenant;
let admin: ApiClient;
let viewer: ApiClient;
let nobody: ApiClient;
/** Ids in tenant A that matrix calls may name (never changed by a refused call). */
let a: { roleId: number; userId: number };
/** Ids in tenant B, for the cross-tenant matrix. */
let b: { roleId: number; userId: number };

const USER = '设置/用户';
const ROLE = '设置/角色';

beforeAll(async () => {
  t = await startTestApp();
  tenantA = await createTenant(t.database);
  tenantB = await createTenant(t.database);
  const roleUser = await createUser(t.database, {
    tenantId: tenantA.tenantId,
    login: 'subject',
    grants: [{ resourceId: '会员/会员概览', action: '数据查看' }],
  });
  a = { roleId: roleUser.roleId!, userId: roleUser.userId };
  const other = await createUser(t.database, {
    tenantId: tenantB.tenantId,
    login: 'subject',
    grants: [{ resourceId: '会员/会员概览', action: '数据查看' }],
  });
  b = { roleId: other.roleId!, userId: other.userId };
  await createUser(t.database, {
    tenantId: tenantA.tenantId,
    login: 'viewer',
    grants: [
      { resourceId: USER, action: 'view' },
      { resourceId: ROLE, action: 'view' },
    ],
  });
  await createUser(t.database, {
    tenantId: tenantA.tenantId,
    login: 'nobody',
    grants: [{ resourceId: '会员/会员概览', action: '数据查看' }],
  });
  const password = tenantA.adminPassword;
  admin = await signIn(t.app, { tenant: tenantA.code, login: 'admin', password });
  viewer = await signIn(t.app, { tenant: tenantA.code, login: 'viewer', password });
  nobody = await signIn(t.app, { tenant: tenantA.code, login: 'nobody', password });
});
afterAll(async () => {
  await t.close();
});

/** One endpoint of the matrix: how to call it validly, badly, and with another tenant's ids. */
interface Endpoint {
  method: 'get' | 'post';
  path: string;
  write: boolean;
  valid: (ids: { roleId: number; userId: number }) => CallOptions;
  bad?: CallOptions;
  /** The field the bad call's 400 names. */
  badField?: string;
  ownIds?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: 'copyUserRole',
    write: true,
    valid: ({ userId }) => ({ query: { fromUserId: userId, toUserId: userId } }),
    bad: { query: { fromUserId: 'abc', toUserId: 1 } },
    badField: 'fromUserId',
  },
  {
    method: 'post',
    path: 'appendUserRoles',
    write: true,
    valid: ({ userId, roleId }) => ({ body: { userIds: [userId], roleIds: [roleId] } }),
    bad: { body: { userIds: [], roleIds: [1] } },
    badField: 'userIds',
  },
  {
    method: 'post',
    path: 'saveRolePermissions',
    write: true,
    valid: ({ roleId }) => ({ body: { roleId, permissions: [{ resourceId: '会员/会员概览', actions: ['数据查看'] }] } }),
    bad: { body: { roleId: 1 } },
    badField: 'permissions',
  },
  {
    method: 'get',
    path: 'listRoleUser',
    write: false,
    valid: ({ roleId }) => ({ query: { roleId } }),
    bad: { query: {} },
    badField: 'roleId',
  },
  {
    method: 'post',
    path: 'copyRolePermissions',
    write: true,
    valid: ({ roleId }) => ({ query: { fromRoleId: roleId, toRoleId: roleId } }),
    bad: { query: { fromRoleId: 0, toRoleId: 1 } },
    badField: 'fromRoleId',
  },
  {
    method: 'post',
    path: 'deleteRole',
    write: true,
    valid: ({ roleId }) => ({ query: { roleId } }),
    bad: { query: { roleId: 'x' } },
    badField: 'roleId',
  },
  {
    method: 'post',
    path: 'deleteUserRole',
    write: true,
    valid: ({ roleId, userId }) => ({ query: { roleId, userId } }),
    bad: { query: { roleId: 1 } },
    badField: 'userId',
  },
  {
    method: 'get',
    path: 'getRolePermission',
    write: false,
    valid: ({ roleId }) => ({ query: { roleId } }),
    bad: { query: { roleId: -1 } },
    badField: 'roleId',
  },
  { method: 'get', path: 'getTree', write: false, valid: () => ({}), ownIds: false },
  {
    method: 'get',
    path: 'getUserPermission',
    write: false,
    valid: ({ userId }) => ({ query: { userId } }),
    bad: { query: {} },
    badField: 'userId',
  },
  {
    method: 'get',
    path: 'getUserPermission2',
    write: false,
    valid: ({ userId }) => ({ query: { userId } }),
    bad: { query: { userId: 'me' } },
    badField: 'userId',
  },
  {
    method: 'get',
    path: 'getUserRole',
    write: false,
    valid: ({ userId }) => ({ query: { userId } }),
    bad: { query: {} },
    badField: 'userId',
  },
  {
    method: 'get',
    path: 'listRole',
    write: false,
    valid: () => ({ query: { keyWord: 'x' } }),
    bad: { query: { keyWord: 'k'.repeat(101) } },
    badField: 'keyWord',
    ownIds: false,
  },
  {
    method: 'post',
    path: 'modifyRole',
    write: true,
    valid: ({ roleId }) => ({ body: { roleId, name: 'renamed', version: 1 } }),
    bad: { body: { roleId: 1, name: 'x' } },
    badField: 'version',
  },
  {
    method: 'post',
    path: 'saveRole',
    write: true,
    valid: () => ({ body: { name: 'never-created' } }),
    bad: { body: { name: '' } },
    badField: 'name',
    ownIds: false,
  },
  {
    method: 'post',
    path: 'saveUserRole',
    write: true,
    valid: ({ userId, roleId }) => ({ body: { userId, roleIds: [roleId] } }),
    bad: { body: { userId: 1, roleIds: [0] } },
    badField: 'roleIds.0',
  },
];

const call = (client: ApiClient, endpoint: Endpoint, options: CallOptions): Promise<ApiResponse> =>
  client[endpoint.method](`/v1/authorization/${endpoint.path}`, options);

describe('access matrix', () => {
  test.each(ENDPOINTS)('$path: 401 without a session', async (endpoint) => {
    const response = await call(anonymousClient(t.app), endpoint, endpoint.valid(a));
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(4010);
  });

  test.each(ENDPOINTS)('$path: 403 without a settings permission', async (endpoint) => {
    const response = await call(nobody, endpoint, endpoint.valid(a));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 4030, msg: '禁止访问', data: null });
  });

  test.each(ENDPOINTS.filter((endpoint) => endpoint.write))('$path: 403 for a viewer (writes need configure)', async (endpoint) => {
    const response = await call(viewer, endpoint, endpoint.valid(a));
    expect(response.status).toBe(403);
  });

  test.each(ENDPOINTS.filter((endpoint) => !endpoint.write))('$path: a viewer may read', async (endpoint) => {
    const response = await call(viewer, endpoint, endpoint.valid(a));
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(2000);
  });

  test.each(ENDPOINTS.filter((endpoint) => endpoint.bad))('$path: 400 naming the bad field', async (endpoint) => {
    const response = await call(admin, endpoint, endpoint.bad!);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(4000);
    expect(response.body.msg).toBe('请检查标红的字段');
    const fields = response.body.data.fields as { field: string; msg: string }[];
    expect(fields.map((f) => f.field)).toContain(endpoint.badField);
    expect(fields.every((f) => f.msg.length > 0)).toBe(true);
  });

  test.each(ENDPOINTS.filter((endpoint) => endpoint.ownIds !== false))("$path: 404 for another tenant's ids", async (endpoint) => {
    const response = await call(admin, endpoint, endpoint.valid(b));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 4040, msg: '数据不存在或已被删除', data: null });
  });

  test("mixing own and another tenant's ids is a 404 and changes nothing", async () => {
    const before = (await admin.get('/v1/authorization/getUserRole', { query: { userId: a.userId } })).body.data;
    const response = await admin.post('/v1/authorization/saveUserRole', { body: { userId: a.userId, roleIds: [a.roleId, b.roleId] } });
    expect(response.status).toBe(404);
    expect((await admin.get('/v1/authorization/getUserRole', { query: { userId: a.userId } })).body.data).toEqual(before);
    // Tenant B's role kept its permissions.
    const adminB = await signIn(t.app, { tenant: tenantB.code, login: 'admin', password: tenantB.adminPassword });
    const rolesB = await adminB.get('/v1/authorization/getRolePermission', { query: { roleId: b.roleId } });
    expect(rolesB.body.data).toEqual([{ resourceId: '会员/会员概览', actions: ['数据查看'], pageUrl: '#/member/home' }]);
  });
});

/** A fresh role (and optionally a user holding it) for tests that change things. */
async function freshRole(name: string, permissions: { resourceId: string; actions: string[] }[] = []) {
  const response = await admin.post('/v1/authorization/saveRole', { body: { name, remark: `remark of ${name}`, permissions } });
  expect(response.status).toBe(200);
  return response.body.data as { roleId: number; name: string; remark: string; userCount: number; version: number };
}

async function freshUser(login: string): Promise<{ userId: number; client: () => Promise<ApiClient> }> {
  const user = await createUser(t.database, { tenantId: tenantA.tenantId, login, grants: [] });
  return { userId: user.userId, client: () => signIn(t.app, { tenant: tenantA.code, login, password: user.password }) };
}

const rolesOf = async (userId: number) =>
  ((await admin.get('/v1/authorization/getUserRole', { query: { userId } })).body.data as { roleId: number }[]).map((r) => r.roleId).sort();

describe('roles', () => {
  test('saveRole creates a role with its permissions; listRole finds it by name or remark', async () => {
    const role = await freshRole('Cashier lead', [{ resourceId: USER, actions: ['view'] }]);
    expect(role).toMatchObject({ name: 'Cashier lead', remark: 'remark of Cashier lead', userCount: 0, version: 1 });
    const byName = await admin.get('/v1/authorization/listRole', { query: { keyWord: 'cashier LEAD' } });
    expect(byName.body.data).toEqual([
      { roleId: role.roleId, name: 'Cashier lead', remark: 'remark of Cashier lead', userCount: 0, version: 1 },
    ]);
    const byRemark = await admin.get('/v1/authorization/listRole', { query: { keyWord: 'remark of Cashier' } });
    expect(byRemark.body.data.map((r: { roleId: number }) => r.roleId)).toEqual([role.roleId]);
    const all = await admin.get('/v1/authorization/listRole');
    expect(all.body.data.length).toBeGreaterThanOrEqual(4);
    // LIKE wildcards in the keyword are literal.
    expect((await admin.get('/v1/authorization/listRole', { query: { keyWord: '%' } })).body.data).toEqual([]);
  });

  test('saveRole refuses a duplicate name and unknown permissions, naming the field', async () => {
    await freshRole('Unique name');
    const duplicate = await admin.post('/v1/authorization/saveRole', { body: { name: 'Unique name' } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.data.fields).toEqual([{ field: 'name', msg: '角色名称已存在' }]);
    const unknown = await admin.post('/v1/authorization/saveRole', {
      body: {
        name: 'Bad perms',
        permissions: [
          { resourceId: USER, actions: ['view'] },
          { resourceId: '设置/不存在', actions: ['view'] },
        ],
      },
      headers: { locale: 'en_US' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields).toEqual([{ field: 'permissions.1.resourceId', msg: 'There is no permission resource 设置/不存在' }]);
    expect((await admin.get('/v1/authorization/listRole', { query: { keyWord: 'Bad perms' } })).body.data).toEqual([]);
  });

  test('modifyRole changes name and remark against the version read; a stale version is 409', async () => {
    const role = await freshRole('Before rename');
    const renamed = await admin.post('/v1/authorization/modifyRole', {
      body: { roleId: role.roleId, name: 'After rename', remark: null, version: 1 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ roleId: role.roleId, name: 'After rename', remark: null, version: 2 });
    const stale = await admin.post('/v1/authorization/modifyRole', { body: { roleId: role.roleId, name: 'Lost update', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 4090, msg: '数据已被他人修改，请刷新后重试', data: null });
  });

  test('saveRolePermissions replaces the permissions; getRolePermission reads them with page urls', async () => {
    const role = await freshRole('Replace me', [{ resourceId: USER, actions: ['view', 'configure'] }]);
    const saved = await admin.post('/v1/authorization/saveRolePermissions', {
      body: {
        roleId: role.roleId,
        permissions: [
          { resourceId: ROLE, actions: ['view'] },
          { resourceId: '储值/卡模板/充值卡', actions: ['卡模板查看'] },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const read = await admin.get('/v1/authorization/getRolePermission', { query: { roleId: role.roleId } });
    expect(read.body.data).toEqual([
      { resourceId: '储值/卡模板/充值卡', actions: ['卡模板查看'], pageUrl: '#/deposit/prepay-card-tpl' },
      { resourceId: ROLE, actions: ['view'], pageUrl: '#/setting/role' },
    ]);
  });

  test('saveRolePermissions refuses an action the resource does not offer', async () => {
    const role = await freshRole('Strict actions');
    const response = await admin.post('/v1/authorization/saveRolePermissions', {
      body: { roleId: role.roleId, permissions: [{ resourceId: ROLE, actions: ['view', '配置维护'] }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.data.fields).toEqual([{ field: 'permissions.0.actions.1', msg: '权限资源 设置/角色 没有操作 配置维护' }]);
  });

  test('copyRolePermissions gives the target exactly the source permissions', async () => {
    const source = await freshRole('Copy source', [{ resourceId: ROLE, actions: ['view'] }]);
    const target = await freshRole('Copy target', [{ resourceId: USER, actions: ['configure'] }]);
    const response = await admin.post('/v1/authorization/copyRolePermissions', {
      query: { fromRoleId: source.roleId, toRoleId: target.roleId },
    });
    expect(response.status).toBe(200);
    const read = await admin.get('/v1/authorization/getRolePermission', { query: { roleId: target.roleId } });
    expect(read.body.data).toEqual([{ resourceId: ROLE, actions: ['view'], pageUrl: '#/setting/role' }]);
  });

  test('listRoleUser lists the holders; deleteRole removes the role and what it granted', async () => {
    const role = await freshRole('Doomed', [{ resourceId: USER, actions: ['view'] }]);
    const holder = await freshUser('doomed-holder');
    await admin.post('/v1/authorization/saveUserRole', { body: { userId: holder.userId, roleIds: [role.roleId] } });
    const client = await holder.client();
    expect((await client.post('/v1/user/query', { body: {} })).status).toBe(200);
    const users = await admin.get('/v1/authorization/listRoleUser', { query: { roleId: role.roleId } });
    expect(users.body.data).toEqual([{ userId: holder.userId, login: 'doomed-holder', name: 'doomed-holder', enabled: true }]);
    const touched = await admin.post('/v1/authorization/modifyRole', {
      body: { roleId: role.roleId, name: 'Doomed', remark: 'soon gone', version: 1 },
    });
    expect(touched.body.data).toMatchObject({ userCount: 1, remark: 'soon gone', version: 2 });

    // A role in use is not deleted: its holders are removed from it first.
    const inUse = await admin.post('/v1/authorization/deleteRole', { query: { roleId: role.roleId } });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ code: 4090, msg: '该角色已分配给 1 个用户，请先移除这些用户再删除', data: null });
    expect((await client.post('/v1/user/query', { body: {} })).status).toBe(200);
    expect((await admin.post('/v1/authorization/deleteUserRole', { query: { roleId: role.roleId, userId: holder.userId } })).status).toBe(
      200,
    );
    const deleted = await admin.post('/v1/authorization/deleteRole', { query: { roleId: role.roleId } });
    expect(deleted.status).toBe(200);
    expect((await admin.get('/v1/authorization/listRoleUser', { query: { roleId: role.roleId } })).status).toBe(404);
    expect(await rolesOf(holder.userId)).toEqual([]);
    // The holder's very next call is judged on the grants left.
    expect((await client.post('/v1/user/query', { body: {} })).status).toBe(403);
  });

  test('getTree is the whole catalogue, localized', async () => {
    const zh = await admin.get('/v1/authorization/getTree');
    const en = await admin.get('/v1/authorization/getTree', { headers: { locale: 'en_US' } });
    type Node = { resourceId: string; name: string; actions: { action: string; name: string }[]; children: Node[] };
    const setting = (tree: Node[]) => tree.find((node) => node.resourceId === '设置')!;
    expect(zh.body.data.map((node: { resourceId: string }) => node.resourceId)).toEqual([
      '会员',
      '积分',
      '储值',
      '券',
      '营销',
      '报表',
      '资料',
      '设置',
    ]);
    expect(setting(zh.body.data).name).toBe('设置');
    expect(setting(en.body.data).name).toBe('Settings');
    const roleNode = setting(en.body.data).children.find((node) => node.resourceId === ROLE)!;
    expect(roleNode).toMatchObject({
      name: 'Roles',
      actions: [
        { action: 'view', name: 'View' },
        { action: 'configure', name: 'Configure' },
      ],
    });
    const roleNodeZh = setting(zh.body.data).children.find((node) => node.resourceId === ROLE)!;
    expect(roleNodeZh.actions).toEqual([
      { action: 'view', name: '查看' },
      { action: 'configure', name: '配置' },
    ]);
  });
});

describe('user roles', () => {
  test('saveUserRole replaces, appendUserRoles adds, deleteUserRole removes', async () => {
    const first = await freshRole('Link one', [{ resourceId: USER, actions: ['view'] }]);
    const second = await freshRole('Link two', [{ resourceId: ROLE, actions: ['view'] }]);
    const user = await freshUser('linked');
    const other = await freshUser('linked-too');

    expect((await admin.post('/v1/authorization/saveUserRole', { body: { userId: user.userId, roleIds: [first.roleId] } })).status).toBe(
      200,
    );
    expect(await rolesOf(user.userId)).toEqual([first.roleId]);
    const roles = await admin.get('/v1/authorization/getUserRole', { query: { userId: user.userId } });
    expect(roles.body.data).toEqual([{ roleId: first.roleId, name: 'Link one', remark: 'remark of Link one' }]);

    const appended = await admin.post('/v1/authorization/appendUserRoles', {
      body: { userIds: [user.userId, other.userId], roleIds: [second.roleId] },
    });
    expect(appended.status).toBe(200);
    expect(await rolesOf(user.userId)).toEqual([first.roleId, second.roleId].sort());
    expect(await rolesOf(other.userId)).toEqual([second.roleId]);
    // Appending again is harmless.
    expect(
      (await admin.post('/v1/authorization/appendUserRoles', { body: { userIds: [other.userId], roleIds: [second.roleId] } })).status,
    ).toBe(200);

    expect((await admin.post('/v1/authorization/deleteUserRole', { query: { roleId: first.roleId, userId: user.userId } })).status).toBe(
      200,
    );
    expect(await rolesOf(user.userId)).toEqual([second.roleId]);

    expect((await admin.post('/v1/authorization/saveUserRole', { body: { userId: user.userId, roleIds: [] } })).status).toBe(200);
    expect(await rolesOf(user.userId)).toEqual([]);
  });

  test('copyUserRole gives the target exactly the source roles', async () => {
    const first = await freshRole('Copy user one');
    const second = await freshRole('Copy user two');
    const source = await freshUser('copy-source');
    const target = await freshUser('copy-target');
    await admin.post('/v1/authorization/saveUserRole', { body: { userId: source.userId, roleIds: [first.roleId, second.roleId] } });
    await admin.post('/v1/authorization/saveUserRole', { body: { userId: target.userId, roleIds: [a.roleId] } });
    const response = await admin.post('/v1/authorization/copyUserRole', { query: { fromUserId: source.userId, toUserId: target.userId } });
    expect(response.status).toBe(200);
    expect(await rolesOf(target.userId)).toEqual([first.roleId, second.roleId].sort());
  });

  test('getUserPermission unites the roles; getUserPermission2 lists one action per row', async () => {
    const first = await freshRole('Perm one', [{ resourceId: USER, actions: ['view'] }]);
    const second = await freshRole('Perm two', [
      { resourceId: USER, actions: ['configure'] },
      { resourceId: '积分/积分调整单', actions: ['单据查看'] },
    ]);
    const user = await freshUser('perm-user');
    await admin.post('/v1/authorization/saveUserRole', { body: { userId: user.userId, roleIds: [first.roleId, second.roleId] } });
    const grouped = await admin.get('/v1/authorization/getUserPermission', { query: { userId: user.userId } });
    expect(grouped.body.data).toEqual([
      { resourceId: '积分/积分调整单', actions: ['单据查看'], pageUrl: '#/score/score-adjust' },
      { resourceId: USER, actions: ['configure', 'view'], pageUrl: '#/setting/user' },
    ]);
    const flat = await admin.get('/v1/authorization/getUserPermission2', { query: { userId: user.userId } });
    expect(flat.body.data).toEqual([
      { resourceId: '积分/积分调整单', action: '单据查看', pageUrl: '#/score/score-adjust' },
      { resourceId: USER, action: 'configure', pageUrl: '#/setting/user' },
      { resourceId: USER, action: 'view', pageUrl: '#/setting/user' },
    ]);
    // What the user sees of themself agrees.
    const own = await (await user.client()).get('/v1/auth/permissions');
    expect(own.body.data).toEqual(grouped.body.data);
  });
});
