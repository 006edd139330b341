import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signIn } from '../helpers/fixtures';
import { seedDemoIfEmpty } from '../../server/db/seed/demo.seed';
import { isMaintainAction } from '../../resources/catalog/index';
import type { Action } from '../../resources/catalog/types';

/** The demo merchant printed at start-up: its accounts work and hold what their roles promise. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Entry = { resourceId: string; actions: string[] };

test('the demo merchant is created once, and its three accounts sign in with their roles', async () => {
  const first = await seedDemoIfEmpty(t.database);
  const second = await seedDemoIfEmpty(t.database);
  expect(second).toEqual(first);
  expect(first.tenantCode).toBe('demo');
  expect(first.accounts.map((account) => account.login)).toEqual(['admin', 'clerk', 'auditor']);
  const tenants = await t.database.pool.query(`select count(*)::int as n, min(name) as name from tenants where code = 'demo'`);
  expect(tenants.rows[0]).toEqual({ n: 1, name: '演示商户' });

  const [admin, clerk, auditor] = await Promise.all(
    first.accounts.map((account) => signIn(t.app, { tenant: 'demo', login: account.login, password: account.password })),
  );
  // Demo accounts are made with known passwords by the seed, not by an administrator: no forced change.
  expect([admin, clerk, auditor].map((client) => client.loginInfo.state)).toEqual(['normal', 'normal', 'normal']);

  const tree = (await admin.get('/v1/authorization/getTree')).body.data as {
    resourceId: string;
    actions: { action: string }[];
    children: never[];
  }[];
  const flatten = (nodes: typeof tree): typeof tree => nodes.flatMap((node) => [node, ...flatten(node.children)]);
  const treeActions = flatten(tree).reduce((sum, node) => sum + node.actions.length, 0);
  const adminPerms = (await admin.get('/v1/auth/permissions')).body.data as Entry[];
  expect(adminPerms.reduce((sum, entry) => sum + entry.actions.length, 0)).toBe(treeActions);

  const clerkPerms = (await clerk.get('/v1/auth/permissions')).body.data as Entry[];
  expect(clerkPerms.length).toBeGreaterThan(0);
  expect(clerkPerms.every((entry) => entry.resourceId.startsWith('会员/') || entry.resourceId.startsWith('券/'))).toBe(true);
  expect(clerkPerms.some((entry) => entry.actions.some((action) => isMaintainAction(action as Action)))).toBe(true);
  expect((await clerk.get('/v1/authorization/listRole')).status).toBe(403);

  const auditorPerms = (await auditor.get('/v1/auth/permissions')).body.data as Entry[];
  expect(auditorPerms.some((entry) => entry.resourceId === '设置/角色')).toBe(true);
  expect(auditorPerms.every((entry) => entry.actions.every((action) => !isMaintainAction(action as Action)))).toBe(true);
  expect((await auditor.get('/v1/authorization/listRole')).status).toBe(200);
  expect((await auditor.post('/v1/authorization/saveRole', { body: { name: 'nope' } })).status).toBe(403);

  const roles = (await admin.get('/v1/authorization/listRole')).body.data as { name: string; userCount: number }[];
  expect(roles.map((role) => [role.name, role.userCount])).toEqual([
    ['系统管理员', 1],
    ['门店店员', 1],
    ['只读审计员', 1],
  ]);
  // The seed posts sales, levels and documents through the real services: give it time on a busy machine.
}, 180_000);

test('the demo merchant holds what a person needs to try the points and member screens', async () => {
  await seedDemoIfEmpty(t.database);
  const admin = await signIn(t.app, { tenant: 'demo', login: 'admin', password: 'Admin@2026' });
  const data = async (res: Promise<{ body: { code: number; data: unknown } }>) => {
    const { body } = await res;
    expect(body.code, JSON.stringify(body)).toBe(2000);
    return body.data as never;
  };

  // The adjustment form's reason picker offers reasons; documents in both states exist.
  const reasons: { title: string }[] = await data(admin.get('/v1/score-adjust-reason/options'));
  expect(reasons.length).toBeGreaterThanOrEqual(3);
  const docs: { records: { id: number; number: string; state: string }[] } = await data(
    admin.post('/v1/score-adjust/query', { body: { pageSize: 20 } }),
  );
  expect(new Set(docs.records.map((doc) => doc.state))).toEqual(new Set(['INITIAL', 'EFFECTED']));
  // The audited one went through the ledger: its lines are points entries of the document.
  const effected = docs.records.find((doc) => doc.state === 'EFFECTED')!;
  const ledger = await t.database.pool.query(
    `select count(*)::int as n from points_entries e join tenants t on t.id = e.tenant_id
     where t.code = 'demo' and e.source_type = 'adjustment' and e.source_id = $1`,
    [effected.number],
  );
  expect(ledger.rows[0].n).toBe(3);

  // An audited batch document with per-member results.
  const batches: { records: { id: number; state: string; succeededCount: number; failedCount: number }[] } = await data(
    admin.post('/v1/batch-operate/query', { body: { pageSize: 20 } }),
  );
  const batch = batches.records.find((doc) => doc.state === 'EFFECTED')!;
  expect(batch.succeededCount).toBeGreaterThan(0);
  expect(batch.succeededCount + batch.failedCount).toBeGreaterThan(1);

  // Sales posted through the sales service: points, growth and level changes with their causes.
  const facts = await t.database.pool.query(
    `select (select count(*)::int from sales_transactions s where s.tenant_id = t.id) as sales,
            (select count(*)::int from member_growth_entries g where g.tenant_id = t.id and g.source_type = 'transaction') as growth,
            (select count(*)::int from member_level_changes c where c.tenant_id = t.id and c.cause = 'register') as registered,
            (select count(distinct c.cause)::int from member_level_changes c where c.tenant_id = t.id) as causes,
            (select count(*)::int from members m where m.tenant_id = t.id and m.level is null) as without_level
     from tenants t where t.code = 'demo'`,
  );
  expect(facts.rows[0].sales).toBeGreaterThanOrEqual(20);
  expect(facts.rows[0].growth).toBeGreaterThanOrEqual(20);
  expect(facts.rows[0].registered).toBeGreaterThanOrEqual(250);
  expect(facts.rows[0].causes).toBeGreaterThanOrEqual(2);
  expect(facts.rows[0].without_level).toBe(0);

  // Paid-level orders name their member by name and member number, not by the internal id.
  const orders: { records: { memberId: number; _titles: Record<string, Record<string, string>> }[] } = await data(
    admin.post('/v1/paid-level-order/query', { body: { pageSize: 5 } }),
  );
  expect(orders.records.length).toBeGreaterThan(0);
  for (const order of orders.records) expect(order._titles.memberId[String(order.memberId)]).toMatch(/^.+ · M\d{9}$/);

  // The points overview has something to show.
  const account = await t.database.pool.query(
    `select count(*)::int as n from points_accounts a join tenants t on t.id = a.tenant_id where t.code = 'demo' and a.balance > 0`,
  );
  expect(account.rows[0].n).toBeGreaterThan(50);
});

test('the demo merchant holds marketing activities of every state, and the doubling fired on sales by day', async () => {
  await seedDemoIfEmpty(t.database);
  const admin = await signIn(t.app, { tenant: 'demo', login: 'admin', password: 'Admin@2026' });
  const data = async <T>(res: Promise<{ body: { code: number; data: unknown } }>): Promise<T> => {
    const { body } = await res;
    expect(body.code, JSON.stringify(body)).toBe(2000);
    return body.data as T;
  };
  type Activity = { id: number; name: string; kind: string; state: string };
  const { records } = await data<{ records: Activity[] }>(admin.post('/v1/activity/query', { body: { pageSize: 100 } }));
  const stateOf = (kind: string) => records.filter((a) => a.kind === kind).map((a) => a.state);

  // The consumption rewards entry: running, not audited, stopped and not started.
  expect(new Set(records.map((a) => a.state))).toEqual(new Set(['PROCESSING', 'INITAIL', 'STOPED', 'UNSTART']));
  expect(stateOf('BASIC_POINTS')).toEqual(['PROCESSING']);
  expect(stateOf('SCORE_DOUBLING').sort()).toEqual(['PROCESSING', 'STOPED']);
  expect(stateOf('GOODS_AMOUNT_COUPON').sort()).toEqual(['PROCESSING', 'UNSTART']);
  expect(stateOf('AMOUNT_EXTRA_POINTS')).toEqual(['INITAIL']);
  // Member events, exchanges and points as cash: audited and running.
  for (const kind of ['REGISTER_GIFT', 'BIRTHDAY_GIFT', 'UPGRADE_GIFT', 'INVITE_GIFT', 'SCORE_GAIN_COUPON', 'POINTS_AS_CASH']) {
    expect(stateOf(kind), kind).toEqual(['PROCESSING']);
  }
  // The stop kept its reason.
  const stopped = records.find((a) => a.state === 'STOPED')!;
  const history = await data<{ action: string; reason: string | null }[]>(admin.get(`/v1/activity/history/${stopped.id}`));
  expect(history.find((h) => h.action === 'stop')?.reason).toBe('活动预算已用完，提前结束');

  // The sales made the doubling and the spend coupon fire: their evaluations show figures by day.
  type Effect = { summary: { transactions: number; points: number; coupons: number }; byDay: { day: string; transactions: number }[] };
  const running = (kind: string) => records.find((a) => a.kind === kind && a.state === 'PROCESSING')!;
  const doubling = await data<Effect>(admin.post('/v1/activities/evaluation', { body: { activityId: running('SCORE_DOUBLING').id } }));
  expect(doubling.summary.transactions).toBeGreaterThan(0);
  expect(doubling.summary.points).toBeGreaterThan(0);
  expect(doubling.byDay.length).toBeGreaterThan(1);
  const coupon = await data<Effect>(admin.post('/v1/activities/evaluation', { body: { activityId: running('GOODS_AMOUNT_COUPON').id } }));
  expect(coupon.summary.coupons).toBeGreaterThan(0);
});
