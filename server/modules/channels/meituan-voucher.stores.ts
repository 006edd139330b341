import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../crud/actor';
import type { DbOrTx } from '../../db/connection';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The stores a caller may use for Meituan vouchers, as an SQL condition on a store alias: every
 * store of the merchant for an unlimited user; for a user limited to marketing centres, the
 * stores of those centres and the stores of none (as the store list shows them, server/crud/
 * scope.ts); for an application limited to stores, those stores.
 */
export function usableStores(actor: Actor, alias: SQL): SQL {
  const parts: SQL[] = [];
  const centres = actor.marketingCenterIds;
  if (centres !== null)
    parts.push(
      centres.length === 0
        ? sql`${alias}.marketing_center is null`
        : sql`(${alias}.marketing_center is null or ${alias}.marketing_center in (${sql.join(
            centres.map((id) => sql`${id}`),
            sql`, `,
          )}))`,
    );
  const stores = actor.storeIds ?? null;
  if (stores !== null)
    parts.push(
      stores.length === 0
        ? sql`false`
        : sql`${alias}.id in (${sql.join(
            stores.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** A store the clerk may pick: open, and one they may use. */
export interface UsableStore {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  /** The store's shop at Meituan (`open_shop_uuid`): its declared Meituan shop id, else its code. */
  readonly shopId: string;
}

/** The open stores the caller may use, by code; or the one asked for (null when it is not one of them). */
export async function openUsableStores(args: { db: DbOrTx; actor: Actor; id?: number }): Promise<UsableStore[]> {
  const only = args.id === undefined ? sql`` : sql` and s.id = ${args.id}`;
  const result = await args.db
    .execute(sql`select s.id, s.code, s.name, coalesce(s.meituan_shop_id, s.code) as shop_id from ${STORES_TABLE} s
    where s.tenant_id = ${args.actor.tenantId} and s.state = 'OPEN' and ${usableStores(args.actor, sql`s`)}${only}
    order by s.code limit 500`);
  return (result.rows as { id: string | number; code: string; name: string; shop_id: string }[]).map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    shopId: r.shop_id,
  }));
}
