import { sql } from 'drizzle-orm';
import { grantOf } from '../../../resources/setting/application.resource';
import type { PermissionEntry } from '../../../resources/catalog/types';
import type { Db } from '../../db/connection';
import type { LoadedSession } from './session.loader';
import { keyCacheKey } from './application-key';

/** The grants of an application as the access hook reads them: one entry per resource. */
export function grantsOf(stored: readonly string[]): PermissionEntry[] {
  const byResource = new Map<string, string[]>();
  for (const value of stored) {
    const { resourceId, action } = grantOf(value);
    byResource.set(resourceId, [...(byResource.get(resourceId) ?? []), action]);
  }
  return [...byResource].map(([resourceId, actions]) => ({ resourceId, actions }));
}

/**
 * The caller behind an application key, as the access hook sees a session: the application's
 * account, its grants and stores, or null when the key is unknown, revoked, past its overlap,
 * or its application is disabled (or has no account yet). Compared on the database clock.
 */
export async function loadApplicationKey(args: { db: Db; keyHash: string }): Promise<LoadedSession | null> {
  const { db, keyHash } = args;
  const { rows } = await db.execute<KeyRow>(sql`
    select k.tenant_id as "tenantId", k.application_id as "applicationId", k.prefix,
      (k.expires_at is null or k.expires_at > now()) as alive,
      extract(epoch from k.expires_at - now())::float8 as "secondsLeft",
      a.state, a.grants, a.stores, a.name, u.id as "userId", u.login,
      coalesce(t.license_expires_at > now(), false) as "licenseValid",
      extract(epoch from t.license_expires_at - now())::float8 as "licenseSecondsLeft"
    from application_keys k
    join applications a on a.tenant_id = k.tenant_id and a.id = k.application_id
    join users u on u.tenant_id = k.tenant_id and u.application_id = k.application_id
    join tenants t on t.id = k.tenant_id
    where k.key_hash = ${keyHash} and k.revoked_at is null`);
  const row = rows[0];
  if (!row || !row.alive || row.state !== 'ENABLED') return null;
  const keyLeft = row.secondsLeft ?? Infinity;
  const licenseLeft = row.licenseValid ? (row.licenseSecondsLeft ?? Infinity) : Infinity;
  const stores = (row.stores ?? []).map(Number);
  return {
    resetOnly: false,
    licenseValid: row.licenseValid,
    // Bounded by the overlap's end; the cache's own life (seconds) bounds it otherwise.
    validForMs: Math.max(0, Math.min(keyLeft, licenseLeft, 86_400) * 1000 - 1000),
    auth: {
      tenantId: Number(row.tenantId),
      userId: Number(row.userId),
      login: row.login,
      name: row.name,
      grants: grantsOf(row.grants),
      marketingCenterIds: null,
      sessionTokenHash: keyCacheKey(keyHash),
      application: { id: Number(row.applicationId), keyPrefix: row.prefix, storeIds: stores.length > 0 ? stores : null },
    },
  };
}

/** A key's row as {@link loadApplicationKey} reads it. */
interface KeyRow extends Record<string, unknown> {
  readonly tenantId: string | number;
  readonly applicationId: string | number;
  readonly prefix: string;
  readonly alive: boolean;
  readonly secondsLeft: number | null;
  readonly state: string;
  readonly grants: string[];
  readonly stores: (string | number)[] | null;
  readonly name: string;
  readonly userId: string | number;
  readonly login: string;
  readonly licenseValid: boolean;
  readonly licenseSecondsLeft: number | null;
}
