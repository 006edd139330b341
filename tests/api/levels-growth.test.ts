import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthlyEvaluation } from '../../server/modules/levels/monthly-evaluation.job';
import type { ApiClient, ApiResponse } from '../helpers/fixtures';
import { createMembers, pointsOf, startPointsScene, type PointsScene } from '../helpers/points-fixtures';

/**
 * Levels that move (issue "A console a new user can try", item 2): a new member starts on the
 * entry level, a sale posted through the till API earns growth by the growth rules and lifts the
 * level under the real-time rule (cause recorded, incentive paid once), a replayed order earns
 * nothing more, a return takes back its share, and the monthly evaluation moves levels on the
 * merchant's evaluation day, dropping them only when the rule allows.
 */

let scene: PointsScene;
let admin: ApiClient;
let till: ApiClient;
const ids: Record<string, number> = {};
let serial = 0;

async function ok(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

const orderNo = (prefix: string) => `${prefix}-${Date.now()}-${(serial += 1)}`;

const sell = (memberId: number, amount: string, no = orderNo('S')) =>
  till.post('/v1/points/transaction', { body: { orderNo: no, memberId, lines: [{ goodsCode: 'G1', quantity: 1, amount }] } });

async function changesOf(memberId: number) {
  const result = await scene.t.database.db.execute<{
    from_level_id: number | null;
    to_level_id: number;
    direction: string;
    cause: string;
    source_ref: string | null;
    incentive_points: number;
  }>(sql`select from_level_id, to_level_id, direction, cause, source_ref, incentive_points from member_level_changes
    where tenant_id = ${scene.tenant.tenantId} and member_id = ${memberId} order by id`);
  return result.rows.map((row) => ({
    ...row,
    from_level_id: row.from_level_id === null ? null : Number(row.from_level_id),
    to_level_id: Number(row.to_level_id),
  }));
}

async function memberOf(memberId: number): Promise<{ level: number | null; growthValue: number }> {
  const record = await ok(admin.get(`/v1/member/info/${memberId}`));
  return { level: record.level, growthValue: record.growthValue };
}

const saveRule = async (body: Record<string, unknown>) => {
  const { version } = await ok(admin.get('/v1/level-valuate-rule/get'));
  return ok(admin.post('/v1/level-valuate-rule/save', { body: { ...body, version } }));
};

beforeAll(async () => {
  scene = await startPointsScene();
  ({ admin, till } = scene);
  // Created out of rank order: pickers must still list them by rank.
  for (const body of [
    { code: 'GOLD', name: '金卡', rankOrder: 3, growthThreshold: 500 },
    { code: 'BASIC', name: '银卡', rankOrder: 1, growthThreshold: 0 },
    { code: 'SILVER', name: '钻石卡', rankOrder: 2, growthThreshold: 100 },
  ]) {
    ids[body.code] = (await ok(admin.post('/v1/level/saveNew', { body: { levelType: 'FREE', ...body } }))).id;
  }
  ids.PAID = (
    await ok(
      admin.post('/v1/level/saveNew', {
        body: { levelType: 'PAID', code: 'PAID', name: 'A 付费卡', rankOrder: 1, price: 99, termMonths: 12 },
      }),
    )
  ).id;
  await ok(admin.post('/v1/upgrade-incentive/saveNew', { body: { name: '升级送积分', level: ids.SILVER, points: 50 } }));
  await ok(admin.post('/v1/grow-value-rule/saveNew', { body: { name: '消费成长', source: 'CONSUMPTION', yuanPerPoint: '1.00' } }));
});

afterAll(async () => {
  await scene?.t.close();
});

describe('entry level', () => {
  it('gives a new member the lowest-rank free level, recorded with the cause register', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    expect(await memberOf(member)).toEqual({ level: ids.BASIC, growthValue: 0 });
    expect(await changesOf(member)).toEqual([expect.objectContaining({ from_level_id: null, to_level_id: ids.BASIC, cause: 'register' })]);
  });
});

describe('growth from sales, real-time evaluation', () => {
  it('earns growth by the rules, lifts the level with its cause, and pays the incentive once', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const small = await ok(sell(member, '60.50'));
    expect(small).toMatchObject({ growth: 60, growthValue: 60, level: ids.BASIC });

    const no = orderNo('S');
    const up = await ok(sell(member, '45.00', no));
    expect(up).toMatchObject({ growth: 45, growthValue: 105, level: ids.SILVER });
    expect(await memberOf(member)).toEqual({ level: ids.SILVER, growthValue: 105 });
    const changes = await changesOf(member);
    expect(changes.at(-1)).toEqual(
      expect.objectContaining({
        from_level_id: ids.BASIC,
        to_level_id: ids.SILVER,
        direction: 'up',
        cause: 'growth',
        source_ref: `order:${no}`,
        incentive_points: 50,
      }),
    );

    // A replayed order answers the first answer and earns neither growth nor the incentive again.
    const replay = await sell(member, '45.00', no);
    expect(replay.body.data).toEqual(up);
    expect(await memberOf(member)).toEqual({ level: ids.SILVER, growthValue: 105 });
    expect((await changesOf(member)).length).toBe(changes.length);
    // Points: 60 + 45 from the sales, 50 from the incentive, once.
    expect(await pointsOf({ t: scene.t, tenant: scene.tenant, memberId: member })).toMatchObject({ balance: 155, sum: 155 });
  });

  it('applies the cap per transaction and the cap per day of a rule', async () => {
    const capped = await ok(
      admin.post('/v1/grow-value-rule/saveNew', {
        body: { name: '封顶成长', source: 'CONSUMPTION', yuanPerPoint: '10.00', perTransactionCap: 8, dailyCap: 12 },
      }),
    );
    const [member] = await createMembers({ client: admin, count: 1 });
    // 100 yuan: 100 by the first rule, 10 capped to 8 by the second.
    expect(await ok(sell(member, '100.00'))).toMatchObject({ growth: 108 });
    // The second rule has 4 left today.
    expect(await ok(sell(member, '100.00'))).toMatchObject({ growth: 104, growthValue: 212 });
    await ok(admin.post('/v1/grow-value-rule/disable', { query: { id: capped.id } }));
  });

  it('earns by the rules of the moment, changed by any process', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    expect(await ok(sell(member, '30.00'))).toMatchObject({ growth: 30 });
    // Changed with plain SQL, as another process would: only the notification reaches this
    // process's copy of the rules (server/modules/levels/growth-config.ts).
    const tenantId = scene.tenant.tenantId;
    await scene.t.database.pool.query(`update grow_value_rules set yuan_per_point = '3.00' where tenant_id = $1 and name = '消费成长'`, [
      tenantId,
    ]);
    await scene.t.app.sessionCache.sync();
    expect(await ok(sell(member, '30.00'))).toMatchObject({ growth: 10, growthValue: 40 });
    await scene.t.database.pool.query(`update grow_value_rules set yuan_per_point = '1.00' where tenant_id = $1 and name = '消费成长'`, [
      tenantId,
    ]);
    await scene.t.app.sessionCache.sync();
    expect(await ok(sell(member, '30.00'))).toMatchObject({ growth: 30, growthValue: 70 });
  });

  it('takes back the returned share of the growth, and drops the level only as the rule allows', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const no = orderNo('S');
    expect(await ok(sell(member, '120.00', no))).toMatchObject({ growth: 120, level: ids.SILVER });

    // Protection months keep the level: growth goes back, the level stays.
    await saveRule({ mode: 'REALTIME', canDowngrade: true, protectionMonths: 12 });
    const back = await ok(till.post('/v1/points/return', { body: { returnNo: orderNo('R'), orderNo: no, amount: '60.00' } }));
    expect(back).toMatchObject({ reversedGrowth: 60, growthValue: 60 });
    expect(await memberOf(member)).toEqual({ level: ids.SILVER, growthValue: 60 });

    // Without protection the level follows the growth down.
    await saveRule({ protectionMonths: 0 });
    const rest = await ok(till.post('/v1/points/return', { body: { returnNo: orderNo('R'), orderNo: no, amount: '60.00' } }));
    expect(rest).toMatchObject({ reversedGrowth: 60, growthValue: 0 });
    expect(await memberOf(member)).toEqual({ level: ids.BASIC, growthValue: 0 });
    expect((await changesOf(member)).at(-1)).toEqual(
      expect.objectContaining({ from_level_id: ids.SILVER, to_level_id: ids.BASIC, direction: 'down', cause: 'growth' }),
    );
    await saveRule({ protectionMonths: 12 });
  });
});

describe('monthly evaluation', () => {
  it('leaves levels to the monthly job, which rises and, when the rule allows, drops them on the evaluation day', async () => {
    await saveRule({ mode: 'MONTHLY', monthlyDay: 10, canDowngrade: true, protectionMonths: 0 });
    const [riser, dropper] = await createMembers({ client: admin, count: 2 });
    expect(await ok(sell(riser, '150.00'))).toMatchObject({ growth: 150, growthValue: 150, level: ids.BASIC });

    // The dropper reached silver earlier; a return took its growth back since.
    await saveRule({ mode: 'REALTIME' });
    const no = orderNo('S');
    expect(await ok(sell(dropper, '100.00', no))).toMatchObject({ level: ids.SILVER });
    await saveRule({ mode: 'MONTHLY', monthlyDay: 10 });
    await ok(till.post('/v1/points/return', { body: { returnNo: orderNo('R'), orderNo: no, amount: '100.00' } }));
    expect(await memberOf(dropper)).toEqual({ level: ids.SILVER, growthValue: 0 });

    const tenantId = scene.tenant.tenantId;
    const db = scene.t.database.db;
    // 9 December 2099 in Shanghai: before the evaluation day, nothing runs.
    expect(await runMonthlyEvaluation({ db, tenantId, now: new Date('2099-12-09T12:00:00Z') })).toEqual([]);
    // 10 December 00:30 in Shanghai is still the 9th in UTC: the merchant's zone decides.
    const [run] = await runMonthlyEvaluation({ db, tenantId, now: new Date('2099-12-09T16:30:00Z') });
    expect(run).toMatchObject({ tenantId, period: '2099-12' });
    expect(run.changed).toBeGreaterThanOrEqual(2);
    expect(await memberOf(riser)).toEqual({ level: ids.SILVER, growthValue: 150 });
    expect(await memberOf(dropper)).toEqual({ level: ids.BASIC, growthValue: 0 });
    expect((await changesOf(riser)).at(-1)).toEqual(
      expect.objectContaining({ cause: 'evaluation', direction: 'up', source_ref: 'evaluation:2099-12' }),
    );
    expect((await changesOf(dropper)).at(-1)).toEqual(expect.objectContaining({ cause: 'evaluation', direction: 'down' }));
    // Once per month.
    expect(await runMonthlyEvaluation({ db, tenantId, now: new Date('2099-12-20T12:00:00Z') })).toEqual([]);
  });

  it('keeps levels when the rule does not allow dropping', async () => {
    await saveRule({ mode: 'REALTIME', canDowngrade: false });
    const [member] = await createMembers({ client: admin, count: 1 });
    const no = orderNo('S');
    expect(await ok(sell(member, '100.00', no))).toMatchObject({ level: ids.SILVER });
    await ok(till.post('/v1/points/return', { body: { returnNo: orderNo('R'), orderNo: no, amount: '100.00' } }));
    await saveRule({ mode: 'MONTHLY', monthlyDay: 1 });
    const [run] = await runMonthlyEvaluation({
      db: scene.t.database.db,
      tenantId: scene.tenant.tenantId,
      now: new Date('2100-01-05T12:00:00Z'),
    });
    expect(run).toMatchObject({ period: '2100-01' });
    expect(await memberOf(member)).toEqual({ level: ids.SILVER, growthValue: 0 });
  });
});

describe('levels in rank order', () => {
  it('lists level options by rank, not by name', async () => {
    const options = (await ok(admin.get('/v1/level/options'))) as { id: number; title: string }[];
    const free = options.filter((o) => [ids.BASIC, ids.SILVER, ids.GOLD].includes(o.id)).map((o) => o.id);
    expect(free).toEqual([ids.BASIC, ids.SILVER, ids.GOLD]);
  });
});
