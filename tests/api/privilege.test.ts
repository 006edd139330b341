import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';

/**
 * Rights never grow or vanish through the settings screens (security review "Trust before
 * money", items a, n and the centre part of m):
 * - nobody grants a role or a permission they do not hold, nor changes their own roles (403);
 * - the merchant keeps a way to manage roles: no deleting roles in use (one's own included), no
 *   taking away the last role or the last enabled user that can manage roles (409);
 * - a user limited to some marketing centres sees only those centres.
 */

const USER = '设置/用户';
const ROLE = '设置/角色';
const OVERVIEW = '会员/会员概览';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A tenant, its administrator's client and the id of the administrator role (系统管理员). */
async function merchant(): Promise<{ tenant: TestTenant; admin: ApiClient; adminRoleId: number }> {
  const tenant = await createTenant(t.database);
  const admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const roles = (await admin.get('/v1/authorization/listRole')).body.data as { roleId: number; name: string }[];
  return { tenant, admin, adminRoleId: roles.find((role) => role.name === '系统管理员')!.roleId };
}

const permissionsOf = async (client: ApiClient) =>
  (await client.get('/v1/auth/permissions')).body.data as { resourceId: string; actions: string[] }[];
const roleIdsOf = async (client: ApiClient, userId: number) =>
  ((await client.get('/v1/authorization/getUserRole', { query: { userId } })).body.data as { roleId: number }[])
    .map((r) => r.roleId)
    .sort();

function expectRefused(response: ApiResponse, status: number, zh: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toEqual({ code: status === 403 ? 4030 : 4090, msg: zh, data: null });
}

const BEYOND_ADMIN = /^不能授予您自己没有的权限：/;

describe('nobody grants what they do not hold (a)', () => {
  let tenant: TestTenant;
  let admin: ApiClient;
  let adminRoleId: number;
  /** Holds only 设置/用户 [view, configure]: can manage users, nothing else. */
  let manager: ApiClient;
  let managerId: number;
  let managerRoleId: number;
  let pawnId: number;

  beforeAll(async () => {
    ({ tenant, admin, adminRoleId } = await merchant());
    const user = await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'user-manager',
      grants: [
        { resourceId: USER, action: 'view' },
        { resourceId: USER, action: 'configure' },
      ],
    });
    managerId = user.userId;
    managerRoleId = user.roleId!;
    manager = await signIn(t.app, { tenant: tenant.code, login: 'user-manager', password: user.password });
    pawnId = (await createUser(t.database, { tenantId: tenant.tenantId, login: 'pawn', grants: [] })).userId;
  });

  test('a user manager cannot make themself administrator through user/modify', async () => {
    const own = (await manager.get(`/v1/user/info/${managerId}`)).body.data;
    const response = await manager.post('/v1/user/modify', {
      body: { id: managerId, version: own.version, name: own.name, roleIds: [managerRoleId, adminRoleId] },
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe(4030);
    expect(response.body.msg).toMatch(BEYOND_ADMIN);
    const english = await manager.post('/v1/user/modify', {
      body: { id: managerId, version: own.version, name: own.name, roleIds: [adminRoleId] },
      headers: { locale: 'en_US' },
    });
    expect(english.body.msg).toMatch(/^You cannot grant a permission you do not hold yourself: /);
    expect(await roleIdsOf(admin, managerId)).toEqual([managerRoleId]);
    expect(await permissionsOf(manager)).toEqual([{ resourceId: USER, actions: ['configure', 'view'], pageUrl: '#/setting/user' }]);
  });

  test('nor through saveUserRole, appendUserRoles or copyUserRole', async () => {
    for (const response of [
      await manager.post('/v1/authorization/saveUserRole', { body: { userId: managerId, roleIds: [managerRoleId, adminRoleId] } }),
      await manager.post('/v1/authorization/appendUserRoles', { body: { userIds: [managerId], roleIds: [adminRoleId] } }),
      await manager.post('/v1/authorization/copyUserRole', { query: { fromUserId: tenant.adminUserId, toUserId: managerId } }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.msg).toMatch(BEYOND_ADMIN);
    }
    expect(await roleIdsOf(admin, managerId)).toEqual([managerRoleId]);
  });

  test('nor by giving the administrator role to another account (a new one or a pawn)', async () => {
    for (const response of [
      await manager.post('/v1/authorization/saveUserRole', { body: { userId: pawnId, roleIds: [adminRoleId] } }),
      await manager.post('/v1/authorization/appendUserRoles', { body: { userIds: [pawnId], roleIds: [adminRoleId] } }),
      await manager.post('/v1/authorization/copyUserRole', { query: { fromUserId: tenant.adminUserId, toUserId: pawnId } }),
      await manager.post('/v1/user/saveNew', {
        body: { login: 'sockpuppet', name: 'S', password: 'Initial#2026', roleIds: [adminRoleId] },
      }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.msg).toMatch(BEYOND_ADMIN);
    }
    expect(await roleIdsOf(admin, pawnId)).toEqual([]);
    expect((await admin.post('/v1/user/query', { body: { filters: { keyword: 'sockpuppet' } } })).body.data.total).toBe(0);
  });

  test('nor by resetting the password of someone who holds more', async () => {
    const response = await manager.post('/v1/user/resetPassword', {
      query: { id: tenant.adminUserId },
      body: { newPassword: 'Taken#Over2026' },
    });
    expectRefused(response, 403, '该用户拥有您没有的权限，您不能操作其账号');
    // The administrator's password still works.
    await signIn(t.app, { tenant: tenant.code, login: 'admin', password: tenant.adminPassword });
    // An account with no more rights than the manager's may be reset.
    expect((await manager.post('/v1/user/resetPassword', { query: { id: pawnId }, body: { newPassword: 'Pawn#Reset2026' } })).status).toBe(
      200,
    );
  });

  test('roles the manager could hold themself may be given to others, but nobody changes their own roles', async () => {
    const small = await admin.post('/v1/authorization/saveRole', {
      body: { name: 'User viewer', permissions: [{ resourceId: USER, actions: ['view'] }] },
    });
    const smallRoleId = small.body.data.roleId as number;
    expect((await manager.post('/v1/authorization/saveUserRole', { body: { userId: pawnId, roleIds: [smallRoleId] } })).status).toBe(200);
    expect(await roleIdsOf(admin, pawnId)).toEqual([smallRoleId]);
    // Keeping a role the target already holds is not granting it.
    const pawn = (await manager.get(`/v1/user/info/${pawnId}`)).body.data;
    expect(
      (await manager.post('/v1/user/modify', { body: { id: pawnId, version: pawn.version, name: 'Pawn', roleIds: [smallRoleId] } })).status,
    ).toBe(200);

    const own = (await manager.get(`/v1/user/info/${managerId}`)).body.data;
    for (const response of [
      await manager.post('/v1/authorization/appendUserRoles', { body: { userIds: [managerId], roleIds: [smallRoleId] } }),
      await manager.post('/v1/authorization/saveUserRole', { body: { userId: managerId, roleIds: [managerRoleId, smallRoleId] } }),
      await manager.post('/v1/user/modify', {
        body: { id: managerId, version: own.version, name: own.name, roleIds: [managerRoleId, smallRoleId] },
      }),
      await admin.post('/v1/authorization/saveUserRole', { body: { userId: tenant.adminUserId, roleIds: [adminRoleId, smallRoleId] } }),
    ]) {
      expectRefused(response, 403, '不能修改自己的角色，请联系其他管理员');
    }
    expect(await roleIdsOf(admin, managerId)).toEqual([managerRoleId]);
    // Saving one's own record with the roles unchanged is no change of roles.
    const same = await manager.post('/v1/user/modify', {
      body: { id: managerId, version: own.version, name: 'Manager M.', roleIds: [managerRoleId] },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.name).toBe('Manager M.');
  });
});

describe('nobody gives a role a permission they do not hold (a)', () => {
  let tenant: TestTenant;
  let admin: ApiClient;
  let adminRoleId: number;
  /** Holds 设置/角色 [view, configure] and the member overview. */
  let roleManager: ApiClient;
  let ownRoleId: number;

  beforeAll(async () => {
    ({ tenant, admin, adminRoleId } = await merchant());
    const user = await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'role-manager',
      grants: [
        { resourceId: ROLE, action: 'view' },
        { resourceId: ROLE, action: 'configure' },
        { resourceId: OVERVIEW, action: '数据查看' },
      ],
    });
    ownRoleId = user.roleId!;
    roleManager = await signIn(t.app, { tenant: tenant.code, login: 'role-manager', password: user.password });
  });

  const rolePermissions = async (roleId: number) =>
    (
      (await admin.get('/v1/authorization/getRolePermission', { query: { roleId } })).body.data as {
        resourceId: string;
        actions: string[];
      }[]
    ).map(({ resourceId, actions }) => ({ resourceId, actions }));

  test('saveRolePermissions, copyRolePermissions and saveRole refuse permissions the caller lacks', async () => {
    const before = await rolePermissions(ownRoleId);
    const widened = await roleManager.post('/v1/authorization/saveRolePermissions', {
      body: { roleId: ownRoleId, permissions: [...before, { resourceId: USER, actions: ['configure'] }] },
    });
    expectRefused(widened, 403, `不能授予您自己没有的权限：${USER} · configure`);
    const copied = await roleManager.post('/v1/authorization/copyRolePermissions', {
      query: { fromRoleId: adminRoleId, toRoleId: ownRoleId },
    });
    expect(copied.status).toBe(403);
    expect(copied.body.msg).toMatch(BEYOND_ADMIN);
    const created = await roleManager.post('/v1/authorization/saveRole', {
      body: { name: 'Backdoor', permissions: [{ resourceId: USER, actions: ['configure'] }] },
    });
    expect(created.status).toBe(403);
    expect(await rolePermissions(ownRoleId)).toEqual(before);
    expect((await admin.get('/v1/authorization/listRole', { query: { keyWord: 'Backdoor' } })).body.data).toEqual([]);
  });

  test('modifyRole changes only name and remark: permissions sent along are not granted', async () => {
    const role = (await roleManager.post('/v1/authorization/saveRole', { body: { name: 'Plain role' } })).body.data;
    const response = await roleManager.post('/v1/authorization/modifyRole', {
      body: {
        roleId: role.roleId,
        name: 'Plain role 2',
        version: role.version,
        permissions: [{ resourceId: USER, actions: ['configure'] }],
      },
    });
    expect(response.status).toBe(200);
    expect(await rolePermissions(role.roleId)).toEqual([]);
  });

  test('permissions the caller holds may be given, and what a role already has may be kept', async () => {
    const role = (
      await admin.post('/v1/authorization/saveRole', {
        body: { name: 'Mixed', permissions: [{ resourceId: USER, actions: ['configure'] }] },
      })
    ).body.data;
    const saved = await roleManager.post('/v1/authorization/saveRolePermissions', {
      body: {
        roleId: role.roleId,
        permissions: [
          { resourceId: USER, actions: ['configure'] },
          { resourceId: OVERVIEW, actions: ['数据查看'] },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(await rolePermissions(role.roleId)).toEqual([
      { resourceId: OVERVIEW, actions: ['数据查看'] },
      { resourceId: USER, actions: ['configure'] },
    ]);
    const created = await roleManager.post('/v1/authorization/saveRole', {
      body: { name: 'Overview', permissions: [{ resourceId: OVERVIEW, actions: ['数据查看'] }] },
    });
    expect(created.status).toBe(200);
  });
});

describe('the merchant keeps a way to manage roles (n)', () => {
  test('the administrator cannot delete the role he holds; a role in use is not deleted', async () => {
    const { tenant, admin, adminRoleId } = await merchant();
    expectRefused(await admin.post('/v1/authorization/deleteRole', { query: { roleId: adminRoleId } }), 409, '不能删除您自己拥有的角色');
    const english = await admin.post('/v1/authorization/deleteRole', { query: { roleId: adminRoleId }, headers: { locale: 'en_US' } });
    expect(english.body.msg).toBe('You cannot delete a role you hold yourself');
    const clerk = await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'clerk',
      grants: [{ resourceId: OVERVIEW, action: '数据查看' }],
    });
    expectRefused(
      await admin.post('/v1/authorization/deleteRole', { query: { roleId: clerk.roleId! } }),
      409,
      '该角色已分配给 1 个用户，请先移除这些用户再删除',
    );
    expect((await admin.get('/v1/authorization/listRole')).body.data).toHaveLength(2);
    expect((await admin.get('/v1/authorization/listRole')).status).toBe(200);
  });

  test('the last role that can manage roles keeps that permission', async () => {
    const { admin, adminRoleId } = await merchant();
    const current = (await admin.get('/v1/authorization/getRolePermission', { query: { roleId: adminRoleId } })).body.data as {
      resourceId: string;
      actions: string[];
    }[];
    const withoutManage = current.map(({ resourceId, actions }) => ({ resourceId, actions: resourceId === ROLE ? ['view'] : actions }));
    expectRefused(
      await admin.post('/v1/authorization/saveRolePermissions', { body: { roleId: adminRoleId, permissions: withoutManage } }),
      409,
      '这是最后一个可以管理角色的角色，不能删除或去掉该权限',
    );
    const plain = (
      await admin.post('/v1/authorization/saveRole', {
        body: { name: 'Plain', permissions: [{ resourceId: OVERVIEW, actions: ['数据查看'] }] },
      })
    ).body.data;
    expectRefused(
      await admin.post('/v1/authorization/copyRolePermissions', { query: { fromRoleId: plain.roleId, toRoleId: adminRoleId } }),
      409,
      '这是最后一个可以管理角色的角色，不能删除或去掉该权限',
    );
    // Nothing changed: the administrator still manages roles.
    expect((await admin.post('/v1/authorization/saveRole', { body: { name: 'Still works' } })).status).toBe(200);
  });

  test('another role holding it is not enough when no enabled user would hold it', async () => {
    const { admin, adminRoleId } = await merchant();
    await admin.post('/v1/authorization/saveRole', {
      body: { name: 'Spare manager', permissions: [{ resourceId: ROLE, actions: ['configure'] }] },
    });
    const current = (await admin.get('/v1/authorization/getRolePermission', { query: { roleId: adminRoleId } })).body.data as {
      resourceId: string;
      actions: string[];
    }[];
    const withoutManage = current.map(({ resourceId, actions }) => ({ resourceId, actions: resourceId === ROLE ? ['view'] : actions }));
    expectRefused(
      await admin.post('/v1/authorization/saveRolePermissions', { body: { roleId: adminRoleId, permissions: withoutManage } }),
      409,
      '操作后将没有启用的用户可以管理角色，已拒绝',
    );
  });

  test('the last user who can manage roles cannot leave that role or be disabled', async () => {
    const { tenant, admin, adminRoleId } = await merchant();
    expectRefused(
      await admin.post('/v1/authorization/deleteUserRole', { query: { roleId: adminRoleId, userId: tenant.adminUserId } }),
      409,
      '操作后将没有启用的用户可以管理角色，已拒绝',
    );
    expectRefused(
      await admin.post('/v1/authorization/saveUserRole', { body: { userId: tenant.adminUserId, roleIds: [] } }),
      409,
      '操作后将没有启用的用户可以管理角色，已拒绝',
    );
    expectRefused(
      await admin.post('/v1/user/disable', { query: { id: tenant.adminUserId } }),
      409,
      '操作后将没有启用的用户可以管理角色，已拒绝',
    );
    // A user manager cannot disable the last administrator either.
    const user = await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'user-manager',
      grants: [
        { resourceId: USER, action: 'view' },
        { resourceId: USER, action: 'configure' },
      ],
    });
    const manager = await signIn(t.app, { tenant: tenant.code, login: 'user-manager', password: user.password });
    expectRefused(
      await manager.post('/v1/user/disable', { query: { id: tenant.adminUserId } }),
      409,
      '操作后将没有启用的用户可以管理角色，已拒绝',
    );
    expect(await roleIdsOf(admin, tenant.adminUserId)).toEqual([adminRoleId]);
    expect((await admin.get('/v1/authorization/listRole')).status).toBe(200);

    // With a second administrator, the first may be disabled by someone else, and his own
    // roles stay his to keep (403, not 409).
    const second = await createUser(t.database, { tenantId: tenant.tenantId, login: 'second-admin', grants: 'all' });
    expectRefused(
      await admin.post('/v1/authorization/deleteUserRole', { query: { roleId: adminRoleId, userId: tenant.adminUserId } }),
      403,
      '不能修改自己的角色，请联系其他管理员',
    );
    const secondAdmin = await signIn(t.app, { tenant: tenant.code, login: 'second-admin', password: second.password });
    expect((await secondAdmin.post('/v1/user/disable', { query: { id: tenant.adminUserId } })).status).toBe(200);
  });
});

describe('marketing centres of a centre-restricted user (m)', () => {
  test('options, query and info show only the own centres', async () => {
    const { tenant, admin } = await merchant();
    const ok = async (response: Promise<ApiResponse>) => {
      const answer = await response;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const east = (await ok(admin.post('/v1/marketing-center/saveNew', { body: { code: 'E1', name: 'East centre' } }))).id as number;
    const west = (await ok(admin.post('/v1/marketing-center/saveNew', { body: { code: 'W1', name: 'West centre' } }))).id as number;
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'east-only',
      grants: [{ resourceId: '资料/营销中心', action: '资料查看' }],
      marketingCenterIds: [east],
    });
    const restricted = await signIn(t.app, { tenant: tenant.code, login: 'east-only', password: tenant.adminPassword });

    expect(await ok(restricted.get('/v1/marketing-center/options'))).toEqual([{ id: east, title: 'East centre' }]);
    expect(await ok(restricted.get('/v1/marketing-center/options', { query: { keyword: 'West' } }))).toEqual([]);
    const listed = await ok(restricted.post('/v1/marketing-center/query', { body: {} }));
    expect(listed.records.map((record: { id: number }) => record.id)).toEqual([east]);
    expect(listed.total).toBe(1);
    expect((await restricted.get(`/v1/marketing-center/info/${west}`)).status).toBe(404);
    // An unrestricted user still sees every centre.
    const all = (await ok(admin.get('/v1/marketing-center/options'))) as { id: number }[];
    expect(all.map((option) => option.id).sort((x, y) => x - y)).toEqual([east, west].sort((x, y) => x - y));
  });
});
