import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { newApplicationKey, type IssuedKey } from '../auth/application-key';
import { invalidateAuthCaches } from '../auth/session.cache';

/** Longest overlap a rotation may give the keys it replaces: a week. */
export const MAX_OVERLAP_HOURS = 168;

/** A key as the keys list shows it: never the key itself. */
export interface KeyView {
  readonly prefix: string;
  readonly createdAt: Date;
  readonly createdBy: string | null;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly revokedBy: string | null;
  /** ACTIVE (no end), EXPIRING (works until expiresAt), EXPIRED, REVOKED. */
  readonly state: 'ACTIVE' | 'EXPIRING' | 'EXPIRED' | 'REVOKED';
}

/** The application's number and name, or null when the tenant has no such application. */
export async function findApplication(args: {
  db: DbOrTx;
  tenantId: number;
  id: number;
}): Promise<{ number: string; name: string } | null> {
  const { rows } = await args.db.execute<{ number: string; name: string }>(
    sql`select number, name from applications where tenant_id = ${args.tenantId} and id = ${args.id}`,
  );
  return rows[0] ?? null;
}

/**
 * The account the application acts as (users.application_id): records it makes name it as their
 * maker. Made with its first key, renamed with every key after a rename. It never signs in: its
 * login has a colon, which no person's may have, and its password hash matches no password.
 */
async function ensureAccount(args: {
  tx: DbOrTx;
  tenantId: number;
  id: number;
  application: { number: string; name: string };
}): Promise<void> {
  const { tx, tenantId, id, application } = args;
  await tx.execute(sql`
    insert into users (tenant_id, login, name, password_hash, application_id)
    values (${tenantId}, ${`app:${application.number}`}, ${application.name}, '!', ${id})
    on conflict (tenant_id, application_id) do update set name = excluded.name`);
}

/**
 * Issues a key for the application and answers it (the only time it is seen). The keys it
 * already has keep working for `overlapHours` (0: they end now), so a fleet can change keys
 * without a gap; a key already ending sooner keeps its end.
 */
export async function issueKey(args: {
  db: Db;
  tenantId: number;
  userId: number;
  id: number;
  application: { number: string; name: string };
  overlapHours: number;
}): Promise<IssuedKey & { readonly replaced: number }> {
  const issued = newApplicationKey();
  const replaced = await args.db.transaction(async (tx) => {
    await ensureAccount({ tx, tenantId: args.tenantId, id: args.id, application: args.application });
    const ended = await tx.execute(sql`
      update application_keys set expires_at = now() + make_interval(hours => ${args.overlapHours})
      where tenant_id = ${args.tenantId} and application_id = ${args.id} and revoked_at is null
        and (expires_at is null or expires_at > now() + make_interval(hours => ${args.overlapHours}))`);
    await tx.execute(sql`
      insert into application_keys (key_hash, tenant_id, application_id, prefix, created_by)
      values (${issued.hash}, ${args.tenantId}, ${args.id}, ${issued.prefix}, ${args.userId})`);
    return ended.rowCount ?? 0;
  });
  invalidateAuthCaches({ tenantId: args.tenantId });
  return { ...issued, replaced };
}

/** Revokes the application's key of that prefix at once (every process: the table's trigger). */
export async function revokeKey(args: { db: Db; tenantId: number; userId: number; id: number; prefix: string }): Promise<boolean> {
  const result = await args.db.execute(sql`
    update application_keys set revoked_at = now(), revoked_by = ${args.userId}
    where tenant_id = ${args.tenantId} and application_id = ${args.id} and prefix = ${args.prefix} and revoked_at is null`);
  invalidateAuthCaches({ tenantId: args.tenantId });
  return (result.rowCount ?? 0) > 0;
}

/** The application's keys, newest first, with who made and revoked them. */
export async function listKeys(args: { db: Db; tenantId: number; id: number }): Promise<KeyView[]> {
  const { rows } = await args.db.execute<Omit<KeyView, 'state'> & { live: boolean }>(sql`
    select k.prefix, k.created_at as "createdAt", c.name as "createdBy", k.expires_at as "expiresAt",
      k.revoked_at as "revokedAt", r.name as "revokedBy", (k.expires_at is null or k.expires_at > now()) as live
    from application_keys k
    left join users c on c.tenant_id = k.tenant_id and c.id = k.created_by
    left join users r on r.tenant_id = k.tenant_id and r.id = k.revoked_by
    where k.tenant_id = ${args.tenantId} and k.application_id = ${args.id}
    order by k.created_at desc, k.prefix`);
  return rows.map(({ live, ...row }) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
    revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt),
    state: row.revokedAt !== null ? 'REVOKED' : !live ? 'EXPIRED' : row.expiresAt !== null ? 'EXPIRING' : 'ACTIVE',
  }));
}
