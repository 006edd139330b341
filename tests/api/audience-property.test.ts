import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOOK_BACK_WINDOWS,
  type ConditionLeaf,
  type ConditionNode,
  type LookBackWindow,
} from '../../resources/contract/audience-condition.types';
import { conditionErrors, selectedMembers, windowStart } from '../../server/modules/audiences/condition.compile';
import { evaluateCondition, type SampleMember } from '../helpers/audience-evaluator';
import { createTenant, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The condition language's SQL (server/modules/audiences/condition.compile.ts) selects exactly
 * the members a plain in-memory evaluation of the same tree selects (tests/helpers/audience-evaluator.ts),
 * over random members with random sales, points and tags, and random nested AND / OR trees
 * (fixed seeds: a failure replays).
 */

const NOW = new Date('2026-03-31T15:30:00.000Z');
const ZONE = 'Asia/Shanghai';
const DAY = 86_400_000;
const STATES = ['using', 'blocked', 'unactivated'];
/** Custom members store capitalised codes (§4), which a condition on `using` must find too. */
const MEMBER_STATES = [...STATES, 'Using', 'Blocked'];
const CHANNELS = ['store', 'weixin', 'alipay'];

let t: TestApp;
let tenant: TestTenant;
const members: SampleMember[] = [];

const sampleSale = fc.record({
  cents: fc.integer({ min: 0, max: 200_000 }),
  returnedShare: fc.constantFrom(0, 0, 0.5, 1),
  storeId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  // Some sales sit exactly on a window's first instant, where an off-by-one would show.
  at: fc.oneof(
    fc.integer({ min: 0, max: 800 * DAY }).map((ago) => new Date(NOW.getTime() - ago)),
    fc.constantFrom(...LOOK_BACK_WINDOWS.filter((w) => w !== 'all')).map((w) => windowStart(NOW, w) as Date),
  ),
});

const sampleMember = fc.record({
  state: fc.constantFrom(...MEMBER_STATES),
  channel: fc.constantFrom(...CHANNELS),
  level: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  registerStore: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  birthday: fc.option(
    fc.date({ min: new Date('1960-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    { nil: null },
  ),
  registeredAgo: fc.integer({ min: 0, max: 1000 * DAY }),
  points: fc.integer({ min: 0, max: 5000 }),
  tags: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  sales: fc.array(sampleSale, { maxLength: 6 }),
});

async function insertMembers(): Promise<void> {
  const db = t.database.db;
  const tenantId = tenant.tenantId;
  const samples = fc.sample(sampleMember, { seed: 2029, numRuns: 80 });
  let order = 0;
  for (const [i, s] of samples.entries()) {
    const registeredAt = new Date(NOW.getTime() - s.registeredAgo);
    const inserted = await db.execute(sql`insert into members (tenant_id, member_number, name, mobile, channel, registered_at,
        growth_value, state, level, register_store, birthday)
      values (${tenantId}, ${`P${String(i).padStart(9, '0')}`}, ${`样本${i}`}, ${`137${String(i).padStart(8, '0')}`}, ${s.channel},
        ${registeredAt.toISOString()}::timestamptz, 0, ${s.state}, ${s.level}, ${s.registerStore}, ${s.birthday}::date)
      returning id`);
    const id = Number((inserted.rows[0] as { id: string }).id);
    if (s.points > 0)
      await db.execute(sql`insert into points_accounts (tenant_id, member_id, balance) values (${tenantId}, ${id}, ${s.points})`);
    for (const tag of s.tags) {
      await db.execute(sql`insert into member_tag_links (tenant_id, member, tag, source) values (${tenantId}, ${id}, ${tag}, 'MANUAL')`);
    }
    const sales = s.sales.map((sale) => ({
      cents: sale.cents,
      returnedCents: Math.round(sale.cents * sale.returnedShare),
      storeId: sale.storeId,
      at: sale.at,
    }));
    for (const sale of sales) {
      order += 1;
      await db.execute(sql`insert into sales_transactions (tenant_id, order_no, member_id, store_id, amount, returned_amount, points,
          lines, response, occurred_at)
        values (${tenantId}, ${`PROP-${order}`}, ${id}, ${sale.storeId}, ${(sale.cents / 100).toFixed(2)}, ${(sale.returnedCents / 100).toFixed(2)},
          0, '[]'::jsonb, '{}'::jsonb, ${sale.at.toISOString()}::timestamptz)`);
    }
    members.push({ id, ...s, registeredAt, sales });
  }
}

const window = fc.constantFrom<LookBackWindow>(...LOOK_BACK_WINDOWS);
const ids = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { minLength: 1, maxLength: 3 });
const yuan = fc.integer({ min: 0, max: 300_000 }).map((c) => c / 100);
const date = fc.integer({ min: 0, max: 1000 }).map((ago) => new Date(NOW.getTime() - ago * DAY).toISOString().slice(0, 10));

function numberLeaf(
  metric: ConditionLeaf['metric'],
  value: fc.Arbitrary<number>,
  options: { windowed?: boolean; nullable?: boolean } = {},
) {
  const w = options.windowed ? window : fc.constant(undefined);
  const ops = fc.oneof(
    fc.record({ operator: fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'), value }),
    fc.tuple(value, value).map(([a, b]) => ({ operator: 'between', value: [Math.min(a, b), Math.max(a, b)] })),
    ...(options.nullable ? [fc.record({ operator: fc.constantFrom('empty', 'notEmpty') })] : []),
  );
  return fc.tuple(ops, w).map(([op, win]) => ({ metric, ...op, ...(win ? { window: win } : {}) }) as ConditionLeaf);
}

function setLeaf(
  metric: ConditionLeaf['metric'],
  values: fc.Arbitrary<readonly (string | number)[]>,
  options: { windowed?: boolean; nullable?: boolean } = {},
) {
  const w = options.windowed ? window : fc.constant(undefined);
  const ops = fc.oneof(
    fc.record({ operator: fc.constantFrom('in', 'notIn'), value: values }),
    ...(options.nullable ? [fc.record({ operator: fc.constantFrom('empty', 'notEmpty') })] : []),
  );
  return fc.tuple(ops, w).map(([op, win]) => ({ metric, ...op, ...(win ? { window: win } : {}) }) as ConditionLeaf);
}

const leaf: fc.Arbitrary<ConditionLeaf> = fc.oneof(
  numberLeaf('spendAmount', yuan, { windowed: true }),
  numberLeaf('spendCount', fc.integer({ min: 0, max: 6 }), { windowed: true }),
  numberLeaf('lastVisitDays', fc.integer({ min: 0, max: 800 }), { nullable: true }),
  numberLeaf('pointsBalance', fc.integer({ min: 0, max: 5000 })),
  numberLeaf('birthdayMonth', fc.integer({ min: 1, max: 12 }), { nullable: true }),
  fc
    .oneof(
      fc.record({ operator: fc.constantFrom('eq', 'gt', 'gte', 'lt', 'lte'), value: date }),
      fc.tuple(date, date).map(([a, b]) => ({ operator: 'between', value: [a < b ? a : b, a < b ? b : a] })),
    )
    .map((op) => ({ metric: 'registeredAt', ...op }) as ConditionLeaf),
  setLeaf('level', ids(3), { nullable: true }),
  setLeaf('registerStore', ids(3), { nullable: true }),
  setLeaf('state', fc.uniqueArray(fc.constantFrom(...STATES), { minLength: 1 })),
  setLeaf('channel', fc.uniqueArray(fc.constantFrom(...CHANNELS), { minLength: 1 })),
  setLeaf('tag', ids(4), { nullable: true }),
  setLeaf('store', ids(3), { windowed: true, nullable: true }),
);

const tree: fc.Arbitrary<ConditionNode> = fc.letrec<{ node: ConditionNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ combine: fc.constantFrom('and' as const, 'or' as const), children: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
  ),
})).node;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  await insertMembers();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('condition language: SQL against the in-memory evaluation', () => {
  it('selects the same members for random trees', async () => {
    const selectedBySql = async (node: ConditionNode) => {
      const rows = await t.database.db.execute(selectedMembers({ tenantId: tenant.tenantId, node, ctx: { now: NOW, timeZone: ZONE } }));
      return (rows.rows as { id: string }[]).map((r) => Number(r.id)).sort((a, b) => a - b);
    };
    let nonTrivial = 0;
    await fc.assert(
      fc.asyncProperty(
        tree.filter((node) => conditionErrors(node).length === 0),
        async (node) => {
          const expected = members.filter((member) => evaluateCondition({ node, member, now: NOW, timeZone: ZONE })).map((m) => m.id);
          if (expected.length > 0 && expected.length < members.length) nonTrivial += 1;
          expect(await selectedBySql(node)).toEqual(expected.sort((a, b) => a - b));
        },
      ),
      { seed: 29, numRuns: 300 },
    );
    // The trees must split the members, not select all or none every time.
    expect(nonTrivial).toBeGreaterThan(100);
  }, 180_000);

  it('finds a member stored as `Using` by the state `using`, and leaves it out of `notIn using`', async () => {
    const capitalised = members.filter((m) => m.state === 'Using').map((m) => m.id);
    expect(capitalised.length).toBeGreaterThan(0);
    const select = async (operator: 'in' | 'notIn') => {
      const node: ConditionNode = { metric: 'state', operator, value: ['using'] };
      const rows = await t.database.db.execute(selectedMembers({ tenantId: tenant.tenantId, node, ctx: { now: NOW, timeZone: ZONE } }));
      return (rows.rows as { id: string }[]).map((r) => Number(r.id));
    };
    expect(await select('in')).toEqual(expect.arrayContaining(capitalised));
    expect(await select('notIn')).not.toEqual(expect.arrayContaining([capitalised[0]]));
  });
});
