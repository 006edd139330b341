import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../crud/zoned-time';
import { ok } from '../../../http/envelope';
import { describeRoute } from '../../../http/openapi.schemas';
import { authOf } from '../../auth/access.hook';
import { SALES_INTEGRATION } from '../../points/points.routes';
import { ACTIVITY_READ_ANY } from '../engine/activity-access';
import { readableActivity } from '../engine/engine.routes';
import { claimCoupons, issueClaimToken, simulateClaim, splashOffer } from './claim.service';
import { claimBody, claimDocs, claimTokenBody, splashOfferBody } from './claims.openapi';

/**
 * Server module `activity-claims`: a member's coupon claim from the mini program (README.md). The
 * token, the claim and the app's splash-screen offer are the mini program's calls, with its application key
 * (server/modules/applications), under the integration grant tills and member apps spend and
 * exchange points with; the simulator is the console's, for whoever reads the activity.
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

  // The app, as the member opens it: the splash-screen coupons offered to them now, with a token.
  app.post<{ Body: { memberId: number } }>(
    '/v1/activities/splash-offer',
    { schema: describeRoute({ body: splashOfferBody }, claimDocs.splashOffer), config: { requires: SALES_INTEGRATION } },
    async (request) => {
      const auth = authOf(request);
      const offer = await splashOffer({ db, tenantId: auth.tenantId, operatorId: auth.userId, now: app.clock(), ...request.body });
      return ok({ offer: offer && { ...offer, expiresAt: formatDateTime(offer.expiresAt, request.ctx.timeZone) } });
    },
  );

  // The detail's simulator: whoever reads the activity's entry.
  app.post<{ Body: { activityId: number; memberId: number } }>(
    '/v1/activities/simulate-claim',
    { schema: describeRoute({ body: claimTokenBody }, claimDocs.simulate), config: { requires: ACTIVITY_READ_ANY } },
    async (request) => {
      const auth = authOf(request);
      const activity = await readableActivity(app, request, request.body.activityId);
      return ok(
        await simulateClaim({
          db,
          tenantId: auth.tenantId,
          operatorId: auth.userId,
          now: app.clock(),
          activity,
          memberId: request.body.memberId,
        }),
      );
    },
  );
}
