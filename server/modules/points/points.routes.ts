import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PermissionRef } from '../../../resources/catalog/types';
import { ok } from '../../http/envelope';
import { authOf } from '../auth/access.hook';
import { formatDateTime } from '../../crud/zoned-time';
import { spendPoints, type SpendInput } from './spend.service';
import { idempotentReply } from '../idempotency/idempotency.service';
import { MEMBERS_TABLE, POINTS_READ, pointsReadScope, scopeCondition } from './points.scope';
import { notFound } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { pointsDocs } from './points.openapi';
import { LEDGER_CHANNELS } from '../../db/schema/channels';

/** Tills and other systems post sales with an account holding this grant. */
export { POINTS_READ };

export const SALES_INTEGRATION: readonly PermissionRef[] = [{ resourceId: '积分/积分查询/交易接入', action: 'configure' }];

const spendSchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'memberId', 'points'],
    additionalProperties: false,
    properties: {
      requestNo: { type: 'string', minLength: 1, maxLength: 64 },
      memberId: { type: 'integer', minimum: 1 },
      points: { type: 'integer', minimum: 1, maximum: 100000000 },
      storeId: { type: ['integer', 'null'], minimum: 1 },
      channel: { type: ['string', 'null'], enum: [...LEDGER_CHANNELS, null] },
      remark: { type: 'string', maxLength: 200 },
    },
  },
} as const;

/** Routes of the points ledger: sales in, returns, ledger and account reads. */
export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  // Spending moves points: it runs under the idempotency rule (server/modules/idempotency); the
  // sale and the return are the sale module's (sale/sale.routes.ts).
  app.post<{ Body: SpendInput }>(
    '/v1/points/spend',
    { schema: describeRoute(spendSchema, pointsDocs.spend), config: { requires: SALES_INTEGRATION } },
    async (request, reply) => {
      const auth = authOf(request);
      return idempotentReply(reply, await spendPoints({ db, tenantId: auth.tenantId, operatorId: auth.userId, spend: request.body }));
    },
  );

  app.get<{ Querystring: { memberId: number } }>(
    '/v1/points/account',
    {
      schema: describeRoute(
        { querystring: { type: 'object', required: ['memberId'], properties: { memberId: { type: 'integer', minimum: 1 } } } },
        pointsDocs.account,
      ),
      config: { requires: POINTS_READ },
    },
    async (request) => {
      const { tenantId } = authOf(request);
      const scope = pointsReadScope(request);
      // An unknown member, another merchant's or another centre's has no account here: 404, not
      // an empty account (issue 24 §6).
      const visible = await db.execute(
        sql`select 1 from ${MEMBERS_TABLE} m where m.tenant_id = ${tenantId} and m.id = ${request.query.memberId}
          and ${scopeCondition({ scope, tenantId, memberId: sql`${request.query.memberId}` })}`,
      );
      if (visible.rows.length === 0) throw notFound('points.memberNotFound');
      const result = await db.execute<{
        balance: number;
        total_earned: number;
        total_spent: number;
        expiring: number;
        next_expiry: Date | null;
      }>(sql`
      select coalesce(a.balance, 0) as balance, coalesce(a.total_earned, 0) as total_earned, coalesce(a.total_spent, 0) as total_spent,
        (select coalesce(sum(remaining), 0) from points_lots l where l.tenant_id = ${tenantId} and l.member_id = ${request.query.memberId}
           and l.remaining > 0 and l.expires_at is not null) as expiring,
        (select min(expires_at) from points_lots l where l.tenant_id = ${tenantId} and l.member_id = ${request.query.memberId}
           and l.remaining > 0) as next_expiry
      from (select 1) one
      left join points_accounts a on a.tenant_id = ${tenantId} and a.member_id = ${request.query.memberId}`);
      const row = result.rows[0];
      return ok({
        memberId: request.query.memberId,
        balance: Number(row.balance),
        totalEarned: Number(row.total_earned),
        totalSpent: Number(row.total_spent),
        expiringPoints: Number(row.expiring),
        nextExpiry: formatDateTime(row.next_expiry ? new Date(row.next_expiry) : null, request.ctx.timeZone),
      });
    },
  );
}
