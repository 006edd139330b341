import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse, TestTenant } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createCatalogue, startStoredValueScene } from '../helpers/stored-value-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * Stored value under random concurrent traffic through the real API: recharges (principal and
 * gift), payments and refunds of earlier payments, each possibly replayed with the same number,
 * in batches whose calls run at the same time. After every run, for every account: balance =
 * principal + gift = the sum of its entries, no portion negative, refunds never above their
 * payment, one entry per successful number, and each member holds exactly what the distinct
 * successful intents add up to (so no replay changed anything). Then 64 concurrent payments of
 * the last yuan: exactly one succeeds.
 */

const MEMBERS = 3;

type Intent =
  | { readonly type: 'recharge'; readonly member: number; readonly amount: string; readonly gift: string }
  | { readonly type: 'pay'; readonly member: number; readonly amount: string }
  | { readonly type: 'refund'; readonly payment: number; readonly amount: string };

const cents = (max: number) => fc.integer({ min: 1, max }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
const member = fc.nat({ max: MEMBERS - 1 });
const intent: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('recharge' as const),
      member,
      amount: cents(20_000),
      gift: fc.oneof(fc.constant('0'), cents(3_000)),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('pay' as const), member, amount: cents(6_000) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('refund' as const), payment: fc.nat(), amount: cents(3_000) }) },
);
const scenario = fc.record({
  intents: fc.array(intent, { minLength: 1, maxLength: 12 }),
  batches: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), { minLength: 2, maxLength: 8 }),
});

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let till: ApiClient;
let store: number;
let run = 0;
/** Successful calls per intent type over all runs: the property must have exercised each. */
const succeeded = { recharge: 0, pay: 0, refund: 0 };

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startStoredValueScene());
  store = (await createCatalogue(admin)).stores[0];
});
afterAll(async () => t?.close());

interface Outcome {
  readonly intent: Intent;
  readonly number: string;
  readonly answers: ApiResponse[];
}

async function execute(intents: readonly Intent[], batches: readonly (readonly number[])[], members: readonly number[], prefix: string) {
  const outcomes: Outcome[] = intents.map((it, i) => ({ intent: it, number: `${prefix}-${it.type}-${i}`, answers: [] }));
  const payments = outcomes.filter((o) => o.intent.type === 'pay');
  const call = (index: number): Promise<ApiResponse> => {
    const { intent: it, number } = outcomes[index];
    switch (it.type) {
      case 'recharge':
        return till.post('/v1/stored-value/recharge', {
          body: { requestNo: number, memberId: members[it.member], amount: it.amount, giftAmount: it.gift, channel: 'store' },
        });
      case 'pay':
        return till.post('/v1/stored-value/pay', {
          body: { requestNo: number, memberId: members[it.member], amount: it.amount, storeId: store },
        });
      case 'refund': {
        // A payment that has succeeded by now when there is one (else any, or none: a 404).
        const paid = payments.filter((p) => p.answers.some((x) => x.status === 200));
        const pool = paid.length > 0 ? paid : payments;
        const payment = pool.length > 0 ? pool[it.payment % pool.length].number : `${prefix}-none`;
        return till.post('/v1/stored-value/refund', { body: { refundNo: number, requestNo: payment, amount: it.amount } });
      }
    }
  };
  for (const batch of batches) {
    const indexes = batch.map((n) => n % intents.length);
    const answers = await Promise.all(indexes.map(call));
    indexes.forEach((index, i) => outcomes[index].answers.push(answers[i]));
  }
  return outcomes;
}

const toCents = (value: number) => Math.round(value * 100);

async function check(outcomes: readonly Outcome[], members: readonly number[]): Promise<void> {
  // Every answer a success or an expected refusal; a replay of a success answers the first answer.
  for (const o of outcomes) {
    for (const a of o.answers) expect([200, 404, 409], `${o.number}: ${JSON.stringify(a.body)}`).toContain(a.status);
    const ok = o.answers.filter((a) => a.status === 200).map((a) => a.body.data);
    for (const later of ok.slice(1)) expect(later).toEqual(ok[0]);
    if (ok.length > 0) succeeded[o.intent.type] += 1;
  }
  // Each member holds what the distinct successes add up to (in cents, from the first answers).
  const expected = new Map(members.map((m) => [m, 0]));
  const payer = new Map<string, number>();
  for (const o of outcomes) if (o.intent.type === 'pay') payer.set(o.number, members[o.intent.member]);
  for (const o of outcomes) {
    const first = o.answers.find((a) => a.status === 200)?.body.data;
    if (!first) continue;
    const it = o.intent;
    const add = (m: number, c: number) => expected.set(m, (expected.get(m) ?? 0) + c);
    if (it.type === 'recharge') add(members[it.member], toCents(first.amount) + toCents(first.giftAmount));
    if (it.type === 'pay') add(members[it.member], -toCents(first.amount));
    if (it.type === 'refund') add(payer.get(first.requestNo)!, toCents(first.amount));
  }
  const held = await t.database.db.execute<{ member_id: number; balance: string }>(sql`select member_id, balance from value_accounts
    where tenant_id = ${tenant.tenantId} and member_id in (${sql.join(
      members.map((m) => sql`${m}`),
      sql`, `,
    )})`);
  const actual = new Map(members.map((m) => [m, 0]));
  // The exact text ("123.45") as cents, no float.
  for (const row of held.rows) actual.set(Number(row.member_id), Number(String(row.balance).replace('.', '')));
  expect(actual).toEqual(expected);
  // One entry per successful number, none for a refused one.
  const counts = await t.database.db.execute<{ source_id: string; n: number }>(sql`select source_id, count(*)::int as n from value_entries
    where tenant_id = ${tenant.tenantId} and member_id in (${sql.join(
      members.map((m) => sql`${m}`),
      sql`, `,
    )}) group by source_id`);
  const entries = new Map(counts.rows.map((r) => [r.source_id, Number(r.n)]));
  for (const o of outcomes) expect(entries.get(o.number) ?? 0, o.number).toBe(o.answers.some((a) => a.status === 200) ? 1 : 0);
  expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
}

describe('stored value under random concurrent traffic', () => {
  it('keeps balance = principal + gift = entries, nothing negative, refunds within payments, replays changing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ intents, batches }) => {
        run += 1;
        const members = await createMembers({ client: admin, count: MEMBERS });
        const outcomes = await execute(intents, batches, members, `sv${run}-${Date.now()}`);
        await check(outcomes, members);
      }),
      { numRuns: 30, endOnFailure: false },
    );
    // The runs exercised every kind: a refund needs an earlier payment in the same random run, so
    // how many succeed varies with the draw and the machine's timing; at least one of each must.
    expect(Math.min(succeeded.recharge, succeeded.pay, succeeded.refund), JSON.stringify(succeeded)).toBeGreaterThan(0);
  });

  it('lets exactly one of 64 concurrent payments take the last yuan', async () => {
    const [m] = await createMembers({ client: admin, count: 1 });
    const topUp = await till.post('/v1/stored-value/recharge', {
      body: { requestNo: `last-${Date.now()}`, memberId: m, amount: '1.00', channel: 'store' },
    });
    expect(topUp.body.code).toBe(2000);
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        till.post('/v1/stored-value/pay', { body: { requestNo: `last-${m}-${i}`, memberId: m, amount: '1.00', storeId: store } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.msg).toBe('余额不足：当前余额 0.00，需要 1.00');
    }
    const balance = await till.get('/v1/stored-value/balance', { query: { memberId: m } });
    expect(balance.body.data).toMatchObject({ principal: 0, gift: 0, balance: 0 });
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});
