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
  // TEMPORARY (until the member resource exists): minimal rows in the table the ledger reads.
  await args.t.database.db.execute(sql`create table if not exists members (tenant_id bigint not null, id bigint not null, state text not null, primary key (tenant_id, id))`);
  const ids: number[] = [];
  for (let i = 0; i < args.count; i += 1) {
    const id = nextMember++;
    await args.t.database.db.execute(sql`insert into members (tenant_id, id, state) values (${args.tenant.tenantId}, ${id}, ${args.frozen?.includes(i) ? 'blocked' : 'using'})`);
    ids.push(id);
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
