import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

/**
 * Fixtures of the points tests: members to post points to, registered and frozen through the
 * member API as a person would, and a member's points as the three places that must agree see
 * them (account balance, sum of entries, sum of remaining lots).
 */

let serial = randomInt(10_000_000);

/** A mobile number no other fixture member of this process uses (`139` + 8 digits). */
function nextMobile(): string {
  serial = (serial + 1) % 100_000_000;
  return `139${String(serial).padStart(8, '0')}`;
}

/**
 * Registers `count` members through `POST /v1/member/saveNew` (signed in as someone who may) and
 * freezes those at the indexes in `frozen`; returns their ids in order.
 */
export async function createMembers(args: { client: ApiClient; count: number; frozen?: readonly number[] }): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < args.count; i += 1) {
    const mobile = nextMobile();
    const res = await args.client.post('/v1/member/saveNew', { body: { name: `积分会员${mobile.slice(-4)}`, mobile } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    const id = res.body.data.id as number;
    if (args.frozen?.includes(i)) {
      const frozen = await args.client.post('/v1/member/freeze', { query: { id }, body: { reason: '积分测试' } });
      expect(frozen.body.code, JSON.stringify(frozen.body)).toBe(2000);
    }
    ids.push(id);
  }
  return ids;
}

/** A member's balance, sum of entries and sum of remaining lots. */
export async function pointsOf(args: {
  t: TestApp;
  tenant: TestTenant;
  memberId: number;
}): Promise<{ balance: number; sum: number; lots: number }> {
  const { tenant, memberId } = args;
  const result = await args.t.database.db.execute<{ balance: number; sum: number; lots: number }>(sql`select
      (select coalesce(max(balance), 0) from points_accounts a where a.tenant_id = ${tenant.tenantId} and a.member_id = ${memberId}) as balance,
      (select coalesce(sum(delta), 0) from points_entries e where e.tenant_id = ${tenant.tenantId} and e.member_id = ${memberId}) as sum,
      (select coalesce(sum(remaining), 0) from points_lots l where l.tenant_id = ${tenant.tenantId} and l.member_id = ${memberId}) as lots`);
  const row = result.rows[0];
  return { balance: Number(row.balance), sum: Number(row.sum), lots: Number(row.lots) };
}

/** What the points tests start from: the app, a tenant, its administrator and a till. */
export interface PointsScene {
  readonly t: TestApp;
  readonly tenant: TestTenant;
  readonly admin: ApiClient;
  /** A user who may only post sales, returns and spends (积分/积分查询/交易接入 · configure). */
  readonly till: ApiClient;
}

/** Starts the test app with a fresh tenant, signs in its administrator and a till user. */
export async function startPointsScene(): Promise<PointsScene> {
  const t = await startTestApp();
  const tenant = await createTenant(t.database);
  const admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  await createUser(t.database, {
    tenantId: tenant.tenantId,
    login: 'till',
    grants: [{ resourceId: '积分/积分查询/交易接入', action: 'configure' }],
  });
  const till = await signIn(t.app, { tenant: tenant.code, login: 'till', password: tenant.adminPassword });
  return { t, tenant, admin, till };
}

/**
 * Gives points through audited adjustment documents (one per `[member, points]`, under a reason
 * made for them), as staff would; `headers` go with every call (a marketing centre).
 */
export async function adjustPoints(args: {
  client: ApiClient;
  grants: readonly (readonly [member: number, points: number])[];
  headers?: Record<string, string>;
}): Promise<void> {
  const { client, headers } = args;
  const data = async (res: Promise<{ body: { code: number; data: { id: number } } }>) => {
    const body = (await res).body;
    expect(body.code, JSON.stringify(body)).toBe(2000);
    return body.data;
  };
  const code = `AJ${randomInt(1_000_000)}`;
  const reason = (await data(client.post('/v1/score-adjust-reason/saveNew', { body: { code, name: code, direction: 'both' }, headers })))
    .id;
  for (const [member, points] of args.grants) {
    const doc = await data(client.post('/v1/score-adjust/saveNew', { body: { lines: [{ member, points, reason }] }, headers }));
    await data(client.post('/v1/score-adjust/audit', { query: { id: doc.id }, headers }));
  }
}
