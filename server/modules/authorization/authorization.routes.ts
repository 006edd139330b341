import type { FastifyInstance } from 'fastify';
import type { Action } from '../../../resources/catalog/types';
import { ok } from '../../http/envelope';
import { authOf } from '../auth/access.hook';
import { settingsAccess } from './authorization.access';
import * as schemas from './authorization.schemas';
import { addAuthorizationSchemas, authorizationDocs as docs } from './authorization.openapi';
import { addUserRoles, loadRoleGrants, replaceRoleGrants, replaceUserRoles } from './grants.store';
import { loadUserGrants } from '../auth/user-grants';
import { toPermissionRefs, type PermissionInput } from './permission.input';
import { assertMayAssignRoles, assertMayGrant, assertRoleDeletable, keepingRoleManagement, ownRolesRefusal } from './grant.guard';
import { localizedPermissionTree } from './permission.catalog';
import { withPageUrls } from '../auth/page-urls';
import {
  assertRolesExist,
  assertUsersExist,
  deleteRole,
  getRole,
  insertRole,
  listRoleUsers,
  listRoles,
  rolesOfUsers,
  unlinkUserRole,
  updateRole,
} from './roles.store';

type Ids<K extends string> = { Querystring: Record<K, number> };

/** A role's permissions as grant pairs. */
function refsOf(entries: readonly { resourceId: string; actions: readonly string[] }[]) {
  return entries.flatMap((entry) => entry.actions.map((action) => ({ resourceId: entry.resourceId, action: action as Action })));
}

/** The authorization API of §7, under /v1/authorization. Every id is scoped to the caller's tenant. */
export async function authorizationRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const access = settingsAccess();
  const read = { requires: access.read };
  const writeRoles = { requires: access.writeRoles };
  const writeUsers = { requires: access.writeUsers };
  const base = '/v1/authorization';
  addAuthorizationSchemas(app);

  // ---- reads -----------------------------------------------------------------------------

  app.get<{ Querystring: { keyWord?: string } }>(
    `${base}/listRole`,
    { schema: { ...schemas.listRoleSchema, ...docs.listRole }, config: read },
    async (request) => ok(await listRoles({ db, tenantId: authOf(request).tenantId, keyWord: request.query.keyWord })),
  );

  app.get<Ids<'roleId'>>(
    `${base}/listRoleUser`,
    { schema: { ...schemas.listRoleUserSchema, ...docs.listRoleUser }, config: read },
    async (request) => ok(await listRoleUsers({ db, tenantId: authOf(request).tenantId, roleId: request.query.roleId })),
  );

  app.get<Ids<'roleId'>>(
    `${base}/getRolePermission`,
    { schema: { ...schemas.getRolePermissionSchema, ...docs.getRolePermission }, config: read },
    async (request) => {
      const tenantId = authOf(request).tenantId;
      await getRole({ db, tenantId, roleId: request.query.roleId });
      return ok(withPageUrls(await loadRoleGrants({ db, tenantId, roleId: request.query.roleId })));
    },
  );

  app.get(`${base}/getTree`, { schema: { ...schemas.getTreeSchema, ...docs.getTree }, config: read }, async (request) =>
    ok(localizedPermissionTree(request.ctx.locale)),
  );

  app.get<Ids<'userId'>>(
    `${base}/getUserPermission`,
    { schema: { ...schemas.getUserPermissionSchema, ...docs.getUserPermission }, config: read },
    async (request) => {
      const tenantId = authOf(request).tenantId;
      await assertUsersExist({ db, tenantId, userIds: [request.query.userId] });
      return ok(withPageUrls(await loadUserGrants({ db, tenantId, userId: request.query.userId })));
    },
  );

  app.get<Ids<'userId'>>(
    `${base}/getUserPermission2`,
    { schema: { ...schemas.getUserPermission2Schema, ...docs.getUserPermission2 }, config: read },
    async (request) => {
      const tenantId = authOf(request).tenantId;
      await assertUsersExist({ db, tenantId, userIds: [request.query.userId] });
      const entries = withPageUrls(await loadUserGrants({ db, tenantId, userId: request.query.userId }));
      return ok(
        entries.flatMap((entry) => entry.actions.map((action) => ({ resourceId: entry.resourceId, action, pageUrl: entry.pageUrl }))),
      );
    },
  );

  app.get<Ids<'userId'>>(
    `${base}/getUserRole`,
    { schema: { ...schemas.getUserRoleSchema, ...docs.getUserRole }, config: read },
    async (request) => {
      const tenantId = authOf(request).tenantId;
      await assertUsersExist({ db, tenantId, userIds: [request.query.userId] });
      const rows = await rolesOfUsers({ db, tenantId, userIds: [request.query.userId] });
      return ok(rows.map(({ roleId, name, remark }) => ({ roleId, name, remark })));
    },
  );

  // ---- role writes -------------------------------------------------------------------------

  app.post<{ Body: { name: string; remark?: string | null; permissions?: PermissionInput[] } }>(
    `${base}/saveRole`,
    {
      schema: { ...schemas.saveRoleSchema, ...docs.saveRole },
      config: writeRoles,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const refs = toPermissionRefs(request.body.permissions ?? []);
      assertMayGrant({ auth, refs });
      const roleId = await db.transaction(async (tx) => {
        const created = await insertRole({ db: tx, tenantId, name: request.body.name.trim(), remark: request.body.remark ?? null });
        await replaceRoleGrants({ db: tx, tenantId, roleId: created, refs });
        return created;
      });
      return ok(await getRole({ db, tenantId, roleId }));
    },
  );

  app.post<{ Body: { roleId: number; name: string; remark?: string | null; version: number } }>(
    `${base}/modifyRole`,
    {
      schema: { ...schemas.modifyRoleSchema, ...docs.modifyRole },
      config: writeRoles,
    },
    async (request) => {
      const tenantId = authOf(request).tenantId;
      const { roleId, name, remark, version } = request.body;
      await updateRole({ db, tenantId, roleId, name: name.trim(), remark: remark ?? null, version });
      return ok(await getRole({ db, tenantId, roleId }));
    },
  );

  app.post<Ids<'roleId'>>(
    `${base}/deleteRole`,
    { schema: { ...schemas.deleteRoleSchema, ...docs.deleteRole }, config: writeRoles },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const { roleId } = request.query;
      await getRole({ db, tenantId, roleId });
      await db.transaction((tx) =>
        keepingRoleManagement({
          tx,
          tenantId,
          // Checked under the tenant lock, so no concurrent link can slip in between.
          change: async () => {
            await assertRoleDeletable({ db: tx, auth, roleId });
            await deleteRole({ db: tx, tenantId, roleId });
          },
        }),
      );
      return ok(null);
    },
  );

  app.post<{ Body: { roleId: number; permissions: PermissionInput[] } }>(
    `${base}/saveRolePermissions`,
    {
      schema: { ...schemas.saveRolePermissionsSchema, ...docs.saveRolePermissions },
      config: writeRoles,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const { roleId } = request.body;
      await getRole({ db, tenantId, roleId });
      const refs = toPermissionRefs(request.body.permissions);
      await db.transaction(async (tx) => {
        assertMayGrant({ auth, refs, alreadyThere: refsOf(await loadRoleGrants({ db: tx, tenantId, roleId })) });
        await keepingRoleManagement({ tx, tenantId, change: () => replaceRoleGrants({ db: tx, tenantId, roleId, refs }) });
      });
      return ok(withPageUrls(await loadRoleGrants({ db, tenantId, roleId })));
    },
  );

  app.post<Ids<'fromRoleId' | 'toRoleId'>>(
    `${base}/copyRolePermissions`,
    {
      schema: { ...schemas.copyRolePermissionsSchema, ...docs.copyRolePermissions },
      config: writeRoles,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const { fromRoleId, toRoleId } = request.query;
      await assertRolesExist({ db, tenantId, roleIds: [fromRoleId, toRoleId] });
      await db.transaction(async (tx) => {
        // Copied as stored: the source's grants were validated when they were saved.
        const refs = refsOf(await loadRoleGrants({ db: tx, tenantId, roleId: fromRoleId }));
        assertMayGrant({ auth, refs, alreadyThere: refsOf(await loadRoleGrants({ db: tx, tenantId, roleId: toRoleId })) });
        await keepingRoleManagement({ tx, tenantId, change: () => replaceRoleGrants({ db: tx, tenantId, roleId: toRoleId, refs }) });
      });
      return ok(withPageUrls(await loadRoleGrants({ db, tenantId, roleId: toRoleId })));
    },
  );

  // ---- user/role links -------------------------------------------------------------------

  app.post<{ Body: { userId: number; roleIds: number[] } }>(
    `${base}/saveUserRole`,
    {
      schema: { ...schemas.saveUserRoleSchema, ...docs.saveUserRole },
      config: writeUsers,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const { userId, roleIds } = request.body;
      await assertUsersExist({ db, tenantId, userIds: [userId] });
      await assertRolesExist({ db, tenantId, roleIds });
      const { changesOwnRoles } = await assertMayAssignRoles({ db, auth, userIds: [userId], next: () => roleIds });
      await db.transaction(async (tx) => {
        await keepingRoleManagement({ tx, tenantId, change: () => replaceUserRoles({ db: tx, tenantId, userId, roleIds }) });
        if (changesOwnRoles) throw ownRolesRefusal();
      });
      return ok(null);
    },
  );

  app.post<{ Body: { userIds: number[]; roleIds: number[] } }>(
    `${base}/appendUserRoles`,
    {
      schema: { ...schemas.appendUserRolesSchema, ...docs.appendUserRoles },
      config: writeUsers,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const { userIds, roleIds } = request.body;
      await assertUsersExist({ db, tenantId, userIds });
      await assertRolesExist({ db, tenantId, roleIds });
      const { changesOwnRoles } = await assertMayAssignRoles({ db, auth, userIds, next: (held) => [...held, ...roleIds] });
      if (changesOwnRoles) throw ownRolesRefusal();
      // Under the tenant lock, like every other change of links (deleteRole checks "in use").
      await db.transaction((tx) =>
        keepingRoleManagement({ tx, tenantId, change: () => addUserRoles({ db: tx, tenantId, userIds, roleIds }) }),
      );
      return ok(null);
    },
  );

  app.post<Ids<'fromUserId' | 'toUserId'>>(
    `${base}/copyUserRole`,
    {
      schema: { ...schemas.copyUserRoleSchema, ...docs.copyUserRole },
      config: writeUsers,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const { fromUserId, toUserId } = request.query;
      await assertUsersExist({ db, tenantId, userIds: [fromUserId, toUserId] });
      await db.transaction(async (tx) => {
        const roleIds = (await rolesOfUsers({ db: tx, tenantId, userIds: [fromUserId] })).map((row) => row.roleId);
        const { changesOwnRoles } = await assertMayAssignRoles({ db: tx, auth, userIds: [toUserId], next: () => roleIds });
        await keepingRoleManagement({ tx, tenantId, change: () => replaceUserRoles({ db: tx, tenantId, userId: toUserId, roleIds }) });
        if (changesOwnRoles) throw ownRolesRefusal();
      });
      return ok(null);
    },
  );

  app.post<Ids<'roleId' | 'userId'>>(
    `${base}/deleteUserRole`,
    {
      schema: { ...schemas.deleteUserRoleSchema, ...docs.deleteUserRole },
      config: writeUsers,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const { roleId, userId } = request.query;
      await assertUsersExist({ db, tenantId, userIds: [userId] });
      await assertRolesExist({ db, tenantId, roleIds: [roleId] });
      const { changesOwnRoles } = await assertMayAssignRoles({
        db,
        auth,
        userIds: [userId],
        next: (held) => [...held].filter((id) => id !== roleId),
      });
      await db.transaction(async (tx) => {
        await keepingRoleManagement({ tx, tenantId, change: () => unlinkUserRole({ db: tx, tenantId, userId, roleId }) });
        if (changesOwnRoles) throw ownRolesRefusal();
      });
      return ok(null);
    },
  );
}
