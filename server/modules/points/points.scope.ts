import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { holdsAny } from '../../../resources/access';
import type { PermissionEntry } from '../../../resources/catalog/types';
import { memberResource } from '../../../resources/member/member.resource';
import { POINTS_READ, POINTS_READ_ALL, POINTS_READ_CENTRE } from '../../../resources/score/points-grants';
import { deriveTable } from '../../crud/table.derive';
import { centreRequired } from '../../http/request-context';
import { authOf } from '../auth/access.hook';

export { POINTS_READ, POINTS_READ_ALL, POINTS_READ_CENTRE };

/** The member table (resources/member/member.resource.ts). */
export const MEMBERS_TABLE = sql.identifier(getTableName(deriveTable(memberResource)));

/**
 * Whose points the caller may read. A user who reads points only through the marketing-centre
 * member list sees the members of the centre named in the `marketingCenter` header (which the
 * access hook has already checked the user may use), as that list does; another centre's
 * member is answered as not found.
 */
export type PointsReadScope = { readonly kind: 'tenant' } | { readonly kind: 'centre'; readonly centreId: number };

export function pointsReadScope(request: FastifyRequest): PointsReadScope {
  return pointsScopeOf({ grants: authOf(request).grants, marketingCenter: request.ctx.marketingCenter });
}

/** The same scope from a saved requester (a file task's job). */
export function pointsScopeOf(actor: { grants: readonly PermissionEntry[]; marketingCenter: number | null }): PointsReadScope {
  if (holdsAny(actor.grants, POINTS_READ_ALL)) return { kind: 'tenant' };
  const centreId = actor.marketingCenter;
  if (centreId === null) throw centreRequired('points.chooseCentre');
  return { kind: 'centre', centreId };
}

/** A condition limiting rows to members the scope may read; `memberId` is the row's column. */
export function scopeCondition(input: { scope: PointsReadScope; tenantId: number; memberId: SQL }): SQL {
  if (input.scope.kind === 'tenant') return sql`true`;
  return sql`exists (select 1 from ${MEMBERS_TABLE} sm where sm.tenant_id = ${input.tenantId}
    and sm.id = ${input.memberId} and sm.marketing_center = ${input.scope.centreId})`;
}
