import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope';
import { describeRoute } from '../../../http/openapi.schemas';
import { authOf } from '../../auth/access.hook';
import { SALES_INTEGRATION } from '../../points/points.routes';
import { codesDocs } from './codes.openapi';
import { registerCodeResolver } from '../../coupons/redeem.service';
import { bindCode, redeemableCode } from './codes.service';

/** The app's and the till's entry point of coupon code export (README.md): bind a code to a member. */

const bindSchema = {
  body: {
    type: 'object',
    required: ['code', 'memberId'],
    additionalProperties: false,
    properties: {
      code: { type: 'string', minLength: 1, maxLength: 32, pattern: '^\\s*[A-Za-z0-9]+\\s*$' },
      memberId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
    },
  },
} as const;

export async function codesRoutes(app: FastifyInstance): Promise<void> {
  // A till may redeem a code without binding it first (POST /v1/coupons/redeem).
  registerCodeResolver(redeemableCode);
  app.post<{ Body: { code: string; memberId: number } }>(
    '/v1/coupon-codes/bind',
    { schema: describeRoute(bindSchema, codesDocs.bind), config: { requires: SALES_INTEGRATION } },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await bindCode({
          db: app.database.db,
          binder: { tenantId: auth.tenantId, userId: auth.userId, zone: request.ctx.timeZone },
          now: app.clock(),
          code: request.body.code,
          memberId: request.body.memberId,
        }),
      );
    },
  );
}
