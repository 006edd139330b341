import { hearsNotices, onTenantNotice } from './session.cache';

/**
 * Per-tenant data a hot path reads on every call (the sale's growth rules and level ladder, the
 * points settings), kept in memory and loaded again only after a change: a trigger announces
 * every change of the tables behind it at commit as `<kind>:<tenant id>` on the `auth_cache`
 * channel, and every process drops its copy. While notifications may be missed (the listening
 * connection is down) nothing is kept: every call loads.
 *
 * A load that started before a change is not kept (the tenant's generation moved meanwhile), so
 * a change committed during a load is never hidden behind the older copy.
 */
export interface TenantCache<T, Db> {
  /** The tenant's data: kept since the last change, or loaded now through `db`. */
  get(db: Db, tenantId: number): Promise<T>;
  /** Drops a tenant's copy (null: every tenant's). */
  forget(tenantId: number | null): void;
}

// The tables whose changes some cache of this process hears about (see announcedTable).
const announced = new Set<string>();

/**
 * Whether a change of `table` is announced to a cache. The engine's write routes on such a table
 * wait, before answering, until this process has heard its own notices (SessionCache.sync), so
 * the next call, in this process too, never sees the copy from before the change.
 */
export function announcedTable(table: string): boolean {
  return announced.has(table);
}

/**
 * A cache of `kind`, loaded by `load`; `tables` are those whose triggers announce `<kind>:<tenant id>`
 * (a hand-written migration for each).
 */
export function tenantCache<T, Db>(
  kind: string,
  load: (db: Db, tenantId: number) => Promise<T>,
  options: { readonly tables: readonly string[] },
): TenantCache<T, Db> {
  for (const table of options.tables) announced.add(table);
  const kept = new Map<number, T>();
  const generations = new Map<number, number>();
  let allGeneration = 0;
  const forget = (tenantId: number | null): void => {
    if (tenantId === null) {
      kept.clear();
      allGeneration += 1;
      return;
    }
    kept.delete(tenantId);
    generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
  };
  onTenantNotice(kind, forget);
  return {
    forget,
    async get(db, tenantId) {
      const hit = kept.get(tenantId);
      if (hit !== undefined) return hit;
      const generation = generations.get(tenantId) ?? 0;
      const all = allGeneration;
      const value = await load(db, tenantId);
      if (hearsNotices() && generation === (generations.get(tenantId) ?? 0) && all === allGeneration) kept.set(tenantId, value);
      return value;
    },
  };
}
