import type { FastifyInstance } from 'fastify';
import type { PermissionRef } from '../../../resources/catalog/types';
import { memberResource } from '../../../resources/member/member.resource';
import { actorOf } from '../../crud/actor';
import { runAction } from '../../crud/crud.operations';
import { buildRegistry, servedResources } from '../../crud/resource-registry';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { eventAwardsOf } from '../activities/events/event-awards';
import { SALES_INTEGRATION } from '../points/points.routes';
import type { DomainWiring } from '../domain-manifest';
import { activationDocs } from './member.openapi';

/**
 * `POST /v1/members/activation` body `{ memberId }`: a member who registered but has not
 * activated the card (state `unactivated`, e.g. registered through WeChat) activates it. The
 * member resource's server action `activate` moves the state (one conditional update, logged in
 * the member's history), and its hook gives the activation gifts in the same transaction
 * (server/modules/activities/events/). A member in any other state answers 409 and nothing is
 * given. Who may call it: staff who maintain members, or the integration account of a channel
 * (the WeChat card's activation callback).
 */

export const MEMBER_ACTIVATION: readonly PermissionRef[] = [{ resourceId: '会员/标准会员', action: '配置维护' }, ...SALES_INTEGRATION];

const activationSchema = {
  body: {
    type: 'object',
    required: ['memberId'],
    additionalProperties: false,
    properties: { memberId: { type: 'integer', minimum: 1 } },
  },
} as const;

export async function memberActivationRoutes(app: FastifyInstance, wiring: DomainWiring): Promise<void> {
  const registry = buildRegistry(servedResources(wiring.hooks));
  const runtime = registry.get(memberResource.name);
  app.post<{ Body: { memberId: number } }>(
    '/v1/members/activation',
    { schema: describeRoute(activationSchema, activationDocs), config: { requires: MEMBER_ACTIVATION } },
    async (request) => {
      const actor = actorOf(request);
      const { memberId } = request.body;
      const record = await runAction({ db: app.database.db, registry, runtime, actor, id: memberId, action: 'activate' });
      const activities = await eventAwardsOf({
        db: app.database.db,
        tenantId: actor.tenantId,
        memberId,
        source: 'activate',
        sourceNo: 'activate',
      });
      return ok({ memberId, state: String(record.state), activities });
    },
  );
}
