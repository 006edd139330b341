import { sql } from 'drizzle-orm';
import type { TestTenant } from './fixtures';
import type { TestApp } from './test-app';

/**
 * Fixtures of the points tests: members to post points to, and a member's points as the three
 * places that must agree see them (account balance, sum of entries, sum of remaining lots).
 */

let nextMember = 1;

/** Creates `count` members in use (those at the indexes in `frozen` are frozen); returns their ids. */
export async function createMembers(args: { t: TestApp; tenant: TestTenant; count: number; frozen?: readonly number[] }): Promise<number[]> {
  // Minimal rows of the member table (resources/member/member.resource.ts): the ledger reads
  // tenant_id, id and state; the other NOT NULL columns get unique filler.
  const ids: number[] = [];
  for (let i = 0; i < args.count; i += 1) {
    const n = nextMember++;
    const serial = `${process.pid % 100}${String(n).padStart(6, '0')}`.slice(-8);
    const result = await args.t.database.db.execute<{ id: number }>(sql`insert into members
        (tenant_id, member_number, name, mobile, channel, registered_at, growth_value, state)
      values (${args.tenant.tenantId}, ${`PT${serial}`}, ${`Points member ${n}`}, ${`139${serial}`}, 'store', now(), 0,
        ${args.frozen?.includes(i) ? 'blocked' : 'using'})
      returning id`);
    ids.push(Number(result.rows[0].id));
  }
  return ids;
}

/** A member's balance, sum of entries and sum of remaining lots. */
export async function pointsOf(args: { t: TestApp; tenant: TestTenant; memberId: number }): Promise<{ balance: number; sum: number; lots: number }> {
  const { tenant, memberId } = args;
  const result = await args.t.database.db.execute<{ balance: number; sum: number; lots: number }>(sql`select
      (select coalesce(max(balance), 0) from points_accounts a where a.tenant_id = ${tenant.tenantId} and a.member_id = ${memberId}) as balance,
      (select coalesce(sum(delta), 0) from points_entries e where e.tenant_id = ${tenant.tenantId} and e.member_id = ${memberId}) as sum,
      (select coalesce(sum(remaining), 0) from points_lots l where l.tenant_id = ${tenant.tenantId} and l.member_id = ${memberId}) as lots`);
  const row = result.rows[0];
  return { balance: Number(row.balance), sum: Number(row.sum), lots: Number(row.lots) };
}
