import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PermissionRef } from '../../../resources/catalog/types';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { pointsDocs } from './points.openapi';
import { STORES_TABLE } from '../reads/store-lookup';
import { authOf } from '../auth/access.hook';
import { pointsDays } from '../reports/daily-totals';

/**
 * The points overview's read (the accounts and the ledger are the query views points-accounts
 * and points-entries, points-*.source.ts):
 *
 * - `POST /v1/points/overview`: the points overview (score/home): this month's issued, used and
 *   expired points, the outstanding balance, the last 30 days day by day, and the stores that
 *   issued most this month. Days and months are those of the caller's time zone.
 *
 * "Issued" is every positive entry (earnings and positive adjustments); "used" every negative
 * entry except expiry (spends, reversals, negative adjustments); "expired" the expiry entries.
 * The figures are sums of the points ledger's daily totals (server/modules/reports), or of the
 * entries themselves for a caller whose days are not the totals' (another time zone).
 */

/** The points overview screen's permission. */
export const POINTS_OVERVIEW: readonly PermissionRef[] = [{ resourceId: '积分/积分概览', action: '数据查看' }];

/** Days of the overview's chart. */
export const OVERVIEW_DAYS = 30;
/** Stores in the overview's ranking. */
export const TOP_STORES = 10;

const num = (value: unknown) => Number(value ?? 0);

/** Routes of the points screens' reads. */
export async function pointsReportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const stores = STORES_TABLE;

  app.post(
    '/v1/points/overview',
    { schema: describeRoute({}, pointsDocs.overview), config: { requires: POINTS_OVERVIEW } },
    async (request) => {
      const { tenantId } = authOf(request);
      const zone = request.ctx.timeZone;
      const today = sql`(now() at time zone ${zone})::date`;
      const monthStart = sql`date_trunc('month', ${today})::date`;
      const d = pointsDays(zone);

      const month = await db.execute<{ issued: number; used: number; expired: number }>(sql`select
        coalesce(sum(d.delta_in), 0) as issued,
        coalesce(sum(d.delta_in - d.delta) filter (where d.kind <> 'expire'), 0) as used,
        coalesce(-sum(d.delta) filter (where d.kind = 'expire'), 0) as expired
      from ${d} where d.tenant_id = ${tenantId} and d.day >= ${monthStart}`);
      const accounts = await db.execute<{ outstanding: number; holders: number }>(sql`select
        coalesce(sum(balance), 0) as outstanding, count(*) filter (where balance > 0) as holders
      from points_accounts where tenant_id = ${tenantId}`);
      const daily = await db.execute<{ day: string; issued: number; used: number }>(sql`
      with days as (
        select generate_series(${today} - ${OVERVIEW_DAYS - 1}::int, ${today}, interval '1 day')::date as day
      ), sums as (
        select d.day, sum(d.delta_in) as issued, sum(d.delta_in - d.delta) filter (where d.kind <> 'expire') as used
        from ${d} where d.tenant_id = ${tenantId} and d.day >= ${today} - ${OVERVIEW_DAYS - 1}::int
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sums.issued, 0) as issued, coalesce(sums.used, 0) as used
      from days left join sums on sums.day = days.day order by days.day`);
      const top = await db.execute<{ store_id: number | null; name: string | null; issued: number }>(sql`
      select d.store_id, s.name, sum(d.delta_in) as issued
      from ${d} left join ${stores} s on s.tenant_id = d.tenant_id and s.id = d.store_id
      where d.tenant_id = ${tenantId} and d.day >= ${monthStart}
      group by d.store_id, s.name having sum(d.delta_in) > 0 order by issued desc, d.store_id nulls last limit ${TOP_STORES}`);

      const m = month.rows[0];
      const a = accounts.rows[0];
      return ok({
        month: { issued: num(m?.issued), used: num(m?.used), expired: num(m?.expired) },
        outstanding: num(a?.outstanding),
        holders: num(a?.holders),
        daily: daily.rows.map((r) => ({ date: String(r.day), issued: num(r.issued), used: num(r.used) })),
        topStores: top.rows.map((r) => ({
          storeId: r.store_id === null ? null : num(r.store_id),
          storeName: r.name,
          issued: num(r.issued),
        })),
      });
    },
  );
}
