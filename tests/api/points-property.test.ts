import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { createMembers, pointsOf, startPointsScene } from '../helpers/points-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * The points ledger under random concurrent traffic, through the real API: sales earning points
 * (/points/transaction), spends (/points/spend), adjustment documents audited
 * (/score-adjust/audit) and returns reversing points (/points/return), each intent possibly
 * replayed with the same order / request / document / return number, in batches whose calls run
 * at the same time. After every run, for every member: balance = sum of entries = sum of
 * remaining lots, nothing negative, and the balance is exactly what the distinct successful
 * intents add up to, so no replay changed anything.
 */

const MEMBERS = 3;

type Intent =
  | { readonly type: 'earn'; readonly member: number; readonly amount: string }
  | { readonly type: 'spend'; readonly member: number; readonly points: number }
  | { readonly type: 'adjust'; readonly lines: readonly { readonly member: number; readonly points: number }[] }
  | { readonly type: 'return'; readonly order: number; readonly amount: string };

const amount = fc
  .tuple(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 99 }))
  .filter(([yuan, cents]) => yuan + cents > 0)
  .map(([yuan, cents]) => `${yuan}.${String(cents).padStart(2, '0')}`);
const member = fc.nat({ max: MEMBERS - 1 });

const intent: fc.Arbitrary<Intent> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('earn' as const), member, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('spend' as const), member, points: fc.integer({ min: 1, max: 200 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('adjust' as const),
      lines: fc.array(fc.record({ member, points: fc.integer({ min: -150, max: 150 }).filter((p) => p !== 0) }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('return' as const), order: fc.nat(), amount }) },
);

/** Intents, and batches of intent indexes run concurrently; an index seen twice is a replay. */
const scenario = fc.record({
  intents: fc.array(intent, { minLength: 1, maxLength: 12 }),
  batches: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 }),
});

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let till: ApiClient;
let reason: number;
let run = 0;

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startPointsScene());
  const res = await admin.post('/v1/score-adjust-reason/saveNew', { body: { code: 'PROP', name: '属性测试', direction: 'both' } });
  reason = res.body.data.id;
});

afterAll(async () => t?.close());

/** What one run did: the answers of every call, per intent. */
interface Outcome {
  readonly intent: Intent;
  readonly number: string;
  readonly answers: ApiResponse[];
  /** Adjustment documents: the id once saved. */
  documentId?: number;
}

/** Runs one scenario and returns the outcomes of its intents, by index. */
async function execute(args: {
  intents: readonly Intent[];
  batches: readonly (readonly number[])[];
  members: readonly number[];
  prefix: string;
}) {
  const { intents, members, prefix } = args;
  const outcomes: Outcome[] = intents.map((it, i) => ({ intent: it, number: `${prefix}-${it.type}-${i}`, answers: [] }));
  const earns = outcomes.filter((o) => o.intent.type === 'earn');
  const drafts = new Map<number, Promise<number>>();

  const draftOf = (index: number, lines: Extract<Intent, { type: 'adjust' }>['lines']) => {
    let saved = drafts.get(index);
    if (!saved) {
      saved = admin
        .post('/v1/score-adjust/saveNew', {
          body: { remark: outcomes[index].number, lines: lines.map((l) => ({ member: members[l.member], points: l.points, reason })) },
        })
        .then((res) => {
          expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
          outcomes[index].documentId = res.body.data.id;
          return res.body.data.id as number;
        });
      drafts.set(index, saved);
    }
    return saved;
  };

  const call = async (index: number): Promise<ApiResponse> => {
    const { intent: it, number } = outcomes[index];
    switch (it.type) {
      case 'earn':
        return till.post('/v1/points/transaction', {
          body: { orderNo: number, memberId: members[it.member], lines: [{ goodsCode: 'G1', quantity: 1, amount: it.amount }] },
        });
      case 'spend':
        return till.post('/v1/points/spend', { body: { requestNo: number, memberId: members[it.member], points: it.points } });
      case 'adjust':
        return admin.post('/v1/score-adjust/audit', { query: { id: await draftOf(index, it.lines) } });
      case 'return': {
        const order = earns.length > 0 ? earns[it.order % earns.length].number : `${prefix}-none`;
        return till.post('/v1/points/return', { body: { returnNo: number, orderNo: order, amount: it.amount } });
      }
    }
  };

  for (const batch of args.batches) {
    const indexes = batch.map((n) => n % intents.length);
    const answers = await Promise.all(indexes.map(call));
    indexes.forEach((index, i) => outcomes[index].answers.push(answers[i]));
  }
  return outcomes;
}

/** Every answer is a success or an expected refusal, never a server error. */
function checkAnswers(outcomes: readonly Outcome[]): void {
  for (const o of outcomes) {
    for (const a of o.answers) {
      expect([200, 400, 404, 409], `${o.number}: ${JSON.stringify(a.body)}`).toContain(a.status);
    }
    // A replay of a number that succeeded answers exactly what the first success answered.
    const ok = o.answers.filter((a) => a.status === 200).map((a) => a.body.data);
    if (o.intent.type !== 'adjust') for (const later of ok.slice(1)) expect(later).toEqual(ok[0]);
    // A document is audited by at most one call.
    if (o.intent.type === 'adjust') expect(ok.length).toBeLessThanOrEqual(1);
  }
}

/** Points each member should hold: every distinct successful intent counted once. */
function expectedBalances(outcomes: readonly Outcome[], members: readonly number[]): Map<number, number> {
  const expected = new Map(members.map((m) => [m, 0]));
  const add = (m: number, points: number) => expected.set(m, (expected.get(m) ?? 0) + points);
  const orderMember = new Map<string, number>();
  for (const o of outcomes) if (o.intent.type === 'earn') orderMember.set(o.number, members[o.intent.member]);
  for (const o of outcomes) {
    const first = o.answers.find((a) => a.status === 200)?.body.data;
    if (!first) continue;
    const it = o.intent;
    if (it.type === 'earn') add(members[it.member], first.points);
    if (it.type === 'spend') add(members[it.member], -first.points);
    if (it.type === 'return') add(orderMember.get(first.orderNo)!, -first.reversedPoints);
    if (it.type === 'adjust') for (const line of it.lines) add(members[line.member], line.points);
  }
  return expected;
}

async function countEntries(where: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from points_entries
    where tenant_id = ${tenant.tenantId} and ${where}`);
  return Number(result.rows[0].n);
}

async function checkLedger(outcomes: readonly Outcome[], members: readonly number[]): Promise<void> {
  const expected = expectedBalances(outcomes, members);
  for (const m of members) {
    const points = await pointsOf({ t, tenant, memberId: m });
    expect(points, `member ${m}`).toEqual({ balance: expected.get(m), sum: expected.get(m), lots: expected.get(m) });
    expect(points.balance).toBeGreaterThanOrEqual(0);
  }
  const negative = await t.database.db.execute<{ n: number }>(sql`select
      (select count(*) from points_entries where tenant_id = ${tenant.tenantId} and balance_after < 0)
    + (select count(*) from points_lots where tenant_id = ${tenant.tenantId} and remaining < 0)
    + (select count(*) from points_accounts where tenant_id = ${tenant.tenantId} and balance < 0) as n`);
  expect(Number(negative.rows[0].n)).toBe(0);
  // One entry per successful number at most, whatever the replays.
  for (const o of outcomes) {
    const succeeded = o.answers.some((a) => a.status === 200);
    const it = o.intent;
    if (it.type === 'earn') {
      const n = await countEntries(sql`source_type = 'transaction' and source_id = ${o.number}`);
      expect(n).toBe(succeeded && o.answers.find((a) => a.status === 200)!.body.data.points > 0 ? 1 : 0);
    }
    if (it.type === 'spend') expect(await countEntries(sql`idempotency_key = ${`spend:${o.number}`}`)).toBe(succeeded ? 1 : 0);
    if (it.type === 'return') expect(await countEntries(sql`source_type = 'return' and source_id = ${o.number}`)).toBeLessThanOrEqual(1);
    if (it.type === 'adjust' && o.documentId !== undefined) {
      const info = await admin.get(`/v1/score-adjust/info/${o.documentId}`);
      expect(info.body.data.state).toBe(succeeded ? 'EFFECTED' : 'INITIAL');
      const n = await countEntries(sql`source_type = 'adjustment' and source_id = ${info.body.data.number}`);
      expect(n).toBe(succeeded ? it.lines.length : 0);
    }
  }
}

describe('points ledger under random concurrent traffic', () => {
  it('keeps balance = entries = lots, never negative, and replays change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ intents, batches }) => {
        run += 1;
        const members = await createMembers({ client: admin, count: MEMBERS });
        const outcomes = await execute({ intents, batches, members, prefix: `r${run}` });
        checkAnswers(outcomes);
        await checkLedger(outcomes, members);
      }),
      { numRuns: 60, endOnFailure: false },
    );
    // 60 random runs of concurrent traffic: about 30 s alone on 2 cores, more beside other work.
  }, 180_000);
});
