/**
 * Each process's copy of a tenant's names of the records that are few and rarely renamed: the
 * users (who created and last changed a record) and the resources declaring `titlesKept`
 * (stores, member levels, marketing centres). A list page of a million members points at a
 * handful of stores and levels; asking the database for their names row by row cost more than
 * the page itself (bench/api-vs-minimal.bench.ts).
 *
 * Freshness without messages: the tables' triggers (migration 0053) raise the tenant's counter in
 * `title_versions` in the same transaction as the change, and every statement that reads records
 * pointing at kept names also reads that counter (record.titles.ts `titleFields`). A copy made
 * at counter N answers for rows read at N or earlier; rows read later make this process load the
 * tenant's names again, once, whichever requests ask at the same time. A copy is loaded in one
 * statement (one snapshot) with the counter it reflects, and only outside a transaction: inside
 * one the caller looks the names up itself, so a change that is rolled back is never kept.
 *
 * Adding a kept resource: declare `titlesKept: true` and give its table the three triggers of
 * migration 0053 (`tests/api/kept-titles.test.ts` checks every declared one has them).
 */

/** A tenant's kept names at one counter: by source (`resource\0shownAs`) and id, and users by id. */
export interface KeptCopy {
  readonly version: number;
  readonly titles: ReadonlyMap<string, ReadonlyMap<number, string>>;
  readonly users: ReadonlyMap<number, string>;
}

/** Tenants kept per database and registry before the oldest copy is dropped. */
const MAX_TENANTS = 1000;

interface TenantCopies {
  readonly copies: Map<number, KeptCopy>;
  readonly loading: Map<number, Promise<KeptCopy>>;
}

const kept = new WeakMap<object, WeakMap<object, TenantCopies>>();

function copiesOf(database: object, registry: object): TenantCopies {
  let byRegistry = kept.get(database);
  if (!byRegistry) kept.set(database, (byRegistry = new WeakMap()));
  let copies = byRegistry.get(registry);
  if (!copies) byRegistry.set(registry, (copies = { copies: new Map(), loading: new Map() }));
  return copies;
}

/**
 * The tenant's copy for rows read at counter `atLeast`: the kept one when it is that new, else
 * one loaded by `load` (a single load per tenant at a time; a load that finishes older than
 * asked, having raced a change, is followed by another).
 */
export async function keptCopy(args: {
  /** The pool's database handle (never a transaction's). */
  readonly database: object;
  readonly registry: object;
  readonly tenantId: number;
  readonly atLeast: number;
  readonly load: () => Promise<KeptCopy>;
}): Promise<KeptCopy> {
  const tenants = copiesOf(args.database, args.registry);
  let loaded: KeptCopy | undefined;
  // A load is a later snapshot than the rows, so one is enough; a second covers a copy that
  // another request's older load put in between. A counter that went back (a tenant removed
  // and made again) is taken as it is.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const copy = tenants.copies.get(args.tenantId);
    if (copy && copy.version >= args.atLeast) return copy;
    let pending = tenants.loading.get(args.tenantId);
    if (!pending) {
      pending = args.load().finally(() => tenants.loading.delete(args.tenantId));
      tenants.loading.set(args.tenantId, pending);
    }
    loaded = await pending;
    const current = tenants.copies.get(args.tenantId);
    if (!current || current.version < loaded.version) {
      tenants.copies.delete(args.tenantId);
      if (tenants.copies.size >= MAX_TENANTS) tenants.copies.delete(tenants.copies.keys().next().value!);
      tenants.copies.set(args.tenantId, loaded);
    }
    if (loaded.version >= args.atLeast) return loaded;
  }
  return loaded!;
}
