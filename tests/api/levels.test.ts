import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLevelChange, incentiveKey } from '../../server/modules/levels/level-change';
import { createTenant, createUser, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { createMembers, pointsOf } from '../helpers/points-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Levels and growth (issue 4 item 3): the settings objects' get / save / version contract, the
 * three kinds of level with their per-type rules and the free ladder, level materials readable
 * with no grant, and the level change that records its cause and pays upgrade incentives once.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;

async function ok(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

/** The field names a 400 puts its messages on. */
async function refusedFields(promise: Promise<ApiResponse>): Promise<string[]> {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return (res.body.data?.fields ?? []).map((entry: { field: string }) => entry.field);
}

const level = (body: Record<string, unknown>) => admin.post('/v1/level/saveNew', { body });

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
});

afterAll(async () => {
  await t?.close();
});

describe('settings objects', () => {
  it('answers the defaults until the first save, then the saved record with its version', async () => {
    const defaults = await ok(admin.get('/v1/level-valuate-rule/get'));
    // The day of the month applies to monthly evaluation only: null while real time.
    expect(defaults).toMatchObject({ id: null, version: 0, mode: 'REALTIME', monthlyDay: null, canDowngrade: true, protectionMonths: 12 });

    const first = await ok(
      admin.post('/v1/level-valuate-rule/save', {
        body: { mode: 'MONTHLY', monthlyDay: 5, canDowngrade: false, protectionMonths: 6, version: 0 },
      }),
    );
    expect(first).toMatchObject({ version: 1, mode: 'MONTHLY', monthlyDay: 5, canDowngrade: false, protectionMonths: 6 });
    // Who saved it, by name (the settings screen's 创建人), as every record answers it.
    expect(first._titles.createdBy).toEqual({ [String(first.createdBy)]: 'Administrator' });
    expect(await ok(admin.get('/v1/level-valuate-rule/get'))).toEqual(first);

    // A second "first save" read the defaults: stale.
    expect((await admin.post('/v1/level-valuate-rule/save', { body: { mode: 'REALTIME', version: 0 } })).status).toBe(409);
    const second = await ok(admin.post('/v1/level-valuate-rule/save', { body: { protectionMonths: 3, version: 1 } }));
    expect(second).toMatchObject({ id: first.id, version: 2, mode: 'MONTHLY', monthlyDay: 5, protectionMonths: 3 });
    expect((await admin.post('/v1/level-valuate-rule/save', { body: { protectionMonths: 4, version: 1 } })).status).toBe(409);
  });

  it('keeps one record per tenant, and each tenant its own', async () => {
    const other = await createTenant(t.database);
    const stranger = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    expect(await ok(stranger.get('/v1/level-valuate-rule/get'))).toMatchObject({ id: null, version: 0, mode: 'REALTIME' });
    const [{ n }] = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from level_valuate_rules where tenant_id = ${tenant.tenantId}`,
      )
    ).rows;
    expect(n).toBe(1);
  });

  it('applies the cross-field rules of the settings', async () => {
    const { version } = await ok(admin.get('/v1/level-valuate-rule/get'));
    expect(
      await refusedFields(admin.post('/v1/level-valuate-rule/save', { body: { mode: 'MONTHLY', monthlyDay: null, version } })),
    ).toEqual(['monthlyDay']);
    expect(
      await refusedFields(
        admin.post('/v1/grow-value-setting/save', { body: { validityMode: 'MONTHS', validityMonths: null, version: 0 } }),
      ),
    ).toEqual(['validityMonths']);
    const saved = await ok(
      admin.post('/v1/grow-value-setting/save', { body: { validityMode: 'YEAR_END', resetPolicy: 'YEAR_START', version: 0 } }),
    );
    // N months applies to "N months after earning" only: cleared for any other validity.
    expect(saved).toMatchObject({ version: 1, validityMode: 'YEAR_END', resetPolicy: 'YEAR_START', validityMonths: null });
  });

  it('lets a level viewer read the rule but not save it', async () => {
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'level-viewer',
      grants: [{ resourceId: '会员/会员等级', action: '等级查看' }],
    });
    const viewer = await signIn(t.app, { tenant: tenant.code, login: 'level-viewer', password: tenant.adminPassword });
    expect((await viewer.get('/v1/level-valuate-rule/get')).status).toBe(200);
    expect((await viewer.post('/v1/level-valuate-rule/save', { body: { version: 2 } })).status).toBe(403);
  });
});

describe('levels of the three types', () => {
  it('creates free, special and paid levels, requiring and clearing by type', async () => {
    const free = await ok(
      level({ levelType: 'FREE', code: 'F1', name: '普卡', rankOrder: 1, growthThreshold: 0, price: 10, termMonths: 3 }),
    );
    expect(free).toMatchObject({
      levelType: 'FREE',
      growthThreshold: 0,
      price: null,
      termMonths: null,
      state: 'ENABLED',
      pointsMultiplier: 1,
      discount: 1,
    });

    expect(await refusedFields(level({ levelType: 'FREE', code: 'F9', name: '无门槛', rankOrder: 9 }))).toEqual(['growthThreshold']);
    expect(await refusedFields(level({ levelType: 'PAID', code: 'P9', name: '无价格', rankOrder: 1 }))).toEqual(['price', 'termMonths']);

    const special = await ok(
      level({ levelType: 'SPECIAL', code: 'S1', name: '员工卡', rankOrder: 1, growthThreshold: 500, discount: 0.85 }),
    );
    expect(special).toMatchObject({ levelType: 'SPECIAL', growthThreshold: null, discount: 0.85 });

    const paid = await ok(
      level({
        levelType: 'PAID',
        code: 'P1',
        name: 'PLUS',
        rankOrder: 1,
        price: 99,
        termMonths: 12,
        growthThreshold: 1,
        pointsMultiplier: 2,
      }),
    );
    expect(paid).toMatchObject({ levelType: 'PAID', price: 99, termMonths: 12, growthThreshold: null, pointsMultiplier: 2 });

    const listed = await ok(admin.post('/v1/level/query', { body: { filters: { levelType: 'PAID' } } }));
    expect(listed.records.map((r: { code: string }) => r.code)).toEqual(['P1']);
  });

  it('keeps the free ladder a ladder', async () => {
    await ok(level({ levelType: 'FREE', code: 'F3', name: '金卡', rankOrder: 3, growthThreshold: 5000 }));
    expect(await refusedFields(level({ levelType: 'FREE', code: 'F3B', name: '金卡二', rankOrder: 3, growthThreshold: 6000 }))).toEqual([
      'rankOrder',
    ]);
    expect(await refusedFields(level({ levelType: 'FREE', code: 'F2', name: '银卡', rankOrder: 2, growthThreshold: 5000 }))).toEqual([
      'growthThreshold',
    ]);
    const res = await level({ levelType: 'FREE', code: 'F4', name: '钻石卡', rankOrder: 4, growthThreshold: 4000 });
    expect(res.body.data.fields[0].msg).toBe('升级所需成长值须高于较低等级“金卡”的 5000');
    await ok(level({ levelType: 'FREE', code: 'F2', name: '银卡', rankOrder: 2, growthThreshold: 1000 }));
    // Special and paid levels are not a ladder: ranks may repeat.
    await ok(level({ levelType: 'SPECIAL', code: 'S2', name: '车队VIP', rankOrder: 1 }));
  });

  it('edits the rights alone, and renames with the version read', async () => {
    const [gold] = (await ok(admin.post('/v1/level/query', { body: { filters: { code: 'F3' } } }))).records;
    const rights = await ok(
      admin.post('/v1/level/modify', {
        body: {
          id: gold.id,
          version: gold.version,
          pointsMultiplier: 1.5,
          discount: 0.95,
          birthdayGift: '生日礼盒',
          freeParkingHours: 2,
          couponPack: '洗车券×1',
        },
      }),
    );
    expect(rights).toMatchObject({
      version: 2,
      name: '金卡',
      growthThreshold: 5000,
      pointsMultiplier: 1.5,
      discount: 0.95,
      freeParkingHours: 2,
    });
    const renamed = await ok(admin.post('/v1/level/modify', { body: { id: gold.id, version: 2, name: '黄金卡' } }));
    expect(renamed).toMatchObject({ version: 3, name: '黄金卡', pointsMultiplier: 1.5 });
    expect((await admin.post('/v1/level/modify', { body: { id: gold.id, version: 2, name: '金卡' } })).status).toBe(409);
    expect(await refusedFields(admin.post('/v1/level/modify', { body: { id: gold.id, version: 3, name: '普卡' } }))).toEqual(['name']);
  });

  it('deletes a level only once disabled and no longer used', async () => {
    const temp = await ok(level({ levelType: 'SPECIAL', code: 'TMP', name: '临时卡', rankOrder: 5 }));
    expect((await admin.post('/v1/level/delete', { query: { id: temp.id } })).status).toBe(409);
    await ok(admin.post('/v1/upgrade-incentive/saveNew', { body: { name: '临时激励', level: temp.id, points: 10 } }));
    await ok(admin.post('/v1/level/disable', { query: { id: temp.id } }));
    const refused = await admin.post('/v1/level/delete', { query: { id: temp.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('不能删除');
  });

  it('refuses an incentive that grants nothing', async () => {
    const [gold] = (await ok(admin.post('/v1/level/query', { body: { filters: { code: 'F3' } } }))).records;
    expect(
      await refusedFields(admin.post('/v1/upgrade-incentive/saveNew', { body: { name: '空激励', level: gold.id, points: 0 } })),
    ).toEqual(['points']);
  });
});

describe('level materials need no grant to read', () => {
  it('lets any signed-in user read, and only the maintain action write', async () => {
    const [silver] = (await ok(admin.post('/v1/level/query', { body: { filters: { code: 'F2' } } }))).records;
    const material = await ok(
      admin.post('/v1/level-material/saveNew', { body: { title: '银卡权益海报', level: silver.id, description: '门店展示' } }),
    );
    await createUser(t.database, { tenantId: tenant.tenantId, login: 'no-grants', grants: [] });
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'material-editor',
      grants: [{ resourceId: '会员/等级物料', action: '配置维护' }],
    });
    const nobody = await signIn(t.app, { tenant: tenant.code, login: 'no-grants', password: tenant.adminPassword });
    const editor = await signIn(t.app, { tenant: tenant.code, login: 'material-editor', password: tenant.adminPassword });

    const listed = await ok(nobody.post('/v1/level-material/query', { body: {} }));
    expect(listed.records.map((r: { id: number }) => r.id)).toContain(material.id);
    expect(await ok(nobody.get(`/v1/level-material/info/${material.id}`))).toMatchObject({ title: '银卡权益海报' });
    expect((await nobody.get('/v1/level-material/options')).status).toBe(200);
    expect((await nobody.post('/v1/level-material/saveNew', { body: { title: 'x', level: silver.id } })).status).toBe(403);
    expect((await nobody.post('/v1/level-material/modify', { body: { id: material.id, version: 1, title: 'y' } })).status).toBe(403);
    // Without a session nothing is free.
    expect(
      (await t.app.inject({ method: 'POST', url: `${t.app.config.serviceBase}/v1/level-material/query`, payload: {} })).statusCode,
    ).toBe(401);

    const edited = await ok(editor.post('/v1/level-material/modify', { body: { id: material.id, version: 1, sortOrder: 2 } }));
    expect(edited.sortOrder).toBe(2);
  });
});

describe('level changes', () => {
  let members: number[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    members = await createMembers({ client: admin, count: 3 });
    const levels = (await ok(admin.post('/v1/level/query', { body: { pageSize: 100 } }))).records as { id: number; code: string }[];
    for (const row of levels) ids[row.code] = row.id;
    await ok(
      admin.post('/v1/upgrade-incentive/saveNew', { body: { name: '升级金卡送积分', level: ids.F3, points: 300, couponText: '洗车券×1' } }),
    );
    await ok(admin.post('/v1/upgrade-incentive/saveNew', { body: { name: '升级金卡再送', level: ids.F3, points: 200 } }));
    const off = await ok(admin.post('/v1/upgrade-incentive/saveNew', { body: { name: '已停用的激励', level: ids.F3, points: 999 } }));
    await ok(admin.post('/v1/upgrade-incentive/disable', { query: { id: off.id } }));
  });

  const change = (memberId: number, toLevelId: number, cause: 'growth' | 'evaluation' | 'assign' = 'growth') =>
    t.database.db.transaction((tx) => applyLevelChange({ tx, tenantId: tenant.tenantId, memberId, toLevelId, cause, growthValue: 5200 }));

  const changesOf = async (memberId: number) =>
    (
      await t.database.db.execute<{
        from_level_id: number | null;
        to_level_id: number;
        direction: string;
        cause: string;
        incentive_points: number;
        incentive_coupons: string | null;
      }>(
        sql`select from_level_id, to_level_id, direction, cause, incentive_points, incentive_coupons from member_level_changes
      where tenant_id = ${tenant.tenantId} and member_id = ${memberId} order by id`,
      )
    ).rows;

  it('records the change with its cause, moves the member and grants the enabled incentives', async () => {
    const [member] = members;
    // Registration gave the entry level (F1, the lowest-rank free level): assigning it again changes nothing.
    const first = await change(member, ids.F1, 'assign');
    expect(first).toMatchObject({ changed: false, fromLevelId: ids.F1, direction: null, incentivePoints: 0 });
    const up = await change(member, ids.F3);
    expect(up).toMatchObject({
      changed: true,
      fromLevelId: ids.F1,
      toLevelId: ids.F3,
      direction: 'up',
      incentivePoints: 500,
      incentiveCoupons: '洗车券×1',
    });
    expect(await changesOf(member)).toEqual([
      expect.objectContaining({ from_level_id: null, to_level_id: ids.F1, cause: 'register', incentive_points: 0 }),
      expect.objectContaining({
        from_level_id: ids.F1,
        to_level_id: ids.F3,
        direction: 'up',
        cause: 'growth',
        incentive_points: 500,
        incentive_coupons: '洗车券×1',
      }),
    ]);
    expect((await ok(admin.get(`/v1/member/info/${member}`))).level).toBe(ids.F3);
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 500, sum: 500, lots: 500 });
  });

  it('grants once even when called twice, or after dropping and climbing back', async () => {
    const [, member] = members;
    await change(member, ids.F2);
    const [a, b] = await Promise.all([change(member, ids.F3), change(member, ids.F3)]);
    expect([a.changed, b.changed].sort()).toEqual([false, true]);
    const down = await change(member, ids.F2, 'evaluation');
    expect(down).toMatchObject({ direction: 'down', incentivePoints: 0 });
    const again = await change(member, ids.F3);
    expect(again).toMatchObject({ changed: true, direction: 'up', incentivePoints: 0, incentiveCoupons: null });
    expect(await pointsOf({ t, tenant, memberId: member })).toEqual({ balance: 500, sum: 500, lots: 500 });
    const keyed = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from points_entries
      where tenant_id = ${tenant.tenantId} and idempotency_key = ${incentiveKey(member, ids.F3)}`);
    expect(keyed.rows[0].n).toBe(1);
    // The entry level on registration, then F2, F3, down to F2, back to F3.
    expect((await changesOf(member)).map((row) => row.direction)).toEqual(['up', 'up', 'up', 'down', 'up']);
  });

  it('refuses an unknown member, an unknown level and a disabled one', async () => {
    const [, , member] = members;
    await expect(change(987654321, ids.F1)).rejects.toMatchObject({ key: 'levelChange.memberNotFound' });
    await expect(change(member, 987654321)).rejects.toMatchObject({ key: 'levelChange.levelNotFound' });
    await expect(change(member, ids.TMP)).rejects.toMatchObject({ key: 'levelChange.levelDisabled' });
    // Only the entry level given on registration.
    expect((await changesOf(member)).map((row) => row.cause)).toEqual(['register']);
  });
});
