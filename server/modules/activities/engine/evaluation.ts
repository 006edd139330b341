import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';

/**
 * An activity's effect, from `activity_awards` alone: participants (distinct members),
 * transactions (givings), points (net of what returns took back), coupons (net of those voided),
 * gift units, the sales it drove, its cost (face value of the coupons given, gift value, payment
 * discounts net of what refunds took back), the cost by
 * bearer, and the same by the merchant's day. `from` / `to` are whole days (YYYY-MM-DD), inclusive.
 */

export interface EffectFigures {
  readonly participants: number;
  readonly transactions: number;
  readonly points: number;
  readonly coupons: number;
  readonly gifts: number;
  readonly salesAmount: string;
  readonly cost: string;
}
export interface Evaluation {
  readonly summary: EffectFigures;
  readonly costByBearer: readonly { readonly costPartyId: number | null; readonly costPartyName: string | null; readonly cost: string }[];
  readonly byDay: readonly (Omit<EffectFigures, 'gifts' | 'cost'> & { readonly day: string })[];
}

const FIGURES = sql`count(distinct member_id)::bigint as participants, count(*)::bigint as transactions,
  coalesce(sum(points - reversed_points), 0)::bigint as points, coalesce(sum(coupons - voided_coupons), 0)::bigint as coupons,
  coalesce(sum(gifts), 0)::bigint as gifts, coalesce(sum(sales_amount), 0)::numeric(16, 2)::text as sales_amount,
  coalesce(sum(cost - reversed_cost), 0)::numeric(16, 2)::text as cost`;

type FigureRow = {
  participants: number;
  transactions: number;
  points: number;
  coupons: number;
  gifts: number;
  sales_amount: string;
  cost: string;
};

const figures = (row: FigureRow | undefined): EffectFigures => ({
  participants: Number(row?.participants ?? 0),
  transactions: Number(row?.transactions ?? 0),
  points: Number(row?.points ?? 0),
  coupons: Number(row?.coupons ?? 0),
  gifts: Number(row?.gifts ?? 0),
  salesAmount: String(row?.sales_amount ?? '0.00'),
  cost: String(row?.cost ?? '0.00'),
});

export function evaluationWhere(input: { tenantId: number; activityId: number; from?: string; to?: string }): SQL {
  const parts = [sql`tenant_id = ${input.tenantId}`, sql`activity_id = ${input.activityId}`];
  if (input.from) parts.push(sql`local_day >= ${input.from}::date`);
  if (input.to) parts.push(sql`local_day <= ${input.to}::date`);
  return sql.join(parts, sql` and `);
}

export async function evaluateActivity(
  db: DbOrTx,
  input: { tenantId: number; activityId: number; from?: string; to?: string },
): Promise<Evaluation> {
  const where = evaluationWhere(input);
  const summary = await db.execute<FigureRow>(sql`select ${FIGURES} from activity_awards where ${where}`);
  const bearers = await db.execute<{ cost_party_id: number | null; name: string | null; cost: string }>(sql`
    select a.cost_party_id, cp.name, sum(a.cost - a.reversed_cost)::numeric(16, 2)::text as cost from activity_awards a
      left join cost_parties cp on cp.tenant_id = a.tenant_id and cp.id = a.cost_party_id
    where a.tenant_id = ${input.tenantId} and a.activity_id = ${input.activityId}
      ${input.from ? sql`and a.local_day >= ${input.from}::date` : sql``} ${input.to ? sql`and a.local_day <= ${input.to}::date` : sql``}
    group by a.cost_party_id, cp.name order by a.cost_party_id nulls last`);
  const days = await db.execute<FigureRow & { day: string }>(sql`select local_day::text as day, ${FIGURES} from activity_awards
    where ${where} group by local_day order by local_day`);
  return {
    summary: figures(summary.rows[0]),
    costByBearer: bearers.rows.map((row) => ({
      costPartyId: row.cost_party_id === null ? null : Number(row.cost_party_id),
      costPartyName: row.name ?? null,
      cost: String(row.cost),
    })),
    byDay: days.rows.map((row) => {
      const f = figures(row);
      return {
        day: row.day,
        participants: f.participants,
        transactions: f.transactions,
        points: f.points,
        coupons: f.coupons,
        salesAmount: f.salesAmount,
      };
    }),
  };
}
