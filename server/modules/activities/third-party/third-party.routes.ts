import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describeRoute } from '../../../http/openapi.schemas';
import { authOf } from '../../auth/access.hook';
import { idempotentReply } from '../../idempotency/idempotency.service';
import { familyRefs } from '../activity.hooks';
import { thirdPartyDocs } from './third-party.openapi';
import {
  cancelThirdParty,
  issueThirdParty,
  type ThirdCancelInput,
  type ThirdIssueInput,
  type ThirdPartyCaller,
} from './third-party.service';

/**
 * The partner's entry points of third-party issuing (README.md): issue and cancel, each needing
 * 配置维护 on 营销/第三方发券 and, per activity, being the activity's issuing application.
 */

const MAINTAIN = familyRefs('THIRD_COUPON', ['配置维护']);
const ID = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
const REQUEST_NO = { type: 'string', minLength: 1, maxLength: 64, pattern: '^\\S+$' } as const;

const issueSchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'activityId', 'memberId'],
    additionalProperties: false,
    properties: { requestNo: REQUEST_NO, activityId: ID, memberId: ID, quantity: { type: 'integer', minimum: 1, maximum: 100 } },
  },
} as const;

const cancelSchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'activityId', 'issueRequestNo'],
    additionalProperties: false,
    properties: {
      requestNo: REQUEST_NO,
      activityId: ID,
      issueRequestNo: REQUEST_NO,
      reason: { type: ['string', 'null'], maxLength: 200 },
    },
  },
} as const;

const callerOf = (request: FastifyRequest): ThirdPartyCaller => {
  const auth = authOf(request);
  return {
    tenantId: auth.tenantId,
    userId: auth.userId,
    applicationId: auth.application?.id ?? null,
    zone: request.ctx.timeZone,
    locale: request.ctx.locale,
  };
};

export async function thirdPartyRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ThirdIssueInput }>(
    '/v1/third-coupon/issue',
    { schema: describeRoute(issueSchema, thirdPartyDocs.issue), config: { requires: MAINTAIN } },
    async (request, reply) =>
      idempotentReply(
        reply,
        await issueThirdParty({ db: app.database.db, caller: callerOf(request), now: app.clock(), issue: request.body }),
      ),
  );

  app.post<{ Body: ThirdCancelInput }>(
    '/v1/third-coupon/cancel',
    { schema: describeRoute(cancelSchema, thirdPartyDocs.cancel), config: { requires: MAINTAIN } },
    async (request, reply) =>
      idempotentReply(
        reply,
        await cancelThirdParty({ db: app.database.db, caller: callerOf(request), now: app.clock(), cancel: request.body }),
      ),
  );
}
