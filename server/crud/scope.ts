import { and, eq, type SQL } from 'drizzle-orm';
import { centreKey, stampedFields } from '../../resources/define';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/connection';
import type { AuthContext } from '../http/auth-types';
import { unauthenticated } from '../http/envelope';
import { centreRequired } from '../http/request-context';
import type { ResourceRuntime } from './resource-registry';
import { requestInstant } from './state-timeline';
import type { HookContext, RowOperation, StoredRecord } from './server-hooks.define';

/**
 * Who a statement works for: every statement of the engine is limited to the caller's tenant,
 * to the selected marketing centre for centre-scoped resources, and to the resource's row
 * filter. The access hook has already checked that the user may use the centre in the header.
 */
export interface Scope {
  readonly auth: AuthContext;
  readonly request: FastifyRequest;
  readonly tenantId: number;
  /** The centre rows of a centre-scoped resource belong to; null for tenant-scoped resources. */
  readonly marketingCenterId: number | null;
  /** The instant the request works at (states that follow time compare with it). */
  readonly now: Date;
}

/** The scope of a request on a resource; 400 when a centre-scoped resource has no centre chosen. */
export function scopeOf(request: FastifyRequest, runtime: ResourceRuntime): Scope {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  let marketingCenterId: number | null = null;
  if (runtime.resource.scope === 'marketingCenter') {
    marketingCenterId = request.ctx.marketingCenter;
    // The field is the `marketingCenter` header, which names the centre of every call.
    if (marketingCenterId === null) throw centreRequired();
  }
  return { auth, request, tenantId: auth.tenantId, marketingCenterId, now: requestInstant(request) };
}

/** The hook context of a scope, for a statement run on `db`. */
export function hookContext(args: { runtime: ResourceRuntime; scope: Scope; db: DbOrTx }): HookContext {
  return {
    db: args.db,
    auth: args.scope.auth,
    request: args.scope.request,
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
  const t = runtime.table;
  const conditions: SQL[] = [eq(t.tenantId, scope.tenantId)];
  const centre = centreKey(runtime.resource);
  if (centre !== null && scope.marketingCenterId !== null) conditions.push(eq(t[centre], scope.marketingCenterId));
  for (const [name, value] of Object.entries(runtime.resource.fixedFilter ?? {})) conditions.push(eq(t[name], value));
  const extra = runtime.hooks.rowFilter?.({ ...hookContext(args), operation: args.operation });
  if (extra) conditions.push(extra);
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
