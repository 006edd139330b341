import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/**
 * What the money-ledger tests check after every run: each account as the three places that must
 * agree see it (the account's portions, the sum of its entries' deltas, the last entry's afters),
 * the sum of its gift lots' remaining against its gift portion, and each payment's refunds
 * against what it took.
 */
export interface LedgerBreach {
  readonly accountId: number;
  readonly what: string;
}

/** Every account and payment of the tenant that breaks an invariant (empty when all hold). */
export async function ledgerBreaches(t: TestApp, tenantId: number): Promise<LedgerBreach[]> {
  const accounts = await t.database.db.execute<{ id: number; what: string }>(sql`select a.id,
      concat_ws(' ', case when a.principal <> coalesce(s.p, 0) then 'principal <> sum of entries' end,
        case when a.gift <> coalesce(s.g, 0) then 'gift <> sum of entries' end,
        case when a.balance <> a.principal + a.gift then 'balance <> principal + gift' end,
        case when a.principal < 0 or a.gift < 0 then 'negative portion' end,
        case when l.principal_after is distinct from a.principal and s.n > 0 then 'last entry principal_after' end,
        case when l.gift_after is distinct from a.gift and s.n > 0 then 'last entry gift_after' end,
        case when a.gift <> coalesce(g.remaining, 0) then 'gift <> sum of remaining gift lots' end) as what
    from value_accounts a
    left join lateral (select sum(principal_delta) as p, sum(gift_delta) as g, count(*) as n from value_entries e
      where e.tenant_id = a.tenant_id and e.account_id = a.id) s on true
    left join lateral (select principal_after, gift_after from value_entries e
      where e.tenant_id = a.tenant_id and e.account_id = a.id order by id desc limit 1) l on true
    left join lateral (select sum(remaining) as remaining from value_gift_lots g
      where g.tenant_id = a.tenant_id and g.account_id = a.id) g on true
    where a.tenant_id = ${tenantId}`);
  const payments = await t.database.db.execute<{ id: number; what: string }>(sql`select p.account_id as id,
      'payment ' || p.request_no || ' refunds ' || coalesce(r.total, 0) || ' of ' || p.amount as what
    from value_payments p
    left join lateral (select sum(amount) as total from value_refunds r where r.tenant_id = p.tenant_id and r.payment_id = p.id) r on true
    where p.tenant_id = ${tenantId} and (coalesce(r.total, 0) > p.amount or coalesce(r.total, 0) <> p.refunded_principal + p.refunded_gift)`);
  return [...accounts.rows, ...payments.rows]
    .filter((row) => String(row.what).trim() !== '')
    .map((row) => ({ accountId: Number(row.id), what: String(row.what) }));
}

/** The number of entries of a tenant (a replay must not add one). */
export async function entryCount(t: TestApp, tenantId: number): Promise<number> {
  const result = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from value_entries where tenant_id = ${tenantId}`,
  );
  return Number(result.rows[0].n);
}
