import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PermissionRef } from '../../../resources/catalog/types';
import { likeEscape } from '../../crud/query.filters';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { pointsDocs } from './points.openapi';
import { lookUpStores, STORE_LOOKUP_SCHEMA, STORES_TABLE } from '../reads/store-lookup';
import { authOf } from '../auth/access.hook';
import { formatDateTime } from '../../crud/zoned-time';
import { MEMBERS_TABLE, POINTS_READ, pointsReadScope, scopeCondition, type PointsReadScope } from './points.scope';

/**
 * Reads of the points screens beyond the ledger's own routes (points.routes.ts):
 *
 * - `POST /v1/points/accounts/query`: points accounts (score-query-list) with the member's name,
 *   mobile and number, filtered by member (id, or a keyword: the start of a mobile, member or
 *   card number, or part of a name) and balance, sorted, paged by page number; the total is
 *   exact up to a cap, like every list.
 * - `GET /v1/points/stores?id=&keyword=`: store names for the ledger's store column and its store
 *   filter, for readers of the ledger who do not hold the store master's permission.
 * - `POST /v1/points/overview`: the points overview (score/home): this month's issued, used and
 *   expired points, the outstanding balance, the last 30 days day by day, and the stores that
 *   issued most this month. Days and months are those of the caller's time zone.
 *
 * "Issued" is every positive entry (earnings and positive adjustments); "used" every negative
 * entry except expiry (spends, reversals, negative adjustments); "expired" the expiry entries.
 */

/** The points overview screen's permission. */
export const POINTS_OVERVIEW: readonly PermissionRef[] = [{ resourceId: '积分/积分概览', action: '数据查看' }];

/** Rows counted exactly before the total is reported as "more than". */
const TOTAL_CAP = 10_000;
/** Days of the overview's chart. */
export const OVERVIEW_DAYS = 30;
/** Stores in the overview's ranking. */
export const TOP_STORES = 10;

/** The sortable columns of the accounts list, with the type their keyset value is read back as. */
const ACCOUNT_SORTS = {
  memberId: { column: sql.raw('a.member_id'), type: sql.raw('bigint') },
  balance: { column: sql.raw('a.balance'), type: sql.raw('numeric') },
  totalEarned: { column: sql.raw('a.total_earned'), type: sql.raw('numeric') },
  totalSpent: { column: sql.raw('a.total_spent'), type: sql.raw('numeric') },
  updatedAt: { column: sql.raw('a.updated_at'), type: sql.raw('timestamptz') },
} as const;
type AccountSort = keyof typeof ACCOUNT_SORTS;

/** The filters of the accounts list (and of its export). */
export interface AccountFilters {
  memberId?: number;
  keyword?: string;
  balance?: [number | null, number | null];
}
/** The order of the accounts list: one column, then the member id the same way. */
export type AccountSorters = { field: AccountSort; order: 'asc' | 'desc' }[];

interface AccountsBody {
  page?: number;
  pageSize?: number;
  filters?: AccountFilters;
  sorters?: AccountSorters;
}

/** The JSON schemas of the accounts list's filters and order, shared with its export. */
export const ACCOUNT_QUERY_SCHEMA = {
  filters: {
    type: 'object',
    additionalProperties: false,
    properties: {
      memberId: { type: 'integer', minimum: 1 },
      /** Start of a mobile, member number or card number, or part of a name. */
      keyword: { type: 'string', maxLength: 40 },
      balance: { type: 'array', minItems: 2, maxItems: 2, items: { type: ['integer', 'null'] } },
    },
  },
  sorters: {
    type: 'array',
    maxItems: 1,
    items: {
      type: 'object',
      required: ['field', 'order'],
      additionalProperties: false,
      properties: { field: { enum: Object.keys(ACCOUNT_SORTS) }, order: { enum: ['asc', 'desc'] } },
    },
  },
} as const;

const accountsSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
      ...ACCOUNT_QUERY_SCHEMA,
    },
  },
} as const;

function accountConditions(tenantId: number, filters: AccountFilters): SQL {
  const parts: SQL[] = [sql`a.tenant_id = ${tenantId}`];
  if (filters.memberId) parts.push(sql`a.member_id = ${filters.memberId}`);
  const keyword = filters.keyword?.trim() ?? '';
  if (keyword !== '') {
    // Prefixes are served by the members' prefix indexes, the name by its trigram index.
    const prefix = `${likeEscape(keyword)}%`;
    parts.push(sql`exists (select 1 from ${MEMBERS} m where m.tenant_id = a.tenant_id and m.id = a.member_id
      and (m.mobile like ${prefix} or m.member_number like ${prefix} or m.card_number like ${prefix}
        or m.name ilike ${`%${likeEscape(keyword)}%`}))`);
  }
  const [min, max] = filters.balance ?? [null, null];
  if (min !== null && min !== undefined) parts.push(sql`a.balance >= ${min}`);
  if (max !== null && max !== undefined) parts.push(sql`a.balance <= ${max}`);
  return sql.join(parts, sql` and `);
}

/** One points account row as the accounts list reads it (`sort_key`: its sort column as text). */
export type AccountRow = {
  member_id: number;
  name: string | null;
  mobile: string | null;
  member_number: string | null;
  balance: number;
  total_earned: number;
  total_spent: number;
  updated_at: string;
  sort_key: string;
};

/**
 * The statement of the accounts a query selects within the caller's scope, in the list's order:
 * a page (`offset`), or the rows after a keyset position (`after`: the last row's sort key and
 * member id), as the export reads them.
 */
export function accountsStatement(args: {
  tenantId: number;
  scope: PointsReadScope;
  filters: AccountFilters;
  sorters: AccountSorters;
  limit: number;
  offset?: number;
  after?: { sortKey: string; memberId: number };
}): SQL {
  const where = sql`${accountConditions(args.tenantId, args.filters)} and ${accountsScope(args)}`;
  const sorter = args.sorters[0] ?? { field: 'memberId', order: 'asc' };
  const { column, type } = ACCOUNT_SORTS[sorter.field];
  const direction = sql.raw(sorter.order === 'desc' ? 'desc' : 'asc');
  const after = args.after
    ? sql` and (${column}, a.member_id) ${sql.raw(sorter.order === 'desc' ? '<' : '>')} (${args.after.sortKey}::${type}, ${args.after.memberId})`
    : sql``;
  return sql`
      select a.member_id, m.name, m.mobile, m.member_number, a.balance, a.total_earned, a.total_spent, a.updated_at,
        ${column}::text as sort_key
      from points_accounts a left join ${MEMBERS} m on m.tenant_id = a.tenant_id and m.id = a.member_id
      where ${where}${after}
      order by ${column} ${direction}, a.member_id ${direction}
      limit ${args.limit} offset ${args.offset ?? 0}`;
}

/** How many accounts a query selects, counted exactly up to `cap` (then `cap + 1`). */
export function accountsCount(args: { tenantId: number; scope: PointsReadScope; filters: AccountFilters; cap: number }): SQL {
  const where = sql`${accountConditions(args.tenantId, args.filters)} and ${accountsScope(args)}`;
  return sql`select count(*)::int as n from (select 1 from points_accounts a where ${where} limit ${args.cap + 1}) capped`;
}

function accountsScope(args: { tenantId: number; scope: PointsReadScope }): SQL {
  return scopeCondition({ scope: args.scope, tenantId: args.tenantId, memberId: sql`a.member_id` });
}

const num = (value: unknown) => Number(value ?? 0);

/** An account row as the list answers it, its time in `zone`. */
export function accountRecord(r: AccountRow, zone: string) {
  return {
    memberId: num(r.member_id),
    memberName: r.name,
    mobile: r.mobile,
    memberNumber: r.member_number,
    balance: num(r.balance),
    totalEarned: num(r.total_earned),
    totalSpent: num(r.total_spent),
    updatedAt: formatDateTime(new Date(r.updated_at), zone),
  };
}

/** The member table, for names, mobiles and numbers. */
const MEMBERS = MEMBERS_TABLE;

/** Routes of the points screens' reads. */
export async function pointsReportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const stores = STORES_TABLE;

  app.post<{ Body: AccountsBody }>(
    '/v1/points/accounts/query',
    {
      schema: describeRoute(accountsSchema, pointsDocs.accounts),
      config: { requires: POINTS_READ },
    },
    async (request) => {
      const { tenantId } = authOf(request);
      const { page = 1, pageSize = 20, filters = {}, sorters = [] } = request.body ?? {};
      const scope = pointsReadScope(request);
      const rows = await db.execute<AccountRow>(
        accountsStatement({ tenantId, scope, filters, sorters, limit: pageSize, offset: (page - 1) * pageSize }),
      );
      const counted = await db.execute<{ n: number }>(accountsCount({ tenantId, scope, filters, cap: TOTAL_CAP }));
      const n = num(counted.rows[0]?.n);
      const zone = request.ctx.timeZone;
      return ok({
        total: Math.min(n, TOTAL_CAP),
        totalIsEstimate: n > TOTAL_CAP,
        records: rows.rows.map((r) => accountRecord(r, zone)),
      });
    },
  );

  app.get<{ Querystring: { id?: number[]; keyword?: string } }>(
    '/v1/points/stores',
    {
      schema: describeRoute(STORE_LOOKUP_SCHEMA, pointsDocs.stores),
      config: { requires: [...POINTS_READ, ...POINTS_OVERVIEW] },
    },
    async (request) => {
      const { tenantId } = authOf(request);
      return ok(await lookUpStores({ db, tenantId, ids: request.query.id, keyword: request.query.keyword }));
    },
  );

  app.post(
    '/v1/points/overview',
    { schema: describeRoute({}, pointsDocs.overview), config: { requires: POINTS_OVERVIEW } },
    async (request) => {
      const { tenantId } = authOf(request);
      const zone = request.ctx.timeZone;
      // Local midnight of the first of this month, and of the first day of the chart.
      const monthStart = sql`(date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`;
      const today = sql`(now() at time zone ${zone})::date`;
      const chartStart = sql`((${today} - ${OVERVIEW_DAYS - 1}::int)::timestamp at time zone ${zone})`;

      const month = await db.execute<{ issued: number; used: number; expired: number }>(sql`select
        coalesce(sum(delta) filter (where delta > 0), 0) as issued,
        coalesce(-sum(delta) filter (where delta < 0 and kind <> 'expire'), 0) as used,
        coalesce(-sum(delta) filter (where kind = 'expire'), 0) as expired
      from points_entries where tenant_id = ${tenantId} and occurred_at >= ${monthStart}`);
      const accounts = await db.execute<{ outstanding: number; holders: number }>(sql`select
        coalesce(sum(balance), 0) as outstanding, count(*) filter (where balance > 0) as holders
      from points_accounts where tenant_id = ${tenantId}`);
      const daily = await db.execute<{ day: string; issued: number; used: number }>(sql`
      with days as (
        select generate_series(${today} - ${OVERVIEW_DAYS - 1}::int, ${today}, interval '1 day')::date as day
      ), sums as (
        select (occurred_at at time zone ${zone})::date as day,
          sum(delta) filter (where delta > 0) as issued,
          -sum(delta) filter (where delta < 0 and kind <> 'expire') as used
        from points_entries where tenant_id = ${tenantId} and occurred_at >= ${chartStart}
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sums.issued, 0) as issued, coalesce(sums.used, 0) as used
      from days left join sums on sums.day = days.day order by days.day`);
      const top = await db.execute<{ store_id: number | null; name: string | null; issued: number }>(sql`
      select e.store_id, s.name, sum(e.delta) as issued
      from points_entries e left join ${stores} s on s.tenant_id = e.tenant_id and s.id = e.store_id
      where e.tenant_id = ${tenantId} and e.occurred_at >= ${monthStart} and e.delta > 0
      group by e.store_id, s.name order by issued desc, e.store_id nulls last limit ${TOP_STORES}`);

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
