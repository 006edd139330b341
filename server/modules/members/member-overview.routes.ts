import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PermissionRef } from '../../../resources/catalog/types';
import type { MemberOverview } from '../../../resources/contract/member.types';
import { storeResource } from '../../../resources/datum/store.resource';
import { levelResource } from '../../../resources/member/level.resource';
import { deriveTable } from '../../crud/table.derive';
import { ok } from '../../http/envelope';
import { centreRequired } from '../../http/request-context';
import { authOf } from '../auth/access.hook';
import { memberOverviewDocs } from './member.openapi';
import { MEMBER_COUNTS, membersDays } from '../reports/daily-totals';

/**
 * `POST /v1/member/overview` (member/home): members by state (capitalised variants counted with
 * their lower-case state) and by level, new members per day over the last 30 days (days of the
 * caller's time zone) and the stores that registered most of them.
 *
 * Whose members: a user who may work in every centre sees the whole merchant (the overview is a
 * headquarters screen, like the standard member list); a user limited to some centres sees the
 * centre chosen in the header only (the access hook has checked it is one of theirs).
 *
 * The counts are sums of the members' kept counts (server/modules/reports): by centre, state and
 * level (member_counts), and by registration day (members_daily; the members themselves for a
 * caller whose days are not the totals', another time zone).
 */

/** The member overview's permission. */
export const MEMBER_OVERVIEW: readonly PermissionRef[] = [{ resourceId: '会员/会员概览', action: '数据查看' }];

/** Days of the new-members chart. */
export const OVERVIEW_DAYS = 30;
/** Stores in the ranking. */
export const TOP_STORES = 10;

/** The overview's answer (the contract's shape, the member home screen reads it). */
export type { MemberOverview };

const num = (value: unknown) => Number(value ?? 0);

/** Routes of the member module beyond the declared member resources. */
export async function memberOverviewRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const stores = sql.identifier(getTableName(deriveTable(storeResource)));
  const levels = sql.identifier(getTableName(deriveTable(levelResource)));

  app.post(
    '/v1/member/overview',
    {
      config: { requires: MEMBER_OVERVIEW },
      schema: { summary: 'Member overview: by state, by level, new members per day, top stores', ...memberOverviewDocs },
    },
    async (request) => {
      const auth = authOf(request);
      const zone = request.ctx.timeZone;
      const parts: SQL[] = [sql`d.tenant_id = ${auth.tenantId}`];
      if (auth.marketingCenterIds !== null) {
        const centre = request.ctx.marketingCenter;
        if (centre === null) throw centreRequired();
        parts.push(sql`d.marketing_center = ${centre}`);
      }
      const where = sql.join(parts, sql` and `);
      const today = sql`(now() at time zone ${zone})::date`;
      const chartStart = sql`${today} - ${OVERVIEW_DAYS - 1}::int`;
      const d = membersDays(zone);

      const byState = await db.execute<{ state: string; n: number }>(sql`
      select lower(d.state) as state, sum(d.entries)::int as n from ${MEMBER_COUNTS} where ${where}
      group by 1 having sum(d.entries) <> 0 order by 2 desc`);
      const byLevel = await db.execute<{ level: number | null; name: string | null; n: number }>(sql`
      select c.level, l.name, c.n from (
        select d.level, sum(d.entries)::int as n from ${MEMBER_COUNTS} where ${where} group by d.level having sum(d.entries) <> 0
      ) c left join ${levels} l on l.tenant_id = ${auth.tenantId} and l.id = c.level
      order by l.rank_order nulls last, c.level`);
      const daily = await db.execute<{ day: string; n: number }>(sql`
      with days as (
        select generate_series(${chartStart}, ${today}, interval '1 day')::date as day
      ), counts as (
        select d.day, sum(d.entries)::int as n from ${d} where ${where} and d.day >= ${chartStart} group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(counts.n, 0) as n
      from days left join counts on counts.day = days.day order by days.day`);
      const top = await db.execute<{ store: number | null; name: string | null; n: number }>(sql`
      select d.register_store as store, s.name, sum(d.entries)::int as n
      from ${d} left join ${stores} s on s.tenant_id = d.tenant_id and s.id = d.register_store
      where ${where} and d.day >= ${chartStart}
      group by d.register_store, s.name having sum(d.entries) > 0 order by n desc, d.register_store nulls last limit ${TOP_STORES}`);

      const states = byState.rows.map((r) => ({ state: String(r.state), count: num(r.n) }));
      const days = daily.rows.map((r) => ({ date: String(r.day), count: num(r.n) }));
      const overview: MemberOverview = {
        total: states.reduce((sum, s) => sum + s.count, 0),
        byState: states,
        byLevel: byLevel.rows.map((r) => ({ levelId: r.level === null ? null : num(r.level), levelName: r.name ?? null, count: num(r.n) })),
        daily: days,
        newInPeriod: days.reduce((sum, d) => sum + d.count, 0),
        topStores: top.rows.map((r) => ({ storeId: r.store === null ? null : num(r.store), storeName: r.name ?? null, count: num(r.n) })),
      };
      return ok(overview);
    },
  );
}
