import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { loginAttempts, users } from '../../db/schema/index';
import { conflict, notFound } from '../../http/envelope';
import { rolesOfUsers } from '../authorization/roles.store';
import { formatDateTime } from '../../crud/zoned-time';
import type { UserFilters, UserRecord } from '../../../resources/contract/authorization.types';
import { invalidateAuthCaches } from '../auth/session.cache';

// A user and the list's filters as the user screen reads them: the contract's shapes.
export type { UserFilters, UserRecord };

/**
 * The tenant's people: the accounts applications act as (users.application_id, made with their
 * first key, server/modules/applications) are neither listed nor changed here.
 */
const isPerson = isNull(users.applicationId);

/** Columns the user list may sort by. */
export const USER_SORT_FIELDS = ['id', 'login', 'name', 'enabled', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const columns = {
  id: users.id,
  login: users.login,
  name: users.name,
  mobile: users.mobile,
  email: users.email,
  enabled: users.enabled,
  marketingCenterIds: users.marketingCenterIds,
  version: users.version,
  createdAt: users.createdAt,
  // The end of the latest sign-in lock still in force on the login, from any client address
  // (locks are kept per merchant code, login and address: auth/login-attempts.store). Written
  // out in SQL: drizzle leaves columns of a single-table select unqualified, which inside a
  // correlated subquery would bind to the inner tables.
  lockedUntil: sql<Date | null>`(select max(la.locked_until) from login_attempts la
    join tenants lt on lt.code = la.tenant_code
    where lt.id = "users"."tenant_id" and la.login = "users"."login" and la.locked_until > now())`.mapWith(loginAttempts.lockedUntil),
};

interface UserRow {
  id: number;
  login: string;
  name: string;
  mobile: string | null;
  email: string | null;
  enabled: boolean;
  marketingCenterIds: number[] | null;
  version: number;
  lockedUntil: Date | null;
}

async function toRecords(args: { db: DbOrTx; tenantId: number; rows: UserRow[]; timeZone: string }): Promise<UserRecord[]> {
  const links = await rolesOfUsers({ db: args.db, tenantId: args.tenantId, userIds: args.rows.map((row) => row.id) });
  return args.rows.map((row) => ({
    id: row.id,
    login: row.login,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    enabled: row.enabled,
    roles: links.filter((link) => link.userId === row.id).map((link) => ({ roleId: link.roleId, name: link.name })),
    lockedUntil: formatDateTime(row.lockedUntil, args.timeZone),
    marketingCenterIds: row.marketingCenterIds ?? null,
    version: row.version,
  }));
}

/** One page of the tenant's users. */
export async function queryUsers(args: {
  db: DbOrTx;
  tenantId: number;
  page: number;
  pageSize: number;
  filters: UserFilters;
  sorters: readonly { field: UserSortField; order: 'asc' | 'desc' }[];
  timeZone: string;
}): Promise<{ total: number; records: UserRecord[] }> {
  const { db, tenantId, filters } = args;
  const conditions: (SQL | undefined)[] = [eq(users.tenantId, tenantId), isPerson];
  const keyword = filters.keyword?.trim();
  if (keyword) {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.login, pattern), ilike(users.name, pattern), ilike(users.mobile, pattern), ilike(users.email, pattern)));
  }
  if (filters.enabled !== undefined) conditions.push(eq(users.enabled, filters.enabled));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  // The id comes last, so pages never overlap when the chosen column has ties.
  const order = [...args.sorters.map((s) => (s.order === 'desc' ? desc(users[s.field]) : asc(users[s.field]))), asc(users.id)];
  const rows = await db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(args.pageSize)
    .offset((args.page - 1) * args.pageSize);
  return { total: Number(total), records: await toRecords({ db, tenantId, rows, timeZone: args.timeZone }) };
}

/** One user, or 404 (also for another tenant's id). */
export async function getUser(args: { db: DbOrTx; tenantId: number; userId: number; timeZone: string }): Promise<UserRecord> {
  const rows = await args.db
    .select(columns)
    .from(users)
    .where(and(eq(users.tenantId, args.tenantId), eq(users.id, args.userId), isPerson));
  if (rows.length === 0) throw notFound();
  const [record] = await toRecords({ db: args.db, tenantId: args.tenantId, rows, timeZone: args.timeZone });
  return record;
}

/**
 * Applies a change to a user when the client's version is current: 404 when the user is not
 * the tenant's, 409 when someone else changed it since it was read.
 */
export async function updateUserVersioned(args: {
  db: DbOrTx;
  tenantId: number;
  userId: number;
  version: number;
  changes: Partial<typeof users.$inferInsert>;
}): Promise<void> {
  invalidateAuthCaches({ tenantId: args.tenantId });
  const rows = await args.db
    .update(users)
    .set({ ...args.changes, version: sql`${users.version} + 1` })
    .where(and(eq(users.tenantId, args.tenantId), eq(users.id, args.userId), isPerson, eq(users.version, args.version)))
    .returning({ id: users.id });
  if (rows.length > 0) return;
  const exists = await args.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, args.tenantId), eq(users.id, args.userId), isPerson));
  throw exists.length > 0 ? conflict() : notFound();
}

/** Applies a change to a user regardless of version (state actions); 404 when not the tenant's. */
export async function updateUser(args: {
  db: DbOrTx;
  tenantId: number;
  userId: number;
  changes: Partial<typeof users.$inferInsert>;
}): Promise<void> {
  invalidateAuthCaches({ tenantId: args.tenantId });
  const rows = await args.db
    .update(users)
    .set({ ...args.changes, version: sql`${users.version} + 1` })
    .where(and(eq(users.tenantId, args.tenantId), eq(users.id, args.userId), isPerson))
    .returning({ id: users.id });
  if (rows.length === 0) throw notFound();
}

/** The row of one user (login and password hash included), or 404. */
export async function userRow(args: { db: DbOrTx; tenantId: number; userId: number }): Promise<typeof users.$inferSelect> {
  const [row] = await args.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, args.tenantId), eq(users.id, args.userId), isPerson));
  if (!row) throw notFound();
  return row;
}

/** True when the login is taken in the tenant. */
export async function loginTaken(args: { db: DbOrTx; tenantId: number; login: string }): Promise<boolean> {
  const rows = await args.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, args.tenantId), eq(users.login, args.login)));
  return rows.length > 0;
}
