import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../crud/zoned-time';
import { ok } from '../../../http/envelope';
import { describeRoute } from '../../../http/openapi.schemas';
import { authOf } from '../../auth/access.hook';
import { SALES_INTEGRATION } from '../../points/points.routes';
import { claimCoupons, issueClaimToken } from './claim.service';
import { claimBody, claimDocs, claimTokenBody } from './claims.openapi';

/**
 * Server module `activity-claims`: a member's coupon claim from the mini program (README.md). Both
 * calls are the mini program's, with its application key (server/modules/applications), under the
 * integration grant tills and member apps spend and exchange points with.
 */
export async function activityClaimRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post<{ Body: { activityId: number; memberId: number } }>(
    '/v1/activities/claim-token',
    { schema: describeRoute({ body: claimTokenBody }, claimDocs.token), config: { requires: SALES_INTEGRATION } },
    async (request) => {
      const { tenantId } = authOf(request);
      const answer = await issueClaimToken({ db, tenantId, now: app.clock(), ...request.body });
      return ok({ ...answer, expiresAt: formatDateTime(answer.expiresAt, request.ctx.timeZone) });
    },
  );

  app.post<{ Body: { memberId: number; token: string } }>(
    '/v1/activities/claim',
    { schema: describeRoute({ body: claimBody }, claimDocs.claim), config: { requires: SALES_INTEGRATION } },
    async (request) => {
      const auth = authOf(request);
      return ok(await claimCoupons({ db, tenantId: auth.tenantId, operatorId: auth.userId, now: app.clock(), ...request.body }));
    },
  );
}
