import { and, eq, inArray, isNull, or, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { centreKey, stampedFields } from '../../resources/define';
import type { DbOrTx } from '../db/connection';
import { centreRequired } from '../http/request-context';
import type { Actor } from './actor';
import type { ResourceRuntime } from './resource-registry';
import type { HookContext, RowOperation, StoredRecord } from './server-hooks.define';

/**
 * Who a statement works for: every statement of the engine is limited to the caller's tenant,
 * to the selected marketing centre for centre-scoped resources, and to the resource's row
 * filter. The access hook has already checked that the user may use the centre in the header.
 */
export interface Scope {
  /** Who the statements work for (tenant, user, grants, centre, locale, time zone). */
  readonly actor: Actor;
  readonly tenantId: number;
  /** The centre rows of a centre-scoped resource belong to; null for tenant-scoped resources. */
  readonly marketingCenterId: number | null;
  /** The instant the request works at (states that follow time compare with it). */
  readonly now: Date;
}

/** The scope of an actor on a resource; 400 when a centre-scoped resource has no centre chosen. */
export function scopeOf(actor: Actor, runtime: ResourceRuntime): Scope {
  let marketingCenterId: number | null = null;
  if (runtime.resource.scope === 'marketingCenter') {
    marketingCenterId = actor.marketingCenter;
    // The field is the `marketingCenter` header, which names the centre of every call.
    if (marketingCenterId === null) throw centreRequired();
  }
  return { actor, tenantId: actor.tenantId, marketingCenterId, now: actor.now ?? new Date() };
}

/** The hook context of a scope, for a statement run on `db`. */
export function hookContext(args: { runtime: ResourceRuntime; scope: Scope; db: DbOrTx }): HookContext {
  return {
    db: args.db,
    actor: args.scope.actor,
    resource: args.runtime.resource,
    table: args.runtime.table,
    marketingCenterId: args.scope.marketingCenterId,
  };
}

/**
 * The conditions every statement on the resource carries: the tenant, the centre (the table's
 * marketing_center_id, or a centre-scoped view's centre field) and a view's fixed filter.
 */
export function scopeConditions(args: { runtime: ResourceRuntime; scope: Scope; db: DbOrTx; operation: RowOperation }): SQL[] {
  const { runtime, scope } = args;
  const conditions = declaredScope(runtime, { tenantId: scope.tenantId, marketingCenterId: scope.marketingCenterId });
  // Reads, pickers, references and changes alike: a limited user's centres only.
  const limits = allowedRowsCondition(runtime, scope.actor);
  if (limits) conditions.push(limits);
  const extra = runtime.hooks.rowFilter?.({ ...hookContext(args), operation: args.operation });
  if (extra) conditions.push(extra);
  return conditions;
}

/** The field of a tenant-wide record naming the one marketing centre it belongs to, if any. */
function centreFieldOf(runtime: ResourceRuntime): string | null {
  if (runtime.resource.scope === 'marketingCenter') return null;
  const found = Object.entries(runtime.resource.fields).find(
    ([, f]) => f.kind === 'relation' && f.resource === 'marketing-center' && !f.multiple,
  );
  return found ? found[0] : null;
}

/**
 * A user limited to some marketing centres reads and changes only the records of those centres
 * (or of none: a record without a centre applies to all): lists, details, pickers, exports and
 * references leave another centre's activity, store or member out, and saving, deleting and
 * every state action (audit, stop) of one answers 404 as a record they cannot see would (issue
 * 24 §5). Null for an unlimited user or a resource naming no centre.
 */
function allowedCentresCondition(runtime: ResourceRuntime, actor: Actor): SQL | null {
  const allowed = actor.marketingCenterIds;
  const name = centreFieldOf(runtime);
  if (allowed === null || name === null) return null;
  const column = runtime.table[name] as AnyColumn;
  return allowed.length === 0 ? isNull(column) : (or(isNull(column), inArray(column, [...allowed])) as SQL);
}

/** The field of a record naming the one store it belongs to (a document's, a sale's), if any. */
function storeFieldOf(runtime: ResourceRuntime): string | null {
  const found = Object.entries(runtime.resource.fields).find(([, f]) => f.kind === 'relation' && f.resource === 'store' && !f.multiple);
  return found ? found[0] : null;
}

/**
 * An application limited to some stores (issue 31 §1) sees and references only those stores,
 * and of the records that belong to a store only those of its stores (or of none): a reference
 * to another store is refused as one to a store that does not exist, and another store's record
 * answers 404. Null for a caller without a store limit or a resource naming no store.
 */
function allowedStoresCondition(runtime: ResourceRuntime, actor: Actor): SQL | null {
  const allowed = actor.storeIds ?? null;
  if (allowed === null) return null;
  if (runtime.resource.name === 'store') return inArray(runtime.table.id, [...allowed]);
  const name = storeFieldOf(runtime);
  if (name === null) return null;
  const column = runtime.table[name] as AnyColumn;
  return or(isNull(column), inArray(column, [...allowed])) as SQL;
}

/**
 * What the caller's limits leave of a resource's rows: a user's marketing centres (above) and an
 * application's stores. Null when nothing limits them (then the prepared fast paths apply).
 */
export function allowedRowsCondition(runtime: ResourceRuntime, actor: Actor): SQL | null {
  const limits = [allowedCentresCondition(runtime, actor), allowedStoresCondition(runtime, actor)].filter((c): c is SQL => c !== null);
  if (limits.length === 0) return null;
  return limits.length === 1 ? limits[0] : (and(...limits) as SQL);
}

/**
 * The tenant, centre and fixed-filter conditions, with values or with placeholders (a statement
 * built once, prepared.ts). A centre-scoped resource always has a centre (scopeOf).
 */
export function declaredScope(
  runtime: ResourceRuntime,
  values: { tenantId: number | Placeholder; marketingCenterId: number | Placeholder | null },
): SQL[] {
  const t = runtime.table;
  const conditions: SQL[] = [eq(t.tenantId, values.tenantId)];
  const centre = centreKey(runtime.resource);
  if (centre !== null && values.marketingCenterId !== null) conditions.push(eq(t[centre], values.marketingCenterId));
  for (const [name, value] of Object.entries(runtime.resource.fixedFilter ?? {})) conditions.push(eq(t[name], value));
  return conditions;
}

/** The conditions of one record by id. */
export function recordConditions(args: { runtime: ResourceRuntime; scope: Scope; db: DbOrTx; operation: RowOperation; id: number }): SQL {
  return and(...scopeConditions(args), eq(args.runtime.table.id, args.id)) as SQL;
}

/**
 * The values every write of the resource stamps: the centre of a centre-scoped resource (its
 * marketing_center_id, or a view's centre field) and the fixed filter's values, so no body can
 * create or move a record outside the caller's centre or the view.
 */
export function stampedValues(runtime: ResourceRuntime, scope: Scope): StoredRecord {
  const resource = runtime.resource;
  const out: StoredRecord = { ...resource.fixedFilter };
  const centre = centreKey(resource);
  if (centre !== null && scope.marketingCenterId !== null) out[centre] = scope.marketingCenterId;
  // Only what the declaration lists as stamped (a table's own centre column is implicit).
  const stamped = new Set([...stampedFields(resource), 'marketingCenterId']);
  return Object.fromEntries(Object.entries(out).filter(([key]) => stamped.has(key)));
}
