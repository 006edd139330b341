import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewUser, type ApiClient } from '../helpers/fixtures';
import { effectiveTemplate, okData, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { loadActiveActivities, loadActivities } from '../../server/modules/activities/activity.loader';
import { auditedActivity, postSale } from '../helpers/activity-fixtures';
import { newMember } from '../helpers/coupon-fixtures';
import { downloadTaskSheet } from '../helpers/workbooks';

/**
 * The activity declarations through HTTP (resources/promotion, server/modules/activities):
 * a kind's view creates its kind, the hooks' cross-field rules, audit and stop with a reason,
 * permissions per menu entry, and the loader's reading of stored activities for the engine.
 */

let scene: CouponScene;
let admin: ApiClient;
beforeAll(async () => {
  scene = await startCouponScene();
  ({ admin } = scene);
});
afterAll(async () => scene?.t.close());

const WINDOW = { beginTime: '2026-01-01 00:00:00', endTime: '2036-01-01 00:00:00' };
const doubling = (body: Record<string, unknown> = {}) =>
  admin.post('/v1/activity-score-doubling/saveNew', {
    body: { name: 'Weekend double', ...WINDOW, rule: { doublingMultiple: 2 }, ...body },
  });
const fieldsOf = (res: { body: { data?: { fields?: { field: string }[] } } }) => (res.body.data?.fields ?? []).map((f) => f.field);

describe('activities', () => {
  it('creates a kind through its view, numbered AC + 8 digits, in its menu family, INITAIL', async () => {
    const created = await okData<Record<string, unknown>>(doubling({ goodsScope: 'INCLUDE', goods: [scene.catalogue.brandGoods] }));
    expect(created).toMatchObject({ kind: 'SCORE_DOUBLING', family: 'COUPON_ACTIVE', state: 'INITAIL', rule: { doublingMultiple: 2 } });
    expect(created.number).toMatch(/^AC\d{8}$/);
    const listed = await okData<{ records: { id: number }[] }>(admin.post('/v1/activity-family-coupon-active/query', { body: {} }));
    expect(listed.records.map((r) => r.id)).toContain(created.id);
    const birthdays = await okData<{ records: { id: number }[] }>(admin.post('/v1/activity-family-birthday/query', { body: {} }));
    expect(birthdays.records.map((r) => r.id)).not.toContain(created.id);
  });

  it('refuses empty or overlapping time windows, falling ladders, empty listed scopes and empty rewards, naming the field', async () => {
    const instant = await doubling({ dayTimes: [{ from: '12:00', to: '12:00' }] });
    expect(instant.status).toBe(400);
    expect(fieldsOf(instant)).toContain('dayTimes[0].to');
    // A window over midnight is one window; another inside it overlaps.
    expect((await doubling({ dayTimes: [{ from: '22:00', to: '02:00' }] })).body.code).toBe(2000);
    expect(
      fieldsOf(
        await doubling({
          dayTimes: [
            { from: '22:00', to: '02:00' },
            { from: '01:00', to: '03:00' },
          ],
        }),
      ),
    ).toContain('dayTimes[1].from');
    const overlap = await doubling({
      dayTimes: [
        { from: '09:00', to: '12:00' },
        { from: '11:00', to: '13:00' },
      ],
    });
    expect(fieldsOf(overlap)).toContain('dayTimes[1].from');
    const ladder = await admin.post('/v1/activity-amount-extra-points/saveNew', {
      body: {
        name: 'Ladder',
        ...WINDOW,
        rule: {
          amountLadder: {
            tiers: [
              { threshold: 200, points: 20 },
              { threshold: 100, points: 5 },
            ],
          },
        },
      },
    });
    expect(fieldsOf(ladder)).toContain('rule.amountLadder.tiers[1].threshold');
    expect(fieldsOf(await doubling({ goodsScope: 'INCLUDE' }))).toContain('goods');
    const empty = await admin.post('/v1/activity-register-gift/saveNew', {
      body: { name: 'Nothing', ...WINDOW, rule: { rewardPoints: 0 } },
    });
    expect(fieldsOf(empty)).toContain('rule.rewardPoints');
  });

  it('gives coupons of effective templates only', async () => {
    const draft = await okData<{ id: number }>(
      admin.post('/v1/coupon-template/saveNew', { body: { name: 'Draft coupon', lineType: 'all_cash', rule: { cashValue: 5 } } }),
    );
    const refused = await admin.post('/v1/activity-register-gift/saveNew', {
      body: { name: 'Gift', ...WINDOW, rule: { rewardCouponTemplate: draft.id } },
    });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toContain('rule.rewardCouponTemplate');
    const template = await effectiveTemplate(admin);
    const ok = await okData<Record<string, unknown>>(
      admin.post('/v1/activity-register-gift/saveNew', {
        body: { name: 'Gift', ...WINDOW, rule: { rewardCouponTemplate: template, rewardCouponCount: 2 } },
      }),
    );
    expect(ok).toMatchObject({
      kind: 'REGISTER_GIFT',
      family: 'OPEN_CARD',
      rule: { rewardCouponTemplate: template, rewardCouponCount: 2 },
    });
  });

  it("refuses, through an entry's list, a kind of another entry", async () => {
    const res = await admin.post('/v1/activity-family-birthday/saveNew', {
      body: { name: 'Wrong entry', kind: 'SCORE_DOUBLING', ...WINDOW, rule: { doublingMultiple: 2 } },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toContain('kind');
  });

  it('audits once, then refuses edits; stop needs a reason', async () => {
    const { id } = await okData<{ id: number }>(doubling());
    const audited = await okData<Record<string, unknown>>(admin.post('/v1/activity-score-doubling/audit', { query: { id } }));
    expect(audited.state).toBe('PROCESSING');
    expect(audited.auditedAt).toEqual(expect.any(String));
    expect((await admin.post('/v1/activity-score-doubling/audit', { query: { id } })).status).toBe(409);
    const edit = await admin.post('/v1/activity-score-doubling/modify', {
      body: { id, name: 'Renamed', version: audited.version },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(409);
    expect((await admin.post('/v1/activity-score-doubling/stop', { query: { id }, body: { reason: ' ' } })).status).toBe(400);
    const stopped = await okData<Record<string, unknown>>(
      admin.post('/v1/activity-score-doubling/stop', { query: { id }, body: { reason: 'Budget moved' } }),
    );
    expect(stopped.state).toBe('STOPED');
  });

  it('lets each menu entry’s maintainers write its own kinds only', async () => {
    const keeper = await signInNewUser(scene.t, scene.tenant, {
      login: 'birthdays',
      grants: [
        { resourceId: '营销/生日礼', action: '活动查看' },
        { resourceId: '营销/生日礼', action: '配置维护' },
      ],
    });
    const own = await keeper.post('/v1/activity/saveNew', {
      body: { name: 'Birthday', kind: 'BIRTHDAY_GIFT', ...WINDOW, birthdayGives: 'POINTS', rule: { rewardPoints: 100 } },
    });
    expect(own.body.code).toBe(2000);
    const other = await keeper.post('/v1/activity/saveNew', {
      body: { name: 'Double', kind: 'SCORE_DOUBLING', ...WINDOW, rule: { doublingMultiple: 2 } },
    });
    expect(other.status).toBe(403);
    expect((await keeper.post('/v1/activity-score-doubling/query', { body: {} })).status).toBe(403);
    const seen = await okData<{ records: { kind: string }[] }>(keeper.post('/v1/activity/query', { body: {} }));
    expect(new Set(seen.records.map((r) => r.kind))).toEqual(new Set(['BIRTHDAY_GIFT']));
  });

  it('loads the active set (audited, not past its end) and any activity by id for the simulator', async () => {
    const { tenantId } = scene.tenant;
    const template = await effectiveTemplate(admin);
    const active = await okData<{ id: number; number: string }>(
      admin.post('/v1/activity-goods-amount-coupon/saveNew', {
        body: {
          name: 'Spend 100 get a coupon',
          ...WINDOW,
          dayTimes: [{ from: '10:00', to: '14:00' }],
          stores: [scene.catalogue.stores[0]],
          goodsScope: 'INCLUDE',
          goods: [scene.catalogue.brandGoods],
          brands: [scene.catalogue.brand],
          rule: {
            couponThresholdAmount: '100.00',
            couponAmountRepeat: true,
            rewardCouponTemplate: template,
            rewardCouponCount: 1,
            weekdays: [6, 7],
            priority: 3,
          },
          exclusiveGroup: 'spend',
          budget: { totalCoupons: 500 },
        },
      }),
    );
    await okData(admin.post('/v1/activity-goods-amount-coupon/audit', { query: { id: active.id } }));
    const draft = await okData<{ id: number }>(doubling({ name: 'Draft double' }));

    const set = await loadActiveActivities(scene.t.database.db, tenantId);
    const ids = set.map((a) => a.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(draft.id);
    const prepared = set.find((a) => a.id === active.id);
    expect(prepared).toMatchObject({
      number: active.number,
      kind: 'GOODS_AMOUNT_COUPON',
      weekdays: [6, 7],
      dayTimes: [{ from: '10:00', to: '14:00' }],
      storeIds: [scene.catalogue.stores[0]],
      exclusiveGroup: 'spend',
      priority: 3,
      budget: { totalCoupons: 500, totalPoints: null },
      rule: {
        kind: 'GOODS_AMOUNT_COUPON',
        thresholdCents: 10000n,
        repeat: true,
        reward: { points: 0, couponTemplateId: template, couponCount: 1 },
        goods: { mode: 'INCLUDE', categoryCodes: [] },
      },
    });
    expect(prepared?.rule).toMatchObject({ goods: { goodsCodes: [expect.any(String)], brandCodes: [expect.any(String)] } });

    const byId = await loadActivities(scene.t.database.db, tenantId, [draft.id, 999999]);
    expect(byId.map((a) => [a.id, a.kind])).toEqual([[draft.id, 'SCORE_DOUBLING']]);
    // Another tenant's activities are never loaded.
    expect(await loadActivities(scene.t.database.db, tenantId + 1000, [draft.id])).toEqual([]);
  });

  it('saves the points settings through to the ledger’s rule row, which the next sale reads', async () => {
    const before = await okData<{ version: number; yuanPerPoint: number; expiryMode: string }>(admin.get('/v1/score-init/get'));
    expect(before).toMatchObject({ yuanPerPoint: 1, expiryMode: 'never' });
    const saved = await okData<Record<string, unknown>>(
      admin.post('/v1/score-init/save', { body: { version: before.version, yuanPerPoint: '2.50', expiryMode: 'months', expiryMonths: 6 } }),
    );
    expect(saved).toMatchObject({ yuanPerPoint: 2.5, expiryMode: 'months', expiryMonths: 6 });
    const row = await scene.t.database.pool.query(
      'select yuan_per_point, expiry_mode, expiry_months from points_settings where tenant_id = $1',
      [scene.tenant.tenantId],
    );
    expect(row.rows[0]).toEqual({ yuan_per_point: '2.50', expiry_mode: 'months', expiry_months: 6 });
    const refused = await admin.post('/v1/score-init/save', { body: { version: saved.version, yuanPerPoint: 0 } });
    expect(fieldsOf(refused)).toContain('yuanPerPoint');
  });

  it('exports the evaluation by day through the file centre, as the evaluation answers it', async () => {
    const product = await okData<{ code: string }>(admin.get(`/v1/product/info/${scene.catalogue.plainGoods}`));
    const doubled = await auditedActivity(scene, 'SCORE_DOUBLING', { rule: { doublingMultiple: 2 }, goodsScope: 'ALL' });
    const member = await newMember(admin);
    await postSale(admin, { memberId: member, lines: [{ goodsCode: product.code, quantity: 1, amount: '30.00' }] });
    const evaluation = await okData<{ summary: { transactions: number; points: number }; byDay: { day: string; points: number }[] }>(
      admin.post('/v1/activities/evaluation', { body: { activityId: doubled.id } }),
    );
    expect(evaluation.summary).toMatchObject({ transactions: 1 });
    const { taskId } = await okData<{ taskId: number }>(
      admin.post('/v1/activities/evaluation/export', { body: { activityId: doubled.id }, headers: { locale: 'en_US' } }),
    );
    const task = await okData<Record<string, unknown>>(admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ module: 'reports', direction: 'export', state: 'succeeded', total: evaluation.byDay.length });
    const [header, ...rows] = await downloadTaskSheet({ app: scene.t.app, client: admin, taskId, locale: 'en_US' });
    expect(header).toEqual(['Day', 'Participants', 'Transactions', 'Points given', 'Coupons given', 'Sales driven (yuan)']);
    expect(rows.map((row) => [row[0], row[3]])).toEqual(evaluation.byDay.map((d) => [d.day, d.points]));
  });

  it('shows on the points settings screen what the ledger held before the screen existed (the backfill)', async () => {
    const { tenantId } = scene.tenant;
    const pool = scene.t.database.pool;
    // As a tenant whose rule predates the screen: a ledger row, no screen row; the backfill migration runs again.
    await pool.query('delete from points_rule_settings where tenant_id = $1', [tenantId]);
    await pool.query(
      `insert into points_settings (tenant_id, yuan_per_point, expiry_mode, expiry_months) values ($1, '3.00', 'yearEnd', 12)
       on conflict (tenant_id) do update set yuan_per_point = '3.00', expiry_mode = 'yearEnd'`,
      [tenantId],
    );
    const folder = new URL('../../server/db/migrations/', import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith('_points-rule-settings-backfill.sql'));
    const backfill = readFileSync(new URL(file!, folder), 'utf8');
    await pool.query(backfill);
    expect(await okData(admin.get('/v1/score-init/get'))).toMatchObject({ yuanPerPoint: 3, expiryMode: 'yearEnd' });
  });
});

describe('marketing centres', () => {
  it('lets a user limited to one centre audit, stop, change and delete only that centre’s activities (issue 24 §5)', async () => {
    const centre = async (code: string) =>
      okData<{ id: number }>(admin.post('/v1/marketing-center/saveNew', { body: { code, name: `Centre ${code}` } }));
    const own = await centre(`MO${Date.now() % 100000}`);
    const other = await centre(`MX${Date.now() % 100000}`);
    const promoter = await signInNewUser(scene.t, scene.tenant, {
      login: 'centre-activity-writer',
      grants: [
        { resourceId: '营销/消费奖励', action: '活动查看' },
        { resourceId: '营销/消费奖励', action: '配置维护' },
      ],
      marketingCenterIds: [own.id],
    });
    const theirs = await okData<{ id: number; version: number }>(doubling({ name: 'Other centre', marketingCenter: other.id }));
    const ours = await okData<{ id: number; version: number }>(doubling({ name: 'Own centre', marketingCenter: own.id }));
    const refused = [
      await promoter.post('/v1/activity-score-doubling/audit', { query: { id: theirs.id } }),
      await promoter.post('/v1/activity-score-doubling/modify', { body: { id: theirs.id, version: theirs.version, name: 'Taken' } }),
      await promoter.post('/v1/activity-score-doubling/delete', { query: { id: theirs.id } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404]);
    await okData(admin.post('/v1/activity-score-doubling/audit', { query: { id: theirs.id } }));
    const stop = await promoter.post('/v1/activity-score-doubling/stop', { query: { id: theirs.id }, body: { reason: 'Not mine' } });
    expect(stop.status).toBe(404);
    expect(await okData(admin.get(`/v1/activity-score-doubling/info/${theirs.id}`))).toMatchObject({
      name: 'Other centre',
      state: 'PROCESSING',
    });
    // Their own centre's activity they run as before.
    expect(await okData(promoter.post('/v1/activity-score-doubling/audit', { query: { id: ours.id } }))).toMatchObject({
      state: 'PROCESSING',
    });
    expect(
      await okData(promoter.post('/v1/activity-score-doubling/stop', { query: { id: ours.id }, body: { reason: 'Mine' } })),
    ).toMatchObject({ state: 'STOPED' });
  });
});
