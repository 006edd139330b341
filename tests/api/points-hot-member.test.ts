import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { createMembers, startPointsScene } from '../helpers/points-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * Tills selling to one member at the same instant, with a growth rule in force: every sale is
 * answered 200 and the member's points and growth are the sums of what each sale earned, the
 * growth within the rule's cap per day. A sale takes the member's row for update first of all
 * when a growth rule is in force (server/modules/sale/sale-prepare.ts), so the sales queue on
 * it; when they share-locked it and then asked to write it, they deadlocked and, past ten
 * retries, answered 500.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let till: ApiClient;

beforeAll(async () => {
  ({ t, tenant, admin, till } = await startPointsScene());
  const rule = await admin.post('/v1/grow-value-rule/saveNew', {
    body: { name: '消费成长', source: 'CONSUMPTION', yuanPerPoint: '1.00', dailyCap: 100 },
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
});
afterAll(async () => t?.close());

test('concurrent sales of one member all succeed and add up, with a capped growth rule', async () => {
  const [member] = await createMembers({ client: admin, count: 1 });
  const run = Date.now().toString(36);
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, n) =>
      till.post('/v1/points/transaction', {
        body: { orderNo: `hot-${run}-${n}`, memberId: member, lines: [{ goodsCode: 'G1', quantity: 1, amount: '10.00' }] },
      }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  const earned = answers.reduce((sum, a) => sum + Number(a.body.data.points), 0);
  const grown = answers.reduce((sum, a) => sum + Number(a.body.data.growth), 0);
  // 16 sales of 10 yuan would give 160; the cap per day stops the member at 100.
  expect(grown).toBe(100);
  const { rows } = await t.database.pool.query<{ balance: number; entries: number; growth_value: number }>(
    `select a.balance, (select coalesce(sum(delta), 0) from points_entries e where e.tenant_id = a.tenant_id and e.member_id = a.member_id)::int as entries,
       m.growth_value
     from points_accounts a join members m on m.tenant_id = a.tenant_id and m.id = a.member_id
     where a.tenant_id = $1 and a.member_id = $2`,
    [tenant.tenantId, member],
  );
  expect(Number(rows[0].balance)).toBe(earned);
  expect(Number(rows[0].entries)).toBe(earned);
  expect(Number(rows[0].growth_value)).toBe(grown);
});
