import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { FastifyInstance } from 'fastify';
import { tenants } from '../../db/schema/index';
import { badInput, ok } from '../../http/envelope';
import { authOf } from '../auth/access.hook';
import { hashPassword } from '../auth/password.hasher';
import { assertPasswordAllowed } from '../auth/password-change.service';
import { revokeUserSessions } from '../auth/session.store';
import { settingsAccess } from '../authorization/authorization.access';
import { replaceUserRoles } from '../authorization/grants.store';
import {
  assertMayAssignRoles,
  assertMayGiveRoles,
  assertNotAboveCaller,
  keepingRoleManagement,
  ownRolesRefusal,
} from '../authorization/grant.guard';
import { clearLoginLocks } from '../auth/login-attempts.store';
import { assertRolesExist } from '../authorization/roles.store';
import { createAccount } from './tenant.provisioning';
import * as schemas from './users.schemas';
import { usersDocs as docs } from './users.openapi';
import {
  getUser,
  loginTaken,
  queryUsers,
  updateUser,
  updateUserVersioned,
  userRow,
  type UserFilters,
  type UserSortField,
} from './users.store';

interface UserBody {
  name: string;
  mobile?: string | null;
  email?: string | null;
  roleIds?: number[];
  marketingCenterIds?: number[] | null;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = error as { cause?: { code?: string }; code?: string } | null;
  return cause?.code === '23505' || cause?.cause?.code === '23505';
}

/** Lifts every sign-in lock on the user's login (all client addresses). */
async function liftLocks(args: { db: DbOrTx; tenantId: number; login: string }): Promise<void> {
  const [tenant] = await args.db.select({ code: tenants.code }).from(tenants).where(eq(tenants.id, args.tenantId));
  if (tenant) await clearLoginLocks({ db: args.db, tenantCode: tenant.code, login: args.login });
}

// Empty strings from a cleared form field are stored as "no value".
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

/** The user screen's API under /v1/user, resource-shaped (DESIGN.md §3). */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const access = settingsAccess();
  const read = { requires: access.read };
  const write = { requires: access.writeUsers };

  app.post<{ Body: { page: number; pageSize: number; filters: UserFilters; sorters: { field: UserSortField; order: 'asc' | 'desc' }[] } }>(
    '/v1/user/query',
    { schema: { ...schemas.queryUsersSchema, ...docs.query }, config: read },
    async (request) => {
      const { page, pageSize, filters, sorters } = request.body ?? {};
      return ok(
        await queryUsers({
          db,
          tenantId: authOf(request).tenantId,
          page: page ?? 1,
          pageSize: pageSize ?? 20,
          filters: filters ?? {},
          sorters: sorters ?? [],
          timeZone: request.ctx.timeZone,
        }),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/v1/user/info/:id',
    { schema: { ...schemas.userInfoSchema, ...docs.info }, config: read },
    async (request) =>
      ok(await getUser({ db, tenantId: authOf(request).tenantId, userId: request.params.id, timeZone: request.ctx.timeZone })),
  );

  app.post<{ Body: UserBody & { login: string; password: string } }>(
    '/v1/user/saveNew',
    {
      schema: { ...schemas.saveNewUserSchema, ...docs.saveNew },
      config: write,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const body = request.body;
      const login = body.login.trim();
      if (await loginTaken({ db, tenantId, login })) {
        throw badInput('error.fieldsInvalid', [{ field: 'login', key: 'user.loginTaken' }]);
      }
      await assertRolesExist({ db, tenantId, roleIds: body.roleIds ?? [] });
      // A new user starts with no roles: every role given must hold only what the caller holds.
      await assertMayGiveRoles({ db, auth, roleIds: body.roleIds ?? [] });
      // The administrator chose (and knows) this password: the user must replace it at first sign-in.
      const userId = await db
        .transaction((tx) =>
          createAccount({
            tx,
            tenantId,
            login,
            name: body.name.trim(),
            password: body.password,
            roleIds: body.roleIds ?? [],
            mobile: blankToNull(body.mobile),
            email: blankToNull(body.email),
            marketingCenterIds: body.marketingCenterIds ?? null,
            mustChangePassword: true,
          }),
        )
        .catch((error: unknown) => {
          // Two administrators creating the same login at once: the unique index decides.
          if (isUniqueViolation(error)) throw badInput('error.fieldsInvalid', [{ field: 'login', key: 'user.loginTaken' }]);
          throw error;
        });
      return ok(await getUser({ db, tenantId, userId, timeZone: request.ctx.timeZone }));
    },
  );

  app.post<{ Body: UserBody & { id: number; version: number } }>(
    '/v1/user/modify',
    {
      schema: { ...schemas.modifyUserSchema, ...docs.modify },
      config: write,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const body = request.body;
      const roleIds = body.roleIds;
      if (roleIds) await assertRolesExist({ db, tenantId, roleIds });
      await db.transaction(async (tx) => {
        await updateUserVersioned({
          db: tx,
          tenantId,
          userId: body.id,
          version: body.version,
          changes: {
            name: body.name.trim(),
            mobile: blankToNull(body.mobile),
            email: blankToNull(body.email),
            ...(body.marketingCenterIds !== undefined ? { marketingCenterIds: body.marketingCenterIds } : {}),
          },
        });
        if (!roleIds) return;
        // The same rules as the role screen's: grant only what one holds, never one's own roles.
        const { changesOwnRoles } = await assertMayAssignRoles({ db: tx, auth, userIds: [body.id], next: () => roleIds });
        await keepingRoleManagement({ tx, tenantId, change: () => replaceUserRoles({ db: tx, tenantId, userId: body.id, roleIds }) });
        if (changesOwnRoles) throw ownRolesRefusal();
      });
      return ok(await getUser({ db, tenantId, userId: body.id, timeZone: request.ctx.timeZone }));
    },
  );

  app.post<{ Querystring: { id: number } }>(
    '/v1/user/disable',
    {
      schema: { ...schemas.userActionSchema('Disable a user; ends their sessions'), ...docs.disable },
      config: write,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const userId = request.query.id;
      await db.transaction(async (tx) => {
        // The last enabled user who can manage roles stays (409), whoever disables them.
        await keepingRoleManagement({
          tx,
          tenantId,
          change: async () => {
            await updateUser({ db: tx, tenantId, userId, changes: { enabled: false } });
            await revokeUserSessions({ db: tx, tenantId, userId });
          },
        });
        // Disabling oneself would end the very session doing it.
        if (userId === auth.userId) throw badInput('user.cannotDisableSelf');
      });
      return ok(await getUser({ db, tenantId: auth.tenantId, userId: request.query.id, timeZone: request.ctx.timeZone }));
    },
  );

  app.post<{ Querystring: { id: number } }>(
    '/v1/user/enable',
    {
      schema: { ...schemas.userActionSchema('Enable a user (also lifts a sign-in lock)'), ...docs.enable },
      config: write,
    },
    async (request) => {
      const tenantId = authOf(request).tenantId;
      await db.transaction(async (tx) => {
        await updateUser({ db: tx, tenantId, userId: request.query.id, changes: { enabled: true } });
        await liftLocks({ db: tx, tenantId, login: (await userRow({ db: tx, tenantId, userId: request.query.id })).login });
      });
      return ok(await getUser({ db, tenantId, userId: request.query.id, timeZone: request.ctx.timeZone }));
    },
  );

  app.post<{ Querystring: { id: number }; Body: { newPassword: string } }>(
    '/v1/user/resetPassword',
    {
      schema: { ...schemas.resetPasswordSchema, ...docs.resetPassword },
      config: write,
    },
    async (request) => {
      const auth = authOf(request);
      const tenantId = auth.tenantId;
      const user = await userRow({ db, tenantId, userId: request.query.id });
      // Whoever sets a password can sign in with it: only over accounts with no more rights.
      await assertNotAboveCaller({ db, auth, userId: user.id });
      const [tenant] = await db.select({ useStrict: tenants.useStrict }).from(tenants).where(eq(tenants.id, tenantId));
      assertPasswordAllowed({ field: 'newPassword', password: request.body.newPassword, login: user.login, useStrict: tenant.useStrict });
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await updateUser({
          db: tx,
          tenantId,
          userId: user.id,
          changes: { passwordHash, passwordChangedAt: new Date(), mustChangePassword: true },
        });
        await revokeUserSessions({ db: tx, tenantId, userId: user.id });
        await liftLocks({ db: tx, tenantId, login: user.login });
      });
      return ok(await getUser({ db, tenantId, userId: user.id, timeZone: request.ctx.timeZone }));
    },
  );
}
