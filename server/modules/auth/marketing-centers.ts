import type { Database } from '../../db/connection';
import type { MarketingCenterOption } from '../../../resources/contract/auth.types';

/**
 * Marketing centres are master data owned by the resource engine, which creates the
 * `marketing_centers` table (tenant_id, id, name). Sign-in only reads it, with plain SQL, and
 * treats a database without the table as a tenant without centres.
 */

const known = new WeakMap<Database, true>();

async function tableExists(database: Database): Promise<boolean> {
  if (known.has(database)) return true;
  const result = await database.pool.query<{ found: boolean }>(`select to_regclass('marketing_centers') is not null as found`);
  // Only a positive answer is kept: the table can appear later (a migration), never vanish.
  if (result.rows[0]?.found) known.set(database, true);
  return result.rows[0]?.found === true;
}

/** A marketing centre a user may choose (the contract's shape). */
export type { MarketingCenterOption };

/** The centres a user may work in: all of the tenant's when `allowed` is null. */
export async function usableMarketingCenters(args: {
  database: Database;
  tenantId: number;
  allowed: readonly number[] | null;
}): Promise<MarketingCenterOption[]> {
  if (!(await tableExists(args.database))) return [];
  const result =
    args.allowed === null
      ? await args.database.pool.query<{ id: string | number; name: string }>(
          'select id, name from marketing_centers where tenant_id = $1 order by id',
          [args.tenantId],
        )
      : await args.database.pool.query<{ id: string | number; name: string }>(
          'select id, name from marketing_centers where tenant_id = $1 and id = any($2::bigint[]) order by id',
          [args.tenantId, [...args.allowed]],
        );
  return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** True when the user may work in the centre: it is the tenant's and among the user's. */
export async function mayUseMarketingCenter(args: {
  database: Database;
  tenantId: number;
  allowed: readonly number[] | null;
  centerId: number;
}): Promise<boolean> {
  if (args.allowed !== null && !args.allowed.includes(args.centerId)) return false;
  if (!(await tableExists(args.database))) return false;
  const result = await args.database.pool.query('select 1 from marketing_centers where tenant_id = $1 and id = $2', [
    args.tenantId,
    args.centerId,
  ]);
  return (result.rowCount ?? 0) > 0;
}
