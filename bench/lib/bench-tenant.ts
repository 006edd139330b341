import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../server/db/connection';
import { tenants, users } from '../../server/db/schema/index';
import { datumSeeder } from '../../server/db/seed/datum.seed';
import { runSeeders } from '../../server/db/seed/demo.seed';
import { levelsSeeder } from '../../server/db/seed/levels.seed';
import { createAccount, createRole, createTenant } from '../../server/modules/users/tenant.provisioning';
import type { PermissionRef } from '../../resources/catalog/types';

/**
 * The tenant a benchmark fills: created once per code with the demo merchant's master data
 * (marketing centres, areas, stores, goods) and levels, so generated members register at the
 * demo stores and hold the demo levels. Its accounts share one password that satisfies the
 * strict policy.
 */

/** The default tenant code of the generated data. */
export const DEFAULT_TENANT_CODE = 'bench1m';
/** Password of every account the benchmarks create. */
export const BENCH_PASSWORD = 'Bench#Load2026';

/** Finds the tenant by code, or creates it with the demo master data and levels. */
export async function ensureBenchTenant(database: Database, code: string): Promise<{ tenantId: number; created: boolean }> {
  const [found] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, code));
  if (found) return { tenantId: found.id, created: false };
  const tenantId = await database.db.transaction(async (tx) => {
    const made = await createTenant({
      tx,
      code,
      name: `压测商户 ${code}`,
      settings: { licenseExpiresAt: new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000) },
      admin: { login: 'admin', name: '管理员', password: BENCH_PASSWORD },
    });
    await runSeeders({ tx, tenantId: made.tenantId, seeders: [datumSeeder, levelsSeeder] });
    return made.tenantId;
  });
  return { tenantId, created: true };
}

/** Ensures an account `login` holding exactly `grants` (through a role of its own) exists. */
export async function ensureBenchUser(
  database: Database,
  args: { tenantId: number; login: string; grants: readonly PermissionRef[] },
): Promise<void> {
  const { tenantId, login } = args;
  const [found] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.login, login)));
  if (found) return;
  await database.db.transaction(async (tx: DbOrTx) => {
    const roleId = await createRole({ tx, tenantId, name: `bench-${login}`, grants: args.grants });
    await createAccount({ tx, tenantId, login, name: login, password: BENCH_PASSWORD, roleIds: [roleId] });
  });
}

/** The ids of the tenant's stores (with their marketing centres) and levels, for the generator. */
export async function tenantReferences(
  database: Database,
  tenantId: number,
): Promise<{
  storeIds: number[];
  centreIds: (number | null)[];
  levelIds: Map<string, number>;
}> {
  const stores = await database.db.execute<{ id: number; centre: number | null }>(sql`select id, marketing_center as centre
    from stores where tenant_id = ${tenantId} order by id`);
  const levels = await database.db.execute<{ id: number; code: string }>(
    sql`select id, code from member_levels where tenant_id = ${tenantId}`,
  );
  if (stores.rows.length === 0) throw new Error(`tenant ${tenantId} has no stores`);
  return {
    storeIds: stores.rows.map((r) => Number(r.id)),
    centreIds: stores.rows.map((r) => (r.centre === null ? null : Number(r.centre))),
    levelIds: new Map(levels.rows.map((r) => [String(r.code), Number(r.id)])),
  };
}

/** The id of the generated tenant `code` (`npm run bench:generate`); fails with what to run when it is missing. */
export async function generatedTenantId(database: Database, code: string): Promise<number> {
  const tenant = await database.pool.query<{ id: number }>('select id from tenants where code = $1', [code]);
  if (tenant.rows.length === 0) throw new Error(`no tenant ${code}: run npm run bench:generate first`);
  return Number(tenant.rows[0].id);
}
