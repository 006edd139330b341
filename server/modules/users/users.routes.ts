import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tenants } from '../../db/schema/index';
import { badInput, ok } from '../../http/envelope';
import { authOf } from '../auth/access.hook';
import { hashPassword } from '../auth/password.hasher';
import { assertPasswordAllowed } from '../auth/password-change.service';
import { revokeUserSessions } from '../auth/session.store';
import { settingsAccess } from '../authorization/authorization.access';
import { replaceUserRoles } from '../authorization/grants.store';
import { assertRolesExist } from '../authorization/roles.store';
import { createAccount } from './tenant.provisioning';
import * as schemas from './users.schemas';
import { usersDocs as docs } from './users.openapi';
import { getUser, loginTaken, queryUsers, updateUser, updateUserVersioned, userRow, type UserFilters, type UserSortField } from './users.store';

interface UserBody {
  name: string;
  mobile?: string | null;
  email?: string | null;
  roleIds?: number[];
  marketingCenterIds?: number[] | null;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string } | null);
  return cause?.code === '23505' || cause?.cause?.code === '23505';
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
    '/v1/user/query', { schema: { ...schemas.queryUsersSchema, ...docs.query }, config: read }, async (request) => {
      const { page, pageSize, filters, sorters } = request.body ?? {};
      return ok(await queryUsers({
        db, tenantId: authOf(request).tenantId, page: page ?? 1, pageSize: pageSize ?? 20, filters: filters ?? {}, sorters: sorters ?? [],
        timeZone: request.ctx.timeZone,
      }));
    });

  app.get<{ Params: { id: number } }>('/v1/user/info/:id', { schema: { ...schemas.userInfoSchema, ...docs.info }, config: read }, async (request) =>
    ok(await getUser({ db, tenantId: authOf(request).tenantId, userId: request.params.id, timeZone: request.ctx.timeZone })));

  app.post<{ Body: UserBody & { login: string; password: string } }>('/v1/user/saveNew', {
    schema: { ...schemas.saveNewUserSchema, ...docs.saveNew }, config: write,
  }, async (request) => {
    const tenantId = authOf(request).tenantId;
    const body = request.body;
    const login = body.login.trim();
    if (await loginTaken({ db, tenantId, login })) {
      throw badInput('error.fieldsInvalid', [{ field: 'login', key: 'user.loginTaken' }]);
    }
    await assertRolesExist({ db, tenantId, roleIds: body.roleIds ?? [] });
    const userId = await db.transaction((tx) => createAccount({
      tx, tenantId, login, name: body.name.trim(), password: body.password, roleIds: body.roleIds ?? [],
      mobile: blankToNull(body.mobile), email: blankToNull(body.email), marketingCenterIds: body.marketingCenterIds ?? null,
    })).catch((error: unknown) => {
      // Two administrators creating the same login at once: the unique index decides.
      if (isUniqueViolation(error)) throw badInput('error.fieldsInvalid', [{ field: 'login', key: 'user.loginTaken' }]);
      throw error;
    });
    return ok(await getUser({ db, tenantId, userId, timeZone: request.ctx.timeZone }));
  });

  app.post<{ Body: UserBody & { id: number; version: number } }>('/v1/user/modify', {
    schema: { ...schemas.modifyUserSchema, ...docs.modify }, config: write,
  }, async (request) => {
    const tenantId = authOf(request).tenantId;
    const body = request.body;
    if (body.roleIds) await assertRolesExist({ db, tenantId, roleIds: body.roleIds });
    await db.transaction(async (tx) => {
      await updateUserVersioned({
        db: tx, tenantId, userId: body.id, version: body.version,
        changes: {
          name: body.name.trim(),
          mobile: blankToNull(body.mobile),
          email: blankToNull(body.email),
          ...(body.marketingCenterIds !== undefined ? { marketingCenterIds: body.marketingCenterIds } : {}),
        },
      });
      if (body.roleIds) await replaceUserRoles({ db: tx, tenantId, userId: body.id, roleIds: body.roleIds });
    });
    return ok(await getUser({ db, tenantId, userId: body.id, timeZone: request.ctx.timeZone }));
  });

  app.post<{ Querystring: { id: number } }>('/v1/user/disable', {
    schema: { ...schemas.userActionSchema('Disable a user; ends their sessions'), ...docs.disable }, config: write,
  }, async (request) => {
    const auth = authOf(request);
    // Disabling oneself would end the very session doing it and could leave no administrator.
    if (request.query.id === auth.userId) throw badInput('user.cannotDisableSelf');
    await db.transaction(async (tx) => {
      await updateUser({ db: tx, tenantId: auth.tenantId, userId: request.query.id, changes: { enabled: false } });
      await revokeUserSessions({ db: tx, tenantId: auth.tenantId, userId: request.query.id });
    });
    return ok(await getUser({ db, tenantId: auth.tenantId, userId: request.query.id, timeZone: request.ctx.timeZone }));
  });

  app.post<{ Querystring: { id: number } }>('/v1/user/enable', {
    schema: { ...schemas.userActionSchema('Enable a user (also lifts a sign-in lock)'), ...docs.enable }, config: write,
  }, async (request) => {
    const tenantId = authOf(request).tenantId;
    await updateUser({ db, tenantId, userId: request.query.id, changes: { enabled: true, failedLogins: 0, lockedUntil: null } });
    return ok(await getUser({ db, tenantId, userId: request.query.id, timeZone: request.ctx.timeZone }));
  });

  app.post<{ Querystring: { id: number }; Body: { newPassword: string } }>('/v1/user/resetPassword', {
    schema: { ...schemas.resetPasswordSchema, ...docs.resetPassword }, config: write,
  }, async (request) => {
    const tenantId = authOf(request).tenantId;
    const user = await userRow({ db, tenantId, userId: request.query.id });
    const [tenant] = await db.select({ useStrict: tenants.useStrict }).from(tenants).where(eq(tenants.id, tenantId));
    assertPasswordAllowed({ field: 'newPassword', password: request.body.newPassword, login: user.login, useStrict: tenant.useStrict });
    const passwordHash = await hashPassword(request.body.newPassword);
    await db.transaction(async (tx) => {
      await updateUser({
        db: tx, tenantId, userId: user.id,
        changes: { passwordHash, passwordChangedAt: new Date(), mustChangePassword: true, failedLogins: 0, lockedUntil: null },
      });
      await revokeUserSessions({ db: tx, tenantId, userId: user.id });
    });
    return ok(await getUser({ db, tenantId, userId: user.id, timeZone: request.ctx.timeZone }));
  });
}
