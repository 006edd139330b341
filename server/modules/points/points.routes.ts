import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PermissionRef } from '../../../resources/catalog/types';
import { ok } from '../../http/envelope';
import { authOf } from '../auth/access.hook';
import { formatDateTime } from '../../crud/zoned-time';
import { spendPoints, type SpendInput } from './spend.service';
import { idempotentReply } from '../idempotency/idempotency.service';
import { POINTS_READ, pointsReadScope, scopeCondition } from './points.scope';
import { notFound } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { pointsDocs } from './points.openapi';
import { entrySources } from './entry-sources';
import { DAY_RANGE_SCHEMA, dayRangeCondition } from '../reads/day-range';
import type { Db } from '../../db/connection';
import { KEYSET_PAGING_PROPERTIES } from '../reads/paging';
import { LEDGER_CHANNELS } from '../../db/schema/channels';

/** A §4 channel in a request body (nullable where it may be left out). */
const CHANNEL_SCHEMA = { type: 'string', enum: LEDGER_CHANNELS } as const;

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

export interface EntryFilters {
  memberId?: number;
  storeId?: number;
  sourceType?: string;
  kind?: string;
  channel?: string;
  occurredAt?: [string, string];
}

export const entriesSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...KEYSET_PAGING_PROPERTIES,
      filters: {
        type: 'object',
        additionalProperties: false,
        properties: {
          memberId: { type: 'integer', minimum: 1 },
          storeId: { type: 'integer', minimum: 1 },
          sourceType: { type: 'string', maxLength: 32 },
          kind: { type: 'string', maxLength: 16 },
          channel: CHANNEL_SCHEMA,
          occurredAt: DAY_RANGE_SCHEMA,
        },
      },
    },
  },
} as const;

/** Date-range filters are whole days in the caller's time zone. */
export function entryConditions(input: { tenantId: number; filters: EntryFilters; timeZone: string; scope: SQL }): SQL {
  const { filters, tenantId, timeZone } = input;
  const parts: SQL[] = [sql`tenant_id = ${tenantId}`, input.scope];
  if (filters.memberId) parts.push(sql`member_id = ${filters.memberId}`);
  if (filters.storeId) parts.push(sql`store_id = ${filters.storeId}`);
  if (filters.sourceType) parts.push(sql`source_type = ${filters.sourceType}`);
  if (filters.kind) parts.push(sql`kind = ${filters.kind}`);
  if (filters.channel) parts.push(sql`channel = ${filters.channel}`);
  if (filters.occurredAt) parts.push(dayRangeCondition(sql`occurred_at`, filters.occurredAt, timeZone));
  return sql.join(parts, sql` and `);
}

/**
 * The count and totals of a ledger query. With the member as the only filter they are the
 * member's account row, which every posting and expiry keeps (points.ledger.ts: entry_count,
 * total_earned, total_spent + total_expired), so a member with 50,000 entries is not re-summed on
 * every page. Any other filter sums the matching entries, capped so a filter over millions of
 * entries stays cheap.
 */
async function entryTotals(args: {
  db: Db;
  tenantId: number;
  filters: EntryFilters;
  where: SQL;
  scope: SQL;
}): Promise<{ total: number; earned: number; spent: number }> {
  const { db, tenantId, filters } = args;
  type Totals = { total: number; earned: number; spent: number };
  const onlyMember = Boolean(filters.memberId) && Object.entries(filters).every(([key, value]) => key === 'memberId' || !value);
  if (onlyMember) {
    const account = await db.execute<Totals>(sql`select entry_count as total, total_earned as earned,
        total_spent + total_expired as spent
      from points_accounts where tenant_id = ${tenantId} and member_id = ${filters.memberId} and ${args.scope}`);
    return account.rows[0] ?? { total: 0, earned: 0, spent: 0 };
  }
  const totals = await db.execute<Totals>(sql`select count(*) as total,
      coalesce(sum(delta) filter (where delta > 0), 0) as earned, coalesce(-sum(delta) filter (where delta < 0), 0) as spent
    from (select delta from points_entries where ${args.where} limit 100001) capped`);
  return totals.rows[0];
}

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
      if (scope.kind === 'centre') {
        const visible = await db.execute(
          sql`select 1 where ${scopeCondition({ scope, tenantId, memberId: sql`${request.query.memberId}` })}`,
        );
        if (visible.rows.length === 0) throw notFound('points.memberNotFound');
      }
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

  app.post<{ Body: { page?: number; pageSize?: number; cursor?: number | null; filters?: EntryFilters } }>(
    '/v1/points/entries/query',
    {
      schema: describeRoute(entriesSchema, pointsDocs.entries),
      config: { requires: POINTS_READ },
    },
    async (request) => {
      const { tenantId } = authOf(request);
      const { page = 1, pageSize = 20, cursor, filters = {} } = request.body ?? {};
      const scope = scopeCondition({ scope: pointsReadScope(request), tenantId, memberId: sql`member_id` });
      const where = entryConditions({ tenantId, filters, timeZone: request.ctx.timeZone, scope });
      const keyset = cursor ? sql` and id < ${cursor}` : sql``;
      const offset = cursor ? 0 : (page - 1) * pageSize;
      const rows = await db.execute<Record<string, unknown>>(sql`select id, member_id, delta, balance_after, kind, source_type,
        source_id, store_id, operator_id, channel, occurred_at, expires_at, remark, idempotency_key
      from points_entries where ${where}${keyset} order by id desc limit ${pageSize} offset ${offset}`);
      const sources = await entrySources({ db, tenantId, rows: rows.rows });
      const t = await entryTotals({ db, tenantId, filters, where, scope });
      const zone = request.ctx.timeZone;
      const records = rows.rows.map((r) => ({
        id: Number(r.id),
        memberId: Number(r.member_id),
        delta: Number(r.delta),
        balanceAfter: Number(r.balance_after),
        kind: r.kind,
        sourceType: r.source_type,
        sourceId: r.source_id,
        storeId: r.store_id === null ? null : Number(r.store_id),
        operatorId: r.operator_id === null ? null : Number(r.operator_id),
        channel: r.channel ?? null,
        occurredAt: formatDateTime(new Date(r.occurred_at as string), zone),
        expiresAt: formatDateTime(r.expires_at ? new Date(r.expires_at as string) : null, zone),
        remark: r.remark,
        reason: sources.get(Number(r.id))?.reason ?? null,
        documentId: sources.get(Number(r.id))?.documentId ?? null,
      }));
      return ok({
        total: Math.min(Number(t.total), 100000),
        totalIsEstimate: Number(t.total) > 100000,
        records,
        nextCursor: records.length === pageSize ? records[records.length - 1].id : null,
        totals: { earned: Number(t.earned), spent: Number(t.spent) },
      });
    },
  );
}
