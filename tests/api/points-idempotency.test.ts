import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { createMembers, pointsOf, startPointsScene } from '../helpers/points-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * The idempotency rule on the three requests that move points (server/modules/idempotency):
 * the same key with the same request answers the first answer and posts nothing again; the
 * same key with another request (another member, another amount) is refused with 409 naming
 * the key; concurrent first uses of one key give exactly one posting and no 5xx.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let till: ApiClient;
let run = 0;

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startPointsScene());
});
afterAll(async () => t?.close());

const number = (prefix: string) => `${prefix}-${(run += 1)}-${Date.now()}`;
const sale = (body: { orderNo: string; memberId: number; amount: string | number; storeId?: number | null }) =>
  till.post('/v1/points/transaction', {
    body: {
      orderNo: body.orderNo,
      memberId: body.memberId,
      lines: [{ goodsCode: 'G1', quantity: 1, amount: body.amount }],
      ...(body.storeId !== undefined ? { storeId: body.storeId } : {}),
    },
  });
const spend = (body: { requestNo: string; memberId: number; points: number }) => till.post('/v1/points/spend', { body });
const giveBack = (body: { returnNo: string; orderNo: string; amount: string }) => till.post('/v1/points/return', { body });

async function entryCount(where: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from points_entries
    where tenant_id = ${tenant.tenantId} and ${where}`);
  return Number(result.rows[0].n);
}

function expectKeyReused(res: ApiResponse, field: string, key: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.code).toBe(4090);
  expect(res.body.msg).toContain(field);
  expect(res.body.msg).toContain(key);
  expect(res.body.msg).toContain('另一笔内容不同的请求');
}

describe('points/transaction', () => {
  it('answers a replay of the same sale with the first answer and posts once', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const orderNo = number('SALE');
    const first = await sale({ orderNo, memberId: member, amount: '120.50' });
    expect(first.body.code, JSON.stringify(first.body)).toBe(2000);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same sale, with the amount spelled differently and the optional store given as null.
    const again = await sale({ orderNo, memberId: member, amount: 120.5, storeId: null });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await entryCount(sql`source_type = 'transaction' and source_id = ${orderNo}`)).toBe(1);
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 120, sum: 120, lots: 120 });
  });

  it('refuses the order number of another member or another amount with 409 naming it, and posts nothing', async () => {
    const [member, other] = await createMembers({ client: admin, count: 2 });
    const orderNo = number('SALE');
    expect((await sale({ orderNo, memberId: member, amount: '80.00' })).body.code).toBe(2000);
    expectKeyReused(await sale({ orderNo, memberId: other, amount: '80.00' }), 'orderNo', orderNo);
    expectKeyReused(await sale({ orderNo, memberId: member, amount: '81.00' }), 'orderNo', orderNo);
    const english = await till.post('/v1/points/transaction', {
      headers: { locale: 'en_US' },
      body: { orderNo, memberId: other, lines: [{ goodsCode: 'G1', quantity: 1, amount: '80.00' }] },
    });
    expect(english.status).toBe(409);
    expect(english.body.msg).toBe(
      `The orderNo ${orderNo} was already used for a different request; resend a number only with the same request, and use a new number for a new one`,
    );
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 80, sum: 80, lots: 80 });
    expect(await pointsOf({ t, tenant, memberId: other })).toEqual({ balance: 0, sum: 0, lots: 0 });
  });

  it('gives one result to 16 concurrent first uses of one order number for 4 members', async () => {
    const members = await createMembers({ client: admin, count: 4 });
    const orderNo = number('RACE');
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => sale({ orderNo, memberId: members[i % 4], amount: '10.00' })));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const won = answers.filter((a) => a.body.code === 2000);
    expect(new Set(won.map((a) => a.body.data.memberId)).size).toBe(1);
    expect(won.length).toBe(4);
    for (const a of won) expect(a.body).toEqual(won[0].body);
    expect(answers.filter((a) => a.status === 409).length).toBe(12);
    expect(await entryCount(sql`source_type = 'transaction' and source_id = ${orderNo}`)).toBe(1);
    const balances = await Promise.all(members.map((memberId) => pointsOf({ t, tenant, memberId })));
    expect(balances.map((b) => b.balance).sort()).toEqual([0, 0, 0, 10]);
  });
});

describe('points/spend', () => {
  it('answers a replay with the first answer; another member or amount under the same request number is 409', async () => {
    const [member, other] = await createMembers({ client: admin, count: 2 });
    expect((await sale({ orderNo: number('FUND'), memberId: member, amount: '100.00' })).body.code).toBe(2000);
    expect((await sale({ orderNo: number('FUND'), memberId: other, amount: '100.00' })).body.code).toBe(2000);
    const requestNo = number('SPEND');
    const first = await spend({ requestNo, memberId: member, points: 30 });
    expect(first.body.code, JSON.stringify(first.body)).toBe(2000);
    const again = await spend({ requestNo, memberId: member, points: 30 });
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectKeyReused(await spend({ requestNo, memberId: other, points: 30 }), 'requestNo', requestNo);
    expectKeyReused(await spend({ requestNo, memberId: member, points: 31 }), 'requestNo', requestNo);
    expect(await entryCount(sql`source_type = 'exchange' and source_id = ${requestNo}`)).toBe(1);
    expect((await pointsOf({ t, tenant, memberId: member })).balance).toBe(70);
    expect((await pointsOf({ t, tenant, memberId: other })).balance).toBe(100);
  });

  it("leaves a refused spend's number free: after earning, the same request succeeds", async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const requestNo = number('LATER');
    const refused = await spend({ requestNo, memberId: member, points: 50 });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('积分不足');
    expect((await sale({ orderNo: number('FUND'), memberId: member, amount: '60.00' })).body.code).toBe(2000);
    const retried = await spend({ requestNo, memberId: member, points: 50 });
    expect(retried.body.code, JSON.stringify(retried.body)).toBe(2000);
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 10, sum: 10, lots: 10 });
  });

  it('32 parallel spends with one request number for 4 members: one posting, the rest 409 or the replayed answer, no 5xx', async () => {
    const members = await createMembers({ client: admin, count: 4 });
    for (const memberId of members) expect((await sale({ orderNo: number('FUND'), memberId, amount: '500.00' })).body.code).toBe(2000);
    const requestNo = number('RACE');
    const bodies = Array.from({ length: 32 }, (_, i) => ({ requestNo, memberId: members[i % 4], points: 25 }));
    const answers = await Promise.all(bodies.map(spend));
    expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const winner = answers.find((a) => a.status === 200)!.body;
    // Every success is the one answer, given to the calls with the winner's body; every other body got 409.
    answers.forEach((a, i) => {
      if (bodies[i].memberId === winner.data.memberId) expect(a.body).toEqual(winner);
      else expectKeyReused(a, 'requestNo', requestNo);
    });
    expect(answers.filter((a) => a.status === 200).length).toBe(8);
    expect(await entryCount(sql`source_type = 'exchange' and source_id = ${requestNo}`)).toBe(1);
    const after = await Promise.all(members.map((memberId) => pointsOf({ t, tenant, memberId })));
    // The balance moved exactly once, for the winner only; every account still equals its entries.
    expect(after.map((p) => p.balance).sort((a, b) => a - b)).toEqual([475, 500, 500, 500]);
    expect(after.find((_, i) => members[i] === winner.data.memberId)!.balance).toBe(475);
    for (const p of after) expect(p.sum).toBe(p.balance);
  });
});

describe('points/return', () => {
  it('answers a replay with the first answer; another amount under the same return number is 409', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const orderNo = number('SOLD');
    expect((await sale({ orderNo, memberId: member, amount: '200.00' })).body.code).toBe(2000);
    const returnNo = number('RET');
    const first = await giveBack({ returnNo, orderNo, amount: '50.00' });
    expect(first.body.code, JSON.stringify(first.body)).toBe(2000);
    expect(first.body.data.reversedPoints).toBe(50);
    expect((await giveBack({ returnNo, orderNo, amount: '50' })).body).toEqual(first.body);
    expectKeyReused(await giveBack({ returnNo, orderNo, amount: '60.00' }), 'returnNo', returnNo);
    expect(await entryCount(sql`source_type = 'return' and source_id = ${returnNo}`)).toBe(1);
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 150, sum: 150, lots: 150 });
  });
});

describe('keys are scoped by tenant and operation', () => {
  it("lets one number be a sale and a spend, and another merchant's number too", async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const shared = number('SHARED');
    expect((await sale({ orderNo: shared, memberId: member, amount: '40.00' })).body.code).toBe(2000);
    expect((await spend({ requestNo: shared, memberId: member, points: 5 })).body.code).toBe(2000);
    const otherTenant = await createTenant(t.database);
    await createUser(t.database, {
      tenantId: otherTenant.tenantId,
      login: 'till',
      grants: [{ resourceId: '积分/积分查询/交易接入', action: 'configure' }],
    });
    const otherAdmin = await signIn(t.app, {
      tenant: otherTenant.code,
      login: otherTenant.adminLogin,
      password: otherTenant.adminPassword,
    });
    const otherTill = await signIn(t.app, { tenant: otherTenant.code, login: 'till', password: otherTenant.adminPassword });
    const [otherMember] = await createMembers({ client: otherAdmin, count: 1 });
    const answer = await otherTill.post('/v1/points/transaction', {
      body: { orderNo: shared, memberId: otherMember, lines: [{ goodsCode: 'G1', quantity: 1, amount: '40.00' }] },
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(2000);
    expect(answer.headers['idempotent-replayed']).toBeUndefined();
  });
});
